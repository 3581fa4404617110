/**
 * Where a unit can move (seed 002 §移動フェイズ「各ユニットはスピード値と同じ数の
 * へクスまで移動出来ます」, §突撃フェイズ; rulings AAM-R11, AAM-R24): Dial's
 * search over the small integer terrain costs, entering a hex with an enemy
 * ending the move.
 *
 * The hexes reached from a start hex depend on the enemies only where an
 * enemy stands strictly inside the move (1 … speed − 1 hexes away: every hex
 * costs at least 1, so farther hexes are never expanded). Without one, the
 * search result is a pure function of (start, speed, vehicle or not), so it is
 * computed once per runner and replayed; with one, the search runs afresh.
 *
 * Sharper: an enemy's hex changes the search only when it is expanded, i.e. when the enemy-free search reaches it at a
 * cost below the speed. Those costs are the least movement costs on the empty map ({@link ReachSearch.least}, one row
 * per start hex and kind, computed on first use): with no enemy below the speed in that row, the search with enemies
 * runs step for step as the enemy-free one and returns the same hexes in the same order.
 */
import type { HexMap } from './hexmap.js';
import { BlockedSearches } from './reach-memo.js';

const INF = 127;
/** Speeds whose searches are kept (card speeds are at most 20). */
export const MAX_CACHED_SPEED = 20;

export class ReachSearch {
  /** Cost to reach each hex (INF unreached) and the hexes reached in search order (the start first). */
  private readonly cost: Int8Array;
  readonly reached: Int32Array;
  nReached = 0;
  /** Where the last search's hexes start in the array it returned (0 for {@link reached}). */
  first = 0;
  /** Entries of {@link reached} the last search wrote (their costs are reset before the next). */
  private dialCount = 0;
  /** Movement cost per terrain × 2 + (0 soldier, 1 vehicle), from {@link moveCost} (one flat lookup per neighbour). */
  private readonly costOf: Int8Array;
  /**
   * Enemy-free searches, packed one after another in {@link pool} (each a length, then its hexes): where each
   * (start, vehicle, speed) search sits, −1 not yet run. Typed arrays, so a lookup touches two small tables, not a
   * sparse array of objects.
   */
  private readonly cachedAt: Int32Array;
  private pool: Int32Array;
  private poolUsed = 0;
  /**
   * least[(start × 2 + vehicle) × n + h]: the least movement cost from `start` to `h` on the map without enemies, exact
   * below {@link MAX_CACHED_SPEED} (≥ it otherwise); rows filled on first use ({@link leastRow}).
   */
  readonly least: Int8Array;
  private readonly leastDone: Uint8Array;
  /** Searches with enemies among the hexes they could expand, by those hexes (reach-memo.ts). */
  private readonly blocked = new BlockedSearches();

  constructor(
    private readonly map: HexMap,
    /** Movement cost per terrain × (soldier, vehicle), each ≥ 1. */
    private readonly moveCost: readonly (readonly number[])[],
    /** AAM-R11 `one-hex`: a unit with speed ≥ 1 may always move one hex. */
    private readonly minMove: boolean,
  ) {
    this.cost = new Int8Array(map.n).fill(INF);
    this.reached = new Int32Array(map.n);
    this.costOf = new Int8Array(moveCost.length * 2);
    moveCost.forEach((c, t) => {
      this.costOf[t * 2] = c[0];
      this.costOf[t * 2 + 1] = c[1];
    });
    this.cachedAt = new Int32Array(map.n * 2 * (MAX_CACHED_SPEED + 1)).fill(-1);
    this.pool = new Int32Array(map.n * 16);
    this.least = new Int8Array(map.n * 2 * map.n);
    this.leastDone = new Uint8Array(map.n * 2);
  }

  /**
   * Where the row of `start` and `vehicle` begins in {@link least} (computed now if it was not): an enemy at hex `h` ≠
   * start can change a search of speed ≤ {@link MAX_CACHED_SPEED} only if least[row + h] < speed.
   */
  leastRow(start: number, vehicle: boolean): number {
    const key = start * 2 + (vehicle ? 1 : 0), n = this.map.n, row = key * n;
    if (this.leastDone[key] === 0) {
      // An enemy-free search to the largest cached speed: every cost below it is the least cost (the one-hex rule only
      // sets costs equal to the speed); the hexes it does not reach keep INF.
      this.dial(start, MAX_CACHED_SPEED, vehicle, null, 0);
      this.least.fill(INF, row, row + n);
      for (let i = 0; i < this.nReached; i++) this.least[row + this.reached[i]] = this.cost[this.reached[i]];
      this.leastDone[key] = 1;
    }
    return row;
  }

  /**
   * The hexes a unit at `start` with `speed` (≥ 1) can reach, `vehicle` choosing the terrain costs; `enemyOcc` is the
   * occupancy table (soldiers and vehicles per hex and side) read at `enemy`. `blockers[0 … nb)` are the enemy-held
   * hexes other than the start whose {@link least} cost is below the speed (any order, repeats allowed; sorted here):
   * with none, the search is the enemy-free one. Returns an array holding the hexes in search order, the start first,
   * at [{@link first} … first + {@link nReached}): a kept search (enemy-free, or {@link BlockedSearches}) or, beyond
   * the cached speeds, {@link reached}.
   */
  search(start: number, speed: number, vehicle: boolean, blockers: Int32Array, nb: number, enemyOcc: Uint8Array, enemy: number): Int32Array {
    if (speed > MAX_CACHED_SPEED) {
      this.dial(start, speed, vehicle, enemyOcc, enemy);
      this.first = 0;
      return this.reached;
    }
    const what = (start * 2 + (vehicle ? 1 : 0)) * (MAX_CACHED_SPEED + 1) + speed;
    if (nb === 0) {
      let at = this.cachedAt[what];
      if (at < 0) at = this.cachedAt[what] = this.keep(start, speed, vehicle, enemy);
      this.nReached = this.pool[at];
      this.first = at + 1;
      return this.pool;
    }
    nb = sortUnique(blockers, nb);
    const B = this.blocked, hash = BlockedSearches.hash(what, blockers, nb);
    let at = B.find(what, blockers, nb, hash);
    if (at < 0) {
      this.dial(start, speed, vehicle, enemyOcc, enemy);
      at = B.add(what, blockers, nb, hash, this.reached, this.nReached);
    }
    this.nReached = B.pool[at];
    this.first = at + 1;
    return B.pool;
  }

  /** Run an enemy-free search and append it to {@link pool} (grown when full); returns where it starts. */
  private keep(start: number, speed: number, vehicle: boolean, enemy: number): number {
    this.dial(start, speed, vehicle, null, enemy);
    const n = this.nReached, at = this.poolUsed;
    if (at + 1 + n > this.pool.length) {
      const grown = new Int32Array(Math.max(this.pool.length * 2, at + 1 + n));
      grown.set(this.pool);
      this.pool = grown;
    }
    this.pool[at] = n;
    this.pool.set(this.reached.subarray(0, n), at + 1);
    this.poolUsed = at + 1 + n;
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
