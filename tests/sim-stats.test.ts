import { describe, expect, it } from 'vitest';
import { halfWidth, meanInterval, pairedInterval, percentileFromHistogram, wilson, Z95 } from '../src/sim/stats/stats.js';

/** Wilson bounds in the "counts" form: (k + z²/2 ± z·√(k(n−k)/n + z²/4)) / (n + z²). */
function wilsonByHand(k: number, n: number, z = 1.959964): [number, number] {
  const z2 = z * z;
  const c = k + z2 / 2;
  const h = z * Math.sqrt((k * (n - k)) / n + z2 / 4);
  return [(c - h) / (n + z2), (c + h) / (n + z2)];
}

describe('wilson', () => {
  it('matches published values for 0/10 and 5/10', () => {
    const a = wilson(0, 10);
    expect(a.estimate).toBe(0);
    expect(a.lo).toBe(0);
    expect(a.hi).toBeCloseTo(0.27753, 5);
    const b = wilson(5, 10);
    expect(b.estimate).toBe(0.5);
    expect(b.lo).toBeCloseTo(0.23659, 5);
    expect(b.hi).toBeCloseTo(0.76341, 5);
  });

  it('agrees with the hand-computed counts form', () => {
    for (const [k, n] of [[1, 10], [3, 7], [50, 1000], [999, 1000], [10, 10], [123456, 200000]]) {
      const w = wilson(k, n);
      const [lo, hi] = wilsonByHand(k, n);
      expect(w.estimate).toBe(k / n);
      expect(w.lo).toBeCloseTo(Math.max(0, lo), 12);
      expect(w.hi).toBeCloseTo(Math.min(1, hi), 12);
    }
    expect(wilson(10, 10).hi).toBe(1);
  });

  it('honours z and handles n = 0', () => {
    expect(halfWidth(wilson(5, 10, 1))).toBeLessThan(halfWidth(wilson(5, 10)));
    const e = wilson(0, 0);
    expect(e.estimate).toBeNaN();
    expect([e.lo, e.hi]).toEqual([0, 1]);
  });
});

describe('meanInterval / pairedInterval', () => {
  it('mean of 1,2,3,4', () => {
    const { interval, sd } = meanInterval(10, 30, 4);
    expect(interval.estimate).toBe(2.5);
    expect(sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(interval.hi - interval.estimate).toBeCloseTo((Z95 * Math.sqrt(5 / 3)) / 2, 12);
    expect(interval.estimate - interval.lo).toBeCloseTo((Z95 * Math.sqrt(5 / 3)) / 2, 12);
  });

  it('paired differences on a small hand example', () => {
    const variant = [1, 1, 2, 0, 3];
    const base = [0, 1, 0, 1, 2];
    const d = variant.map((x, i) => x - base[i]); // 1, 0, 2, -1, 1
    const sumD = d.reduce((s, x) => s + x, 0);
    const sumD2 = d.reduce((s, x) => s + x * x, 0);
    expect([sumD, sumD2]).toEqual([3, 7]);
    const iv = pairedInterval(sumD, sumD2, 5);
    // mean 0.6, variance (7 − 5·0.36)/4 = 1.3
    expect(iv.estimate).toBeCloseTo(0.6, 12);
    expect(halfWidth(iv)).toBeCloseTo((1.959964 * Math.sqrt(1.3)) / Math.sqrt(5), 12);
  });

  it('zero spread gives a zero-width interval; tiny n gives NaN', () => {
    const iv = pairedInterval(0, 0, 100);
    expect([iv.estimate, iv.lo, iv.hi]).toEqual([0, 0, 0]);
    expect(meanInterval(3, 9, 1).sd).toBeNaN();
    expect(meanInterval(3, 9, 1).interval.estimate).toBe(3);
    expect(meanInterval(0, 0, 0).interval.estimate).toBeNaN();
  });
});

describe('percentileFromHistogram (nearest rank)', () => {
  it('small histogram', () => {
    const h = [0, 3, 0, 1]; // 1, 1, 1, 3
    expect(percentileFromHistogram(h, 0)).toBe(1);
    expect(percentileFromHistogram(h, 0.5)).toBe(1);
    expect(percentileFromHistogram(h, 0.75)).toBe(1);
    expect(percentileFromHistogram(h, 0.76)).toBe(3);
    expect(percentileFromHistogram(h, 0.9)).toBe(3);
    expect(percentileFromHistogram(h, 1)).toBe(3);
    expect(percentileFromHistogram([0, 0], 0.5)).toBeNaN();
  });

  it('equals the sorted-array nearest rank, including ranks hit by float error (0.1·30)', () => {
    const values = [0, 0, 1, 2, 2, 2, 5, 7, 7, 9];
    const h = new Array(10).fill(0);
    for (const v of values) h[v]++;
    const h30 = new Float64Array(30).fill(1); // 0..29 once each
    for (const q of [0.01, 0.1, 0.25, 0.5, 0.7, 0.9, 0.99]) {
      expect(percentileFromHistogram(h, q)).toBe(values[Math.ceil(q * values.length - 1e-9) - 1]);
    }
    expect(percentileFromHistogram(h30, 0.1)).toBe(2); // rank 3
    expect(percentileFromHistogram(h30, 0.5)).toBe(14); // rank 15
    expect(percentileFromHistogram(h30, 0.9)).toBe(26); // rank 27
  });
});

describe('pairedPValue', () => {
  it('is 0.05 at z = 1.96 and 1 for no difference', async () => {
    const { pairedPValue } = await import('../src/sim/stats/stats.js');
    // n = 100 differences: 60 of +1, 40 of −1 → mean 0.2, sd = √((100 − 100·0.04)/99) = √(96/99).
    const n = 100, sum = 20, sumSq = 100;
    const se = Math.sqrt(96 / 99 / n);
    const z = 0.2 / se;
    // Two-sided normal tail by a direct series for Φ (independent of simple-statistics).
    const phi = (x: number) => {
      let t = x, s = x;
      for (let k = 1; k < 200; k++) { t *= (x * x) / (2 * k + 1); s += t; }
      return 0.5 + (s * Math.exp(-x * x / 2)) / Math.sqrt(2 * Math.PI);
    };
    expect(pairedPValue(sum, sumSq, n)).toBeCloseTo(2 * (1 - phi(z)), 6);
    expect(pairedPValue(0, 100, 100)).toBe(1);
    expect(pairedPValue(5, 5, 5)).toBe(0); // every game +1: no spread, a certain difference
    expect(Number.isNaN(pairedPValue(1, 1, 1))).toBe(true);
  });
});
