/**
 * The battlefield: flat-topped hexes in axial coordinates (q, r), laid out as
 * W columns × H rows in "odd-q" offset (odd columns sit half a hex lower).
 * Blue's edge is row 0 (north), Red's the far edge (south). The objective is
 * the centre hex, and the map keeps only the hexes whose point reflection
 * through the centre is also on the map, so the battlefield is exactly
 * symmetric for both sides (ruling AAM-R20).
 *
 * Everything a game asks of the map is a table lookup: neighbours, distances
 * and line of sight are precomputed into typed arrays once per map (and cached
 * per terrain + LOS ruling), so playing allocates nothing.
 */

export const T_CLEAR = 0, T_FOREST = 1, T_HILL = 2, T_TOWN = 3;
export const TERRAIN_NAMES = ['clear', 'forest', 'hill', 'town'] as const;
export const TERRAIN_CHARS = '.FHT';

/** Axial directions of a flat-topped hex: N, NE, SE, S, SW, NW. */
export const DIR_Q = [0, 1, 1, 0, -1, -1];
export const DIR_R = [-1, -1, 0, 1, 1, 0];
export const DIR_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
export const DIR_N = 0, DIR_S = 3;
/** {@link HexMap.seen} of two hexes more than 1 apart without line of sight (above any distance a map has). */
export const NOT_SEEN = 255;

/** Offset (col, row) → axial q, r for odd-q. */
export function axialQ(col: number, _row: number): number {
  return col;
}
export function axialR(col: number, row: number): number {
  return row - ((col - (col & 1)) >> 1);
}

/** Hex distance in axial coordinates. */
export function axialDistance(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) >> 1;
}

export class HexMap {
  readonly n: number;
  readonly width: number;
  readonly height: number;
  /** Offset coordinates and axial coordinates of each hex index. */
  readonly col: Int16Array;
  readonly row: Int16Array;
  readonly q: Int16Array;
  readonly r: Int16Array;
  readonly terrain: Uint8Array;
  /** neighbours[h * 6 + d], −1 off the map. */
  readonly neighbours: Int16Array;
  /** Hex index of the reflection through the centre. */
  readonly mirror: Int16Array;
  /** dist[a * n + b]. */
  readonly distance: Uint8Array;
  /** The largest distance between two hexes of the map. */
  readonly maxDistance: number;
  /** los[a * n + b] = 1 when a sees b. */
  readonly sight: Uint8Array;
  /**
   * seen[a * n + b]: the distance from a to b where an attack can be traced (adjacent, or a sees b), else
   * {@link NOT_SEEN} — one lookup for both the distance and the line of sight of a ground attack. Symmetric, as
   * {@link distance} and {@link sight} are.
   */
  readonly seen: Uint8Array;
  readonly centre: number;
  /** (col,row) → hex index, −1 when off the map. */
  private readonly byOffset: Int16Array;

  /**
   * @param terrainOf terrain of the rectangle cell (col, row) before trimming.
   * @param hillsBlock whether a hill between two units blocks line of sight unless one of them is on a hill (ruling AAM-R05).
   */
  constructor(width: number, height: number, terrainOf: (col: number, row: number) => number, hillsBlock: boolean) {
    this.width = width;
    this.height = height;
    const cc = width >> 1, cr = (height - 1) >> 1;
    const cq = axialQ(cc, cr), crr = axialR(cc, cr);
    const inRect = (q: number, r: number): boolean => {
      const col = q;
      if (col < 0 || col >= width) return false;
      const row = r + ((col - (col & 1)) >> 1);
      return row >= 0 && row < height;
    };
    const keep: number[] = [];
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        const q = axialQ(col, row), r = axialR(col, row);
        if (inRect(2 * cq - q, 2 * crr - r)) keep.push(row * width + col);
      }
    }
    const n = keep.length;
    this.n = n;
    this.col = new Int16Array(n);
    this.row = new Int16Array(n);
    this.q = new Int16Array(n);
    this.r = new Int16Array(n);
    this.terrain = new Uint8Array(n);
    this.byOffset = new Int16Array(width * height).fill(-1);
    keep.forEach((cell, i) => {
      const col = cell % width, row = (cell - col) / width;
      this.col[i] = col;
      this.row[i] = row;
      this.q[i] = axialQ(col, row);
      this.r[i] = axialR(col, row);
      this.terrain[i] = terrainOf(col, row);
      this.byOffset[cell] = i;
    });
    this.centre = this.at(cc, cr);
    this.neighbours = new Int16Array(n * 6);
    this.mirror = new Int16Array(n);
    for (let h = 0; h < n; h++) {
      for (let d = 0; d < 6; d++) this.neighbours[h * 6 + d] = this.atAxial(this.q[h] + DIR_Q[d], this.r[h] + DIR_R[d]);
      this.mirror[h] = this.atAxial(2 * cq - this.q[h], 2 * crr - this.r[h]);
    }
    this.distance = new Uint8Array(n * n);
    let maxDistance = 0;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const d = axialDistance(this.q[b] - this.q[a], this.r[b] - this.r[a]);
        this.distance[a * n + b] = d;
        if (d > maxDistance) maxDistance = d;
      }
    }
    this.maxDistance = maxDistance;
    this.sight = new Uint8Array(n * n);
    this.computeSight(hillsBlock);
    this.seen = new Uint8Array(n * n);
    for (let i = 0; i < n * n; i++) this.seen[i] = this.distance[i] <= 1 || this.sight[i] === 1 ? this.distance[i] : NOT_SEEN;
  }

  /** Hex index of offset (col, row), −1 off the map. */
  at(col: number, row: number): number {
    if (col < 0 || col >= this.width || row < 0 || row >= this.height) return -1;
    return this.byOffset[row * this.width + col];
  }

  atAxial(q: number, r: number): number {
    const col = q;
    if (col < 0 || col >= this.width) return -1;
    return this.at(col, r + ((col - (col & 1)) >> 1));
  }

  dist(a: number, b: number): number {
    return this.distance[a * this.n + b];
  }

  los(a: number, b: number): boolean {
    return this.sight[a * this.n + b] === 1;
  }

  /** "c,r" for logs. */
  label(h: number): string {
    return `${this.col[h]},${this.row[h]}`;
  }

  /**
   * Is `from` in the front arc of a vehicle at `at` facing `dir`? The front arc
   * is the half-plane ahead of the hex centre; a hex exactly abeam counts as
   * front (ruling AAM-R23). The dot product uses the scaled pixel coordinates
   * X = q, Y = 2r + q of flat-topped hexes: dot ∝ 3·X·X' + Y·Y'.
   */
  inFrontArc(at: number, dir: number, from: number): boolean {
    const dq = this.q[from] - this.q[at], dr = this.r[from] - this.r[at];
    const X = dq, Y = 2 * dr + dq;
    const fX = DIR_Q[dir], fY = 2 * DIR_R[dir] + DIR_Q[dir];
    return 3 * X * fX + Y * fY >= 0;
  }

  /** The facing (0..5) whose direction best points from `at` towards `to`. */
  directionTowards(at: number, to: number): number {
    const dq = this.q[to] - this.q[at], dr = this.r[to] - this.r[at];
    const X = dq, Y = 2 * dr + dq;
    let best = 0, bestDot = -Infinity;
    for (let d = 0; d < 6; d++) {
      const dot = 3 * X * DIR_Q[d] + Y * (2 * DIR_R[d] + DIR_Q[d]);
      if (dot > bestDot) {
        bestDot = dot;
        best = d;
      }
    }
    return best;
  }

  /**
   * Line of sight (ruling AAM-R22): forest and town hexes strictly between the
   * two units block it; hills block it unless either end is on a hill (when
   * `hillsBlock`); the terrain of the two end hexes never blocks. The line is
   * traced between hex centres twice, nudged to either side; a line running
   * exactly along a hexside is blocked only if both sides are.
   */
  private computeSight(hillsBlock: boolean): void {
    const n = this.n;
    for (let a = 0; a < n; a++) {
      this.sight[a * n + a] = 1;
      for (let b = a + 1; b < n; b++) {
        const ok = !(this.traceBlocked(a, b, 1e-6, hillsBlock) && this.traceBlocked(a, b, -1e-6, hillsBlock));
        const v = ok ? 1 : 0;
        this.sight[a * n + b] = v;
        this.sight[b * n + a] = v;
      }
    }
  }

  private blocks(h: number, endsOnHill: boolean, hillsBlock: boolean): boolean {
    const t = this.terrain[h];
    return t === T_FOREST || t === T_TOWN || (t === T_HILL && hillsBlock && !endsOnHill);
  }

  private traceBlocked(a: number, b: number, eps: number, hillsBlock: boolean): boolean {
    const N = this.dist(a, b);
    if (N <= 1) return false;
    const endsOnHill = this.terrain[a] === T_HILL || this.terrain[b] === T_HILL;
    const qa = this.q[a] + eps, ra = this.r[a] + 2 * eps;
    const qb = this.q[b] + eps, rb = this.r[b] + 2 * eps;
    for (let i = 1; i < N; i++) {
      const t = i / N;
      const fq = qa + (qb - qa) * t, fr = ra + (rb - ra) * t, fs = -fq - fr;
      let rq = Math.round(fq), rr = Math.round(fr);
      const rs = Math.round(fs);
      const dq = Math.abs(rq - fq), dr = Math.abs(rr - fr), ds = Math.abs(rs - fs);
      if (dq > dr && dq > ds) rq = -rr - rs;
      else if (dr > ds) rr = -rq - rs;
      const h = this.atAxial(rq, rr);
      if (h >= 0 && h !== a && h !== b && this.blocks(h, endsOnHill, hillsBlock)) return true;
    }
    return false;
  }
}

/** Parse terrain rows ('.', 'F', 'H', 'T'), row 0 first; missing cells are clear. */
export function terrainFromRows(rows: readonly string[]): (col: number, row: number) => number {
  return (col, row) => {
    const line = rows[row];
    if (!line || col >= line.length) return T_CLEAR;
    const t = TERRAIN_CHARS.indexOf(line[col]);
    return t < 0 ? T_CLEAR : t;
  };
}

/**
 * Is offset (col, row) on a W × H battlefield (inside the rectangle and with
 * its reflection through the centre inside too)? Cheap: no tables are built.
 */
export function hexOnMap(width: number, height: number, col: number, row: number): boolean {
  const inRect = (q: number, r: number): boolean => {
    if (q < 0 || q >= width) return false;
    const rw = r + ((q - (q & 1)) >> 1);
    return rw >= 0 && rw < height;
  };
  const cc = width >> 1, cr = (height - 1) >> 1;
  const q = axialQ(col, row), r = axialR(col, row);
  return inRect(q, r) && inRect(2 * axialQ(cc, cr) - q, 2 * axialR(cc, cr) - r);
}

const cache = new Map<string, HexMap>();

/**
 * The map for a battlefield, built once per (size, terrain, LOS ruling) and
 * shared by every runner in the thread. With `mirror`, the terrain of every
 * hex in Blue's half is copied onto its reflection in Red's half.
 */
export function buildMap(width: number, height: number, rows: readonly string[], mirror: boolean, hillsBlock: boolean): HexMap {
  const key = `${width}x${height}|${mirror ? 'm' : ''}|${hillsBlock ? 'h' : ''}|${rows.join('/')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let map = new HexMap(width, height, terrainFromRows(rows), hillsBlock);
  if (mirror) {
    const t = new Uint8Array(map.n);
    for (let h = 0; h < map.n; h++) {
      const m = map.mirror[h];
      // The source of each pair is the hex nearer Blue's edge (smaller row, then smaller column).
      const src = map.row[h] < map.row[m] || (map.row[h] === map.row[m] && map.col[h] <= map.col[m]) ? h : m;
      t[h] = map.terrain[src];
    }
    const src = map;
    map = new HexMap(width, height, (col, row) => t[src.at(col, row)] ?? T_CLEAR, hillsBlock);
  }
  if (cache.size > 16) cache.delete(cache.keys().next().value!);
  cache.set(key, map);
  return map;
}
