// The A&A movement search (reach.ts, reach-memo.ts): the kept searches (enemy-free ones, and those with enemies kept by
// the enemy hexes the search could expand) return exactly the hexes, in exactly the order, of a search run afresh
// over the whole occupancy, as the engine's original Dial search did.
import { describe, expect, it } from 'vitest';
import { buildMap, type HexMap } from '../src/rules/axis-allies-miniatures/hexmap.js';
import { DEFAULT_MOVE_COST, DEFAULT_TERRAIN } from '../src/rules/axis-allies-miniatures/compile.js';
import { ReachSearch } from '../src/rules/axis-allies-miniatures/reach.js';
import { BlockedSearches } from '../src/rules/axis-allies-miniatures/reach-memo.js';

/** The reference: Dial's search over all of `occ` (enemy at side `enemy` stops a move), written out plainly. */
function reference(m: HexMap, moveCost: readonly (readonly number[])[], minMove: boolean, start: number, speed: number, vehicle: boolean, occ: Uint8Array, enemy: number): number[] {
  const cost = new Array<number>(m.n).fill(Infinity);
  const reached = [start];
  cost[start] = 0;
  for (let c = 0; c < speed; c++) {
    for (let i = 0; i < reached.length; i++) {
      const h = reached[i];
      if (cost[h] !== c || (h !== start && occ[h * 2 + enemy] > 0)) continue;
      for (let d = 0; d < 6; d++) {
        const nb = m.neighbours[h * 6 + d];
        if (nb < 0) continue;
        let nc = c + moveCost[m.terrain[nb]][vehicle ? 1 : 0];
        if (nc > speed) {
          if (minMove && h === start) nc = speed;
          else continue;
        }
        if (nc < cost[nb]) {
          if (cost[nb] === Infinity) reached.push(nb);
          cost[nb] = nc;
        }
      }
    }
  }
  return reached;
}

/** A small deterministic generator (the test's own positions). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

describe('movement search', () => {
  const m = buildMap(15, 22, DEFAULT_TERRAIN, true, true);
  const costs = [DEFAULT_MOVE_COST, [[1, 1], [2, 3], [2, 2], [3, 4]]];

  for (const moveCost of costs) {
    for (const minMove of [true, false]) {
      it(`kept searches equal fresh ones, hexes and order (costs ${JSON.stringify(moveCost)}, one-hex ${minMove})`, () => {
        const r = new ReachSearch(m, moveCost, minMove), rnd = lcg(7 + moveCost[1][1] * 2 + (minMove ? 1 : 0));
        const occ = new Uint8Array(m.n * 2), free = new Uint8Array(m.n * 2), blockers = new Int32Array(64);
        let blocked = 0;
        // A cluster of enemies near the centre makes the searches meet them; positions repeat, so kept ones are hit.
        for (let trial = 0; trial < 3000; trial++) {
          occ.fill(0);
          const enemy = trial & 1, nEnemies = 1 + Math.floor(rnd() * 8);
          for (let e = 0; e < nEnemies; e++) occ[(m.centre + Math.floor(rnd() * 40) - 20) * 2 + enemy]++;
          const start = m.centre + Math.floor(rnd() * 60) - 30, speed = 1 + Math.floor(rnd() * 6), vehicle = rnd() < 0.5;
          let nb = 0;
          for (let h = 0; h < m.n; h++) {
            // Each enemy-held hex once or twice (the caller passes one entry per unit, in any order).
            if (h === start || occ[h * 2 + enemy] === 0) continue;
            blockers[nb++] = h;
            if (rnd() < 0.3) blockers[nb++] = h;
          }
          for (let i = nb - 1; i > 0; i--) {
            const j = Math.floor(rnd() * (i + 1)), x = blockers[i];
            blockers[i] = blockers[j];
            blockers[j] = x;
          }
          const list = r.search(start, speed, vehicle, blockers, nb, occ, enemy);
          const got = Array.from(list.subarray(r.first, r.first + r.nReached));
          const want = reference(m, moveCost, minMove, start, speed, vehicle, occ, enemy);
          expect(got).toEqual(want);
          // The enemies changed this search (so the kept searches with enemies are exercised too).
          if (want.join() !== reference(m, moveCost, minMove, start, speed, vehicle, free, enemy).join()) blocked++;
        }
        expect(blocked).toBeGreaterThan(200);
      });
    }
  }

});

describe('kept blocked searches', () => {
  it('a lookup compares the whole key: equal hashes with other blockers are not confused', () => {
    const B = new BlockedSearches(), hexes = Int16Array.from([5, 6, 7]);
    const a = Int32Array.from([1, 2]), b = Int32Array.from([1, 3]);
    const at = B.add(9, a, 2, 42, hexes, 3);
    expect(B.find(9, a, 2, 42)).toBe(at);
    expect(B.find(9, b, 2, 42)).toBe(-1); // same (forced) hash, other blockers
    expect(B.find(8, a, 2, 42)).toBe(-1);
    expect(B.find(9, a, 1, 42)).toBe(-1);
    const at2 = B.add(9, b, 2, 42, hexes, 2);
    expect(B.find(9, b, 2, 42)).toBe(at2);
    expect(Array.from(B.pool.subarray(at2 + 1, at2 + 1 + B.pool[at2]))).toEqual([5, 6]);
    expect(Array.from(B.pool.subarray(at + 1, at + 1 + B.pool[at]))).toEqual([5, 6, 7]);
  });

  it('the table is emptied when full and keeps working', () => {
    const B = new BlockedSearches(), one = new Int32Array(1), hexes = Int16Array.from([1, 2, 3, 4]);
    for (let i = 0; i < 40000; i++) {
      // 40,000 keys: 157 (start, kind, speed) keys × 256 blocker hexes.
      const what = 1000 + (i >> 8);
      one[0] = i & 255;
      const h = BlockedSearches.hash(what, one, 1);
      expect(B.find(what, one, 1, h)).toBe(-1);
      const at = B.add(what, one, 1, h, hexes, 1 + (i % 4));
      expect(B.find(what, one, 1, h)).toBe(at);
      expect(B.pool[at]).toBe(1 + (i % 4));
    }
    expect(B.cleared).toBe(1);
  });
});
