/**
 * Table geometry for robot-skirmish: a flat rectangle in one length unit,
 * axis-aligned terrain rectangles (blocking or hindering), round bases.
 * Plain numbers and typed arrays; nothing here allocates per call.
 */
import { T_BLOCK, type ArmyDef, type TableDef } from './config.js';
import type { Catalogue } from './catalogue.js';
import { t } from '../../i18n/t.js';

const EPS = 1e-9;

/**
 * Fraction of the segment (x1,y1)→(x2,y2) inside the rectangle [rx, rx+rw] × [ry, ry+rh]
 * (Liang–Barsky clipping); 0 when it misses. A degenerate segment counts 1 if its point is inside.
 */
export function segRectFraction(x1: number, y1: number, x2: number, y2: number, rx: number, ry: number, rw: number, rh: number): number {
  const a = CLIP;
  a[0] = x1;
  a[1] = y1;
  a[2] = x2;
  a[3] = y2;
  a[4] = rx;
  a[5] = ry;
  a[6] = rw;
  a[7] = rh;
  clipFraction(a);
  return a[8];
}

/**
 * Scratch of {@link clipFraction}: x1, y1, x2, y2, rx, ry, rw, rh, then the fraction. Hot loops fill it
 * and call clipFraction directly, so no number is boxed per call when it is not inlined.
 */
export const CLIP = new Float64Array(9);

/** {@link segRectFraction} of the segment and rectangle in `a` (see CLIP), into a[8] (Liang–Barsky). */
export function clipFraction(a: Float64Array): void {
  const x1 = a[0], y1 = a[1], x2 = a[2], y2 = a[3], rx = a[4], ry = a[5], rw = a[6], rh = a[7];
  const dx = x2 - x1, dy = y2 - y1;
  let t0 = 0, t1 = 1;
  a[8] = 0;
  // Each edge: p·t ≤ q.
  for (let e = 0; e < 4; e++) {
    const p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
    const q = e === 0 ? x1 - rx : e === 1 ? rx + rw - x1 : e === 2 ? y1 - ry : ry + rh - y1;
    if (Math.abs(p) < EPS) {
      if (q < 0) return;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return;
      if (r < t1) t1 = r;
    }
  }
  if (Math.abs(dx) < EPS && Math.abs(dy) < EPS) a[8] = 1;
  else a[8] = t1 > t0 ? t1 - t0 : 0;
}

/** Does the segment cross the rectangle (touching an edge does not count)? */
export function segHitsRect(x1: number, y1: number, x2: number, y2: number, rx: number, ry: number, rw: number, rh: number): boolean {
  // Shrink by a hair so grazing an edge or a corner is not a hit.
  return segRectFraction(x1, y1, x2, y2, rx + 1e-7, ry + 1e-7, rw - 2e-7, rh - 2e-7) > 1e-9;
}

/** Squared distance from point (px,py) to the segment (x1,y1)→(x2,y2). */
export function segPointDist2(x1: number, y1: number, x2: number, y2: number, px: number, py: number): number {
  const dx = x2 - x1, dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  let t = len2 > EPS ? ((px - x1) * dx + (py - y1) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = x1 + t * dx - px, ey = y1 + t * dy - py;
  return ex * ex + ey * ey;
}

/** The table's terrain as flat arrays, with the geometric queries the rules need. */
export class Table {
  readonly width: number;
  readonly height: number;
  readonly gap: number;
  readonly n: number;
  readonly kind: Int8Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly w: Float64Array;
  readonly h: Float64Array;
  /** Indices of the blocking pieces and of the hindering pieces, in terrain order. */
  readonly blockIdx: Int32Array;
  readonly hinderIdx: Int32Array;
  /** Scratch of {@link pathCostSeg}: x1, y1, x2, y2, cost. */
  readonly seg = new Float64Array(5);

  constructor(t: TableDef) {
    this.width = t.width;
    this.height = t.height;
    this.gap = t.contactGap;
    this.n = t.terrain.length;
    this.kind = Int8Array.from(t.terrain, (p) => p.kind);
    this.x = Float64Array.from(t.terrain, (p) => p.x);
    this.y = Float64Array.from(t.terrain, (p) => p.y);
    this.w = Float64Array.from(t.terrain, (p) => p.w);
    this.h = Float64Array.from(t.terrain, (p) => p.h);
    this.blockIdx = Int32Array.from(t.terrain.flatMap((p, i) => (p.kind === T_BLOCK ? [i] : [])));
    this.hinderIdx = Int32Array.from(t.terrain.flatMap((p, i) => (p.kind === T_BLOCK ? [] : [i])));
  }

  /**
   * Pieces of `idx` (first `m`) whose rectangle meets the box [minX, maxX] × [minY, maxY], into `out`
   * in the same order; returns the count. A query whose every segment or base lies well inside the
   * box (a margin wider than the base radius) gives the same answer over `out` as over `idx`.
   */
  selectNear(idx: Int32Array, m: number, minX: number, minY: number, maxX: number, maxY: number, out: Int32Array): number {
    const seg = this.seg;
    seg[0] = minX;
    seg[1] = minY;
    seg[2] = maxX;
    seg[3] = maxY;
    return this.selectNearSeg(idx, m, out);
  }

  /** {@link selectNear} of the box (seg[0], seg[1]) – (seg[2], seg[3]); boxes no number. */
  selectNearSeg(idx: Int32Array, m: number, out: Int32Array): number {
    const seg = this.seg;
    const minX = seg[0], minY = seg[1], maxX = seg[2], maxY = seg[3];
    let k = 0;
    for (let j = 0; j < m; j++) {
      const i = idx[j];
      if (maxX < this.x[i] || minX > this.x[i] + this.w[i] || maxY < this.y[i] || minY > this.y[i] + this.h[i]) continue;
      out[k++] = i;
    }
    return k;
  }

  /** Is a base of radius r centred at (px,py) on the table? */
  inBounds(px: number, py: number, r: number): boolean {
    return px >= r - EPS && py >= r - EPS && px <= this.width - r + EPS && py <= this.height - r + EPS;
  }

  /** Does a base of radius r at (px,py) overlap blocking terrain? */
  onBlocking(px: number, py: number, r: number): boolean {
    const idx = this.blockIdx;
    for (let j = 0; j < idx.length; j++) if (this.pointRectDist2(px, py, idx[j]) < r * r - 1e-7) return true;
    return false;
  }

  /** Does the base at (seg[0], seg[1]) of radius seg[2] overlap one of the blocking pieces `idx` (first `m`)? Boxes no number. */
  onBlockingSeg(idx: Int32Array, m: number): boolean {
    const seg = this.seg;
    const px = seg[0], py = seg[1], r = seg[2];
    for (let j = 0; j < m; j++) if (this.pointRectDist2(px, py, idx[j]) < r * r - 1e-7) return true;
    return false;
  }

  /**
   * Does a base of radius r sweeping (x1,y1)→(x2,y2) touch blocking terrain?
   * When the segment misses a rectangle, their distance is reached at a
   * segment end or at a rectangle corner, so those six distances decide.
   */
  pathBlocked(x1: number, y1: number, x2: number, y2: number, r: number): boolean {
    this.loadSeg(x1, y1, x2, y2, r);
    return this.pathBlockedSeg(this.blockIdx, this.blockIdx.length);
  }

  /** Fill `seg` with a segment (x1, y1) → (x2, y2) and a radius. */
  private loadSeg(x1: number, y1: number, x2: number, y2: number, r: number): void {
    const seg = this.seg;
    seg[0] = x1;
    seg[1] = y1;
    seg[2] = x2;
    seg[3] = y2;
    seg[4] = r;
  }

  /** {@link pathBlocked} of the sweep (seg[0], seg[1]) → (seg[2], seg[3]) of radius seg[4] over the blocking pieces `idx` (first `m`); boxes no number. */
  pathBlockedSeg(idx: Int32Array, m: number): boolean {
    const seg = this.seg;
    const x1 = seg[0], y1 = seg[1], x2 = seg[2], y2 = seg[3], r = seg[4];
    for (let j = 0; j < m; j++) {
      const i = idx[j];
      const rx = this.x[i], ry = this.y[i], rw = this.w[i], rh = this.h[i];
      // Quick reject: the segment's bounding box grown by r misses the rectangle.
      if (Math.max(x1, x2) + r <= rx || Math.min(x1, x2) - r >= rx + rw || Math.max(y1, y2) + r <= ry || Math.min(y1, y2) - r >= ry + rh) continue;
      if (this.sweepTouches(i)) return true;
    }
    return false;
  }

  /** Does the sweep in `seg` (see pathBlockedSeg) touch piece i? Past the quick reject; reads its numbers from `seg`. */
  private sweepTouches(i: number): boolean {
    const seg = this.seg;
    const x1 = seg[0], y1 = seg[1], x2 = seg[2], y2 = seg[3], r = seg[4];
    const r2 = r * r - 1e-7;
    const rx = this.x[i], ry = this.y[i], rw = this.w[i], rh = this.h[i];
    CLIP[0] = x1;
    CLIP[1] = y1;
    CLIP[2] = x2;
    CLIP[3] = y2;
    if (this.clipHits(i)) return true;
    if (this.pointRectDist2(x1, y1, i) < r2 || this.pointRectDist2(x2, y2, i) < r2) return true;
    return segPointDist2(x1, y1, x2, y2, rx, ry) < r2 || segPointDist2(x1, y1, x2, y2, rx + rw, ry) < r2
      || segPointDist2(x1, y1, x2, y2, rx, ry + rh) < r2 || segPointDist2(x1, y1, x2, y2, rx + rw, ry + rh) < r2;
  }

  private pointRectDist2(px: number, py: number, i: number): number {
    const cx = px < this.x[i] ? this.x[i] : px > this.x[i] + this.w[i] ? this.x[i] + this.w[i] : px;
    const cy = py < this.y[i] ? this.y[i] : py > this.y[i] + this.h[i] ? this.y[i] + this.h[i] : py;
    const dx = px - cx, dy = py - cy;
    return dx * dx + dy * dy;
  }

  /** Movement cost of a ground move along the segment: its length, doubled inside hindering terrain (ruling RS-F05). */
  pathCost(x1: number, y1: number, x2: number, y2: number): number {
    return this.pathCostIn(this.hinderIdx, this.hinderIdx.length, x1, y1, x2, y2);
  }

  /** {@link pathCost} over the hindering pieces `idx` (first `m`, in terrain order: the sum is taken in that order). */
  pathCostIn(idx: Int32Array, m: number, x1: number, y1: number, x2: number, y2: number): number {
    const seg = this.seg;
    seg[0] = x1;
    seg[1] = y1;
    seg[2] = x2;
    seg[3] = y2;
    this.pathCostSeg(idx, m);
    return seg[4];
  }

  /**
   * {@link pathCostIn} of the segment in `seg` (x1, y1, x2, y2) into seg[4]: for hot callers, which then
   * box no number per call.
   */
  pathCostSeg(idx: Int32Array, m: number): void {
    const seg = this.seg;
    const x1 = seg[0], y1 = seg[1], x2 = seg[2], y2 = seg[3];
    const dx = x2 - x1, dy = y2 - y1;
    const clip = CLIP;
    clip[0] = x1;
    clip[1] = y1;
    clip[2] = x2;
    clip[3] = y2;
    const len = Math.sqrt(dx * dx + dy * dy);
    const minX = x1 < x2 ? x1 : x2, maxX = x1 < x2 ? x2 : x1, minY = y1 < y2 ? y1 : y2, maxY = y1 < y2 ? y2 : y1;
    let extra = 0;
    for (let j = 0; j < m; j++) {
      const i = idx[j];
      if (maxX <= this.x[i] || minX >= this.x[i] + this.w[i] || maxY <= this.y[i] || minY >= this.y[i] + this.h[i]) continue;
      clip[4] = this.x[i];
      clip[5] = this.y[i];
      clip[6] = this.w[i];
      clip[7] = this.h[i];
      clipFraction(clip);
      extra += clip[8];
    }
    seg[4] = len * (1 + extra);
  }

  /** Is the ray free of blocking terrain? */
  clearOfBlocking(x1: number, y1: number, x2: number, y2: number): boolean {
    CLIP[0] = x1;
    CLIP[1] = y1;
    CLIP[2] = x2;
    CLIP[3] = y2;
    return this.clearClip();
  }

  /** {@link clearOfBlocking} of the ray in CLIP[0..3]. */
  private clearClip(): boolean {
    const x1 = CLIP[0], y1 = CLIP[1], x2 = CLIP[2], y2 = CLIP[3];
    const minX = x1 < x2 ? x1 : x2, maxX = x1 < x2 ? x2 : x1, minY = y1 < y2 ? y1 : y2, maxY = y1 < y2 ? y2 : y1;
    const idx = this.blockIdx;
    for (let j = 0; j < idx.length; j++) {
      const i = idx[j];
      if (maxX <= this.x[i] || minX >= this.x[i] + this.w[i] || maxY <= this.y[i] || minY >= this.y[i] + this.h[i]) continue;
      if (this.clipHits(i)) return false;
    }
    return true;
  }

  /** {@link segHitsRect} of the ray in CLIP[0..3] and piece i (CLIP[4..8] overwritten). */
  private clipHits(i: number): boolean {
    CLIP[4] = this.x[i] + 1e-7;
    CLIP[5] = this.y[i] + 1e-7;
    CLIP[6] = this.w[i] - 2e-7;
    CLIP[7] = this.h[i] - 2e-7;
    clipFraction(CLIP);
    return CLIP[8] > 1e-9;
  }

  /** Does any terrain piece (blocking or hindering) lie across the ray? */
  terrainAcross(x1: number, y1: number, x2: number, y2: number): boolean {
    CLIP[0] = x1;
    CLIP[1] = y1;
    CLIP[2] = x2;
    CLIP[3] = y2;
    return this.terrainAcrossClip();
  }

  /** {@link terrainAcross} of the ray in CLIP[0..3]; boxes no number. */
  terrainAcrossClip(): boolean {
    const x1 = CLIP[0], y1 = CLIP[1], x2 = CLIP[2], y2 = CLIP[3];
    const minX = x1 < x2 ? x1 : x2, maxX = x1 < x2 ? x2 : x1, minY = y1 < y2 ? y1 : y2, maxY = y1 < y2 ? y2 : y1;
    for (let i = 0; i < this.n; i++) {
      if (maxX <= this.x[i] || minX >= this.x[i] + this.w[i] || maxY <= this.y[i] || minY >= this.y[i] + this.h[i]) continue;
      if (this.clipHits(i)) return true;
    }
    return false;
  }

  /**
   * 射線: a line of fire from (sx,sy) to a base of radius tr at (tx,ty) exists when
   * one of three rays — to its centre and to both sides (±0.9 r across the line)
   * — is free of blocking terrain (ruling RS-F06).
   */
  lineOfFire(sx: number, sy: number, tx: number, ty: number, tr: number): boolean {
    this.loadSeg(sx, sy, tx, ty, tr);
    return this.lineOfFireSeg();
  }

  /** {@link lineOfFire} from (seg[0], seg[1]) to a base of radius seg[4] at (seg[2], seg[3]); boxes no number. */
  lineOfFireSeg(): boolean {
    const seg = this.seg;
    const sx = seg[0], sy = seg[1], tx = seg[2], ty = seg[3], tr = seg[4];
    CLIP[0] = sx;
    CLIP[1] = sy;
    CLIP[2] = tx;
    CLIP[3] = ty;
    if (this.clearClip()) return true;
    const dx = tx - sx, dy = ty - sy;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len < EPS) return true;
    const ox = (-dy / len) * tr * 0.9, oy = (dx / len) * tr * 0.9;
    CLIP[2] = tx + ox;
    CLIP[3] = ty + oy;
    if (this.clearClip()) return true;
    CLIP[2] = tx - ox;
    CLIP[3] = ty - oy;
    return this.clearClip();
  }
}

/**
 * Deployment of an army on side `side` (0 near y = 0, 1 near y = height): the
 * units' `at` points, or an automatic line `deployDepth` from the own edge,
 * centred, `deploySpacing` apart. Side 1 is the point reflection of side 0
 * (mirrored table). Writes into xs/ys from index `offset`.
 */
export function deployPositions(table: TableDef, army: ArmyDef, side: number, xs: Float64Array, ys: Float64Array, offset: number): void {
  const n = army.units.length;
  for (let i = 0; i < n; i++) {
    const u = army.units[i];
    let x: number, y: number;
    if (u.at) {
      x = u.at[0];
      y = u.at[1];
    } else {
      x = table.width / 2 + (i - (n - 1) / 2) * table.deploySpacing;
      y = table.deployDepth;
    }
    if (side === 1) {
      x = table.width - x;
      y = table.height - y;
    }
    xs[offset + i] = x;
    ys[offset + i] = y;
  }
}

/** Problems with an army's deployment on a table (off the table, on blocking terrain, bases overlapping); empty when fine. */
export function deploymentProblems(table: TableDef, army: ArmyDef, cat: Catalogue): string[] {
  const xs = new Float64Array(army.units.length), ys = new Float64Array(army.units.length);
  deployPositions(table, army, 0, xs, ys, 0);
  const tab = new Table(table);
  const out: string[] = [];
  army.units.forEach((u, i) => {
    const r = cat.sizes[u.forms[0].size].radius;
    if (!tab.inBounds(xs[i], ys[i], r)) out.push(t('robotCompile.unitOffTable', { name: u.name, x: xs[i].toFixed(1), y: ys[i].toFixed(1), width: table.width, height: table.height }));
    else if (tab.onBlocking(xs[i], ys[i], r)) out.push(t('robotCompile.unitStandsBlockingTerrain', { name: u.name, x: xs[i].toFixed(1), y: ys[i].toFixed(1) }));
    for (let j = 0; j < i; j++) {
      const rj = cat.sizes[army.units[j].forms[0].size].radius;
      const d = Math.hypot(xs[i] - xs[j], ys[i] - ys[j]);
      if (d < r + rj - 1e-7) out.push(t('robotCompile.unitsOverlapDeploymentApart', { name: army.units[j].name, name2: u.name, d: d.toFixed(1), value: (r + rj).toFixed(1) }));
    }
  });
  return out;
}
