/**
 * Where a unit can move (seed 002 §移動フェイズ「各ユニットはスピード値と同じ数の
 * へクスまで移動出来ます」, §突撃フェイズ; rulings AAM-R11, AAM-R24): Dial's
 * search over the small integer terrain costs, entering a hex with an enemy
 * ending the move.
 *
 * The hexes reached from a start hex depend on an enemy only when the search expands the enemy's hex (entering it
 * ends the move; every other hex is read alike). The enemy-free search expands exactly the hexes it reaches at a cost
 * below the speed (their least costs: the search is Dial's, exact below the speed), and a search with enemies runs
 * step for step as the enemy-free one until it expands an enemy hex: so with no enemy among those hexes it returns the
 * same hexes in the same order, and otherwise its result is a function of which of those hexes hold an enemy.
 *
 * Both are kept: the enemy-free search of each (start, speed, kind) once per thread, with the set of hexes it expands
 * as a bitset; a search with enemies by (start, speed, kind, the enemy hexes among those) in {@link BlockedSearches}.
 * All hex lists are 16-bit (maps have at most 60 × 60 hexes), packed in typed arrays read in order.
 */
import type { HexMap } from './hexmap.js';
import { BlockedSearches } from './reach-memo.js';

const INF = 127;
/** Speeds whose searches are kept (card speeds are at most 20). */
export const MAX_CACHED_SPEED = 20;

export class ReachSearch {
  /** Cost to reach each hex (INF unreached) and the hexes reached in search order (the start first). */
  private readonly cost: Int8Array;
  private readonly reached: Int16Array;
  /** The last {@link search}'s hexes: [{@link first} … first + {@link nReached}) of the array it returned. */
  nReached = 0;
  first = 0;
  /** Entries of {@link reached} the last search wrote (their costs are reset before the next). */
  private dialCount = 0;
  /** Movement cost per terrain × 2 + (0 soldier, 1 vehicle), from {@link moveCost} (one flat lookup per neighbour). */
  private readonly costOf: Int8Array;
  /** 16-bit words of a bitset over the map's hexes. */
  private readonly words: number;
  /**
   * The enemy-free searches, packed in {@link pool} as [hexes reached, bitset of the hexes it expands other than the
   * start ({@link words} words), hexes…]; cachedAt[(speed × 2 + vehicle) × n + start] is where one starts, −1 not run
   * yet (by speed and kind first, so a phase's lookups stay in a few cache lines).
   */
  private readonly cachedAt: Int32Array;
  private pool: Int16Array;
  private poolUsed = 0;
  /** Searches with enemies among the hexes they expand, by those hexes (reach-memo.ts). */
  private readonly blocked = new BlockedSearches();

  constructor(
    private readonly map: HexMap,
    /** Movement cost per terrain × (soldier, vehicle), each ≥ 1. */
    private readonly moveCost: readonly (readonly number[])[],
    /** AAM-R11 `one-hex`: a unit with speed ≥ 1 may always move one hex. */
    private readonly minMove: boolean,
  ) {
    this.cost = new Int8Array(map.n).fill(INF);
    this.reached = new Int16Array(map.n);
    this.costOf = new Int8Array(moveCost.length * 2);
    moveCost.forEach((c, t) => {
      this.costOf[t * 2] = c[0];
      this.costOf[t * 2 + 1] = c[1];
    });
    this.words = (map.n + 15) >> 4;
    this.cachedAt = new Int32Array(map.n * 2 * (MAX_CACHED_SPEED + 1)).fill(-1);
    this.pool = new Int16Array(map.n * 32);
  }

  /**
   * The hexes a unit at `start` with `speed` (≥ 1) can reach, `vehicle` choosing the terrain costs; `enemyOcc` is the
   * occupancy table (soldiers and vehicles per hex and side) read at `enemy`, and `enemies[0 … ne)` the enemy-held hexes
   * other than the start (any order, repeats allowed; overwritten). Returns an array holding the hexes in search
   * order, the start first, at [{@link first} … first + {@link nReached}).
   */
  search(start: number, speed: number, vehicle: boolean, enemies: Int32Array, ne: number, enemyOcc: Uint8Array, enemy: number): Int16Array {
    if (speed > MAX_CACHED_SPEED) {
      this.dial(start, speed, vehicle, enemyOcc, enemy);
      this.first = 0;
      return this.reached;
    }
    const key = ((speed << 1) + (vehicle ? 1 : 0)) * this.map.n + start;
    let at = this.cachedAt[key];
    if (at < 0) at = this.cachedAt[key] = this.keep(start, speed, vehicle);
    // The enemies on hexes the enemy-free search expands: none, and it is that search.
    const P = this.pool, bits = at + 1;
    let nb = 0;
    for (let i = 0; i < ne; i++) {
      const h = enemies[i];
      if ((P[bits + (h >> 4)] >> (h & 15)) & 1) enemies[nb++] = h;
    }
    if (nb === 0) {
      this.nReached = P[at];
      this.first = bits + this.words;
      return P;
    }
    nb = sortUnique(enemies, nb);
    const B = this.blocked, hash = BlockedSearches.hash(key, enemies, nb);
    let kept = B.find(key, enemies, nb, hash);
    if (kept < 0) {
      this.dial(start, speed, vehicle, enemyOcc, enemy);
      kept = B.add(key, enemies, nb, hash, this.reached, this.nReached);
    }
    this.nReached = B.pool[kept];
    this.first = kept + 1;
    return B.pool;
  }

  /** Run an enemy-free search and append it to {@link pool} (grown when full); returns where it starts. */
  private keep(start: number, speed: number, vehicle: boolean): number {
    this.dial(start, speed, vehicle, null, 0);
    const n = this.nReached, at = this.poolUsed, W = this.words, size = 1 + W + n;
    if (at + size > this.pool.length) {
      const grown = new Int16Array(Math.max(this.pool.length * 2, at + size));
      grown.set(this.pool);
      this.pool = grown;
    }
    const P = this.pool, cost = this.cost, reached = this.reached;
    P[at] = n;
    P.fill(0, at + 1, at + 1 + W);
    for (let i = 1; i < n; i++) {
      const h = reached[i];
      if (cost[h] < speed) P[at + 1 + (h >> 4)] |= 1 << (h & 15);
    }
    P.set(reached.subarray(0, n), at + 1 + W);
    this.poolUsed = at + size;
    return at;
  }

  /** Dial's search; `occ` null: no enemy anywhere (for the cached lists). */
  private dial(start: number, speed: number, vehicle: boolean, occ: Uint8Array | null, enemy: number): void {
    const m = this.map, cost = this.cost, reached = this.reached, mc = this.costOf, nbs = m.neighbours, ter = m.terrain;
    for (let i = 0; i < this.dialCount; i++) cost[reached[i]] = INF;
    let nr = 0;
    const kc = vehicle ? 1 : 0;
    cost[start] = 0;
    reached[nr++] = start;
    for (let c = 0; c < speed; c++) {
      for (let i = 0; i < nr; i++) {
        const h = reached[i];
        if (cost[h] !== c) continue;
        if (h !== start && occ !== null && occ[h * 2 + enemy] > 0) continue;
        for (let d = 0; d < 6; d++) {
          const nb = nbs[h * 6 + d];
          if (nb < 0) continue;
          let nc = c + mc[ter[nb] * 2 + kc];
          if (nc > speed) {
            if (this.minMove && h === start) nc = speed;
            else continue;
          }
          if (nc < cost[nb]) {
            if (cost[nb] === INF) reached[nr++] = nb;
            cost[nb] = nc;
          }
        }
      }
    }
    this.nReached = this.dialCount = nr;
  }
}

const shared = new WeakMap<HexMap, Map<string, ReachSearch>>();

/**
 * The search of a map, terrain costs and AAM-R11 reading, one per thread: its tables are pure functions of those, so
 * every runner (variant) on the same battlefield shares what the others kept. A runner uses it only between its own
 * calls (the thread runs one game step at a time).
 */
export function reachSearchFor(map: HexMap, moveCost: readonly (readonly number[])[], minMove: boolean): ReachSearch {
  let byRules = shared.get(map);
  if (!byRules) shared.set(map, (byRules = new Map()));
  const key = `${moveCost.map((c) => c.join(',')).join('/')}|${minMove ? 1 : 0}`;
  let r = byRules.get(key);
  if (!r) byRules.set(key, (r = new ReachSearch(map, moveCost, minMove)));
  return r;
}

/** Sort a[0 … n) ascending in place (insertion sort: a handful of hexes) and drop repeats; returns the new length. */
function sortUnique(a: Int32Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
  let k = n > 0 ? 1 : 0;
  for (let i = 1; i < n; i++) if (a[i] !== a[k - 1]) a[k++] = a[i];
  return k;
}
