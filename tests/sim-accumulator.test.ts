import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { GameRecord, type MetricSpec } from '../src/sim/core/types.js';

const spec: MetricSpec = {
  rates: [{ id: 'win', label: 'Win' }, { id: 'alive', label: 'Alive' }],
  values: [{ id: 'spent', label: 'Spent', max: 5 }, { id: 'half', label: 'Half steps', max: 3 }],
  series: {
    id: 's', label: 'S',
    steps: [0, 1, 2, 3].map((x) => ({ id: `r${x}`, group: 'e', x })),
    vars: [{ id: 'a', label: 'A', max: 4 }, { id: 'b', label: 'B', max: 2 }],
  },
};

/** Deterministic fake games: integer and half-integer values, some over max, unreached steps. */
function games(n: number): { rec: GameRecord; base: GameRecord }[] {
  const g = xoroshiro128plus(42);
  const r = (m: number) => (g.next() >>> 0) % m;
  const fill = (rec: GameRecord) => {
    rec.clear();
    rec.rates[0] = r(2);
    rec.rates[1] = r(2);
    rec.values[0] = r(9); // 0..8, max 5: clamped in the histogram
    rec.values[1] = r(8) / 2; // half-integers are exact in binary
    const reached = r(5);
    for (let s = 0; s < reached; s++) {
      rec.set(s, 0, r(7));
      rec.set(s, 1, r(3));
    }
  };
  return Array.from({ length: n }, () => {
    const rec = new GameRecord(spec), base = new GameRecord(spec);
    fill(rec);
    fill(base);
    return { rec, base };
  });
}

describe('Accumulator', () => {
  const layout = new AccLayout(spec);
  const all = games(500);

  it('records counts, sums, clamped histograms, reached steps and paired sums', () => {
    const acc = new Accumulator(layout);
    for (const { rec, base } of all) acc.add(rec, base);
    expect(acc.games).toBe(500);
    expect(acc.rateCount(1)).toBe(all.filter((x) => x.rec.rates[1] === 1).length);
    const spent = all.map((x) => x.rec.values[0]);
    expect(acc.valueSums(0)).toEqual({ sum: spent.reduce((s, v) => s + v, 0), sumSq: spent.reduce((s, v) => s + v * v, 0) });
    const h = acc.valueHist(0);
    expect(h.length).toBe(6);
    expect(h[5]).toBe(spent.filter((v) => v >= 5).length);
    expect(h.reduce((s, c) => s + c, 0)).toBe(500);
    const d = all.map((x) => x.rec.rates[0] - x.base.rates[0]);
    expect(acc.pairedRate(0)).toEqual({ sum: d.reduce((s, v) => s + v, 0), sumSq: d.reduce((s, v) => s + v * v, 0) });
    const dv = all.map((x) => x.rec.values[1] - x.base.values[1]);
    expect(acc.pairedValue(1).sum).toBe(dv.reduce((s, v) => s + v, 0));
    const reached3 = all.filter((x) => x.rec.series[3 * 2] >= 0);
    const sh = acc.seriesHist(3, 0);
    expect(sh.reduce((s, c) => s + c, 0)).toBe(reached3.length);
    expect(sh[4]).toBe(reached3.filter((x) => x.rec.series[6] >= 4).length);
    expect(acc.seriesSum(3, 0)).toBe(reached3.reduce((s, x) => s + x.rec.series[6], 0));
  });

  it('baseline (base = null) keeps zero paired sums', () => {
    const acc = new Accumulator(layout);
    for (const { rec } of all) acc.add(rec, null);
    expect(acc.pairedRate(0)).toEqual({ sum: 0, sumSq: 0 });
    expect(acc.pairedValue(0)).toEqual({ sum: 0, sumSq: 0 });
  });

  it('merging any split in any order equals one big accumulator', () => {
    const big = new Accumulator(layout);
    for (const { rec, base } of all) big.add(rec, base);
    for (const cuts of [[250], [1, 2, 3, 499], [10, 77, 300, 301, 450], [100, 200, 300, 400]]) {
      const bounds = [0, ...cuts, all.length];
      const parts = bounds.slice(1).map((end, i) => {
        const a = new Accumulator(layout);
        for (const { rec, base } of all.slice(bounds[i], end)) a.add(rec, base);
        return a;
      });
      const forward = new Accumulator(layout);
      parts.forEach((p) => forward.merge(p));
      const backward = new Accumulator(layout);
      [...parts].reverse().forEach((p) => backward.merge(p));
      // Tree-shaped grouping: merge pairs first.
      const tree = new Accumulator(layout);
      for (let i = 0; i < parts.length; i += 2) {
        const pair = new Accumulator(layout, Float64Array.from(parts[i].data));
        if (parts[i + 1]) pair.merge(parts[i + 1]);
        tree.merge(pair);
      }
      expect(Array.from(forward.data)).toEqual(Array.from(big.data));
      expect(Array.from(backward.data)).toEqual(Array.from(big.data));
      expect(Array.from(tree.data)).toEqual(Array.from(big.data));
    }
  });

  it('memory is flat: the layout size does not depend on games', () => {
    const a = new Accumulator(layout);
    const before = a.data.length;
    for (const { rec, base } of all) a.add(rec, base);
    expect(a.data.length).toBe(before);
    expect(() => new Accumulator(layout, new Float64Array(3))).toThrow();
  });

  it('the series equals one addition per reached cell, for steps written in any order, with gaps and repeats', () => {
    // A longer series (12 steps) so runs of equal values, gaps (−1) inside a game and out-of-order writes all occur;
    // the accumulator stages runs of equal values and must give exactly the per-cell sums and histograms.
    const long: MetricSpec = { ...spec, series: { ...spec.series!, steps: Array.from({ length: 12 }, (_, x) => ({ id: `r${x}`, group: 'e', x })) } };
    const L = new AccLayout(long);
    const g = xoroshiro128plus(7);
    const r = (m: number) => (g.next() >>> 0) % m;
    const acc = new Accumulator(L);
    const naive = new Float64Array(L.size);
    const rec = new GameRecord(long);
    for (let game = 0; game < 3000; game++) {
      rec.clear();
      // Steps in a shuffled order, some skipped; values drawn from a small set so runs repeat; some above max.
      const order = Array.from({ length: 12 }, (_, i) => i);
      for (let i = order.length - 1; i > 0; i--) { const j = r(i + 1); [order[i], order[j]] = [order[j], order[i]]; }
      for (const st of order) {
        if (r(4) === 0) continue;
        // Only the value 2 before the midway read, then values up to 8: a flush reads the bins staged since the last one.
        for (let k = 0; k < 2; k++) if (r(6) !== 0) rec.set(st, k, r(3) === 0 && game > 1234 ? r(9) : 2);
      }
      acc.add(rec, null);
      naive[0] += 1;
      for (let st = 0; st < 12; st++) {
        for (let k = 0; k < 2; k++) {
          const x = rec.series[st * 2 + k];
          if (x < 0) continue;
          naive[L.seriesSum + st * 2 + k] += x;
          naive[L.seriesHist[st * 2 + k] + Math.min(x, L.varMax[k])] += 1;
        }
      }
      // Read midway too: staged runs are flushed and staging starts again.
      if (game === 1234) {
        const mid = acc.data;
        for (let i = L.seriesSum; i < L.size; i++) expect(mid[i], `entry ${i} midway`).toBe(naive[i]);
      }
    }
    const got = acc.data;
    for (let i = L.seriesSum; i < L.size; i++) expect(got[i], `entry ${i}`).toBe(naive[i]);
  });
});
