// The statistics of `balance-lab check`, cross-checked against independent
// computations: reference values from SciPy 1.17 (norm.sf, norm.ppf,
// chi2_contingency without correction, hard-coded below), a numerical
// integration of the normal density, Pearson's χ² computed from the 2×2 table,
// Welch's statistic from raw samples, and a literal step-down Holm procedure.
import { describe, expect, it } from 'vitest';
import { mean, sampleVariance } from 'simple-statistics';
import { erfc, normalQuantile, normalSf, twoSidedP } from '../src/check/normal.js';
import { twoProportionZ, welchZ } from '../src/check/two-sample.js';
import { holmAdjust } from '../src/check/holm.js';
import { meanBandTest, rateBandTest } from '../src/check/equivalence.js';
import { checkSeed } from '../src/check/seed.js';
import { checkStopRule, FAST_MAX_GAMES } from '../src/check/games.js';

/** Relative difference. */
function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

/** P(Z > z) by composite Simpson integration of φ over [z, z + 40] (independent of erfc). */
function tailBySimpson(z: number, steps = 200_000): number {
  const a = z, b = z + 40, h = (b - a) / steps;
  const phi = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  let s = phi(a) + phi(b);
  for (let i = 1; i < steps; i++) s += (i % 2 ? 4 : 2) * phi(a + i * h);
  return (s * h) / 3;
}

describe('normal tail and quantile', () => {
  // scipy.stats.norm.sf(z)
  const SF: [number, number][] = [
    [0.5, 0.3085375387259869], [1, 0.15865525393145707], [1.959964, 0.024999999096442398], [3, 0.0013498980316300933],
    [4, 3.167124183311986e-5], [5, 2.866515718791933e-7], [6, 9.865876450376946e-10], [8, 6.22096057427174e-16],
    [10, 7.61985302416047e-24], [20, 2.7536241186061556e-89],
  ];
  it('normalSf matches SciPy to 2e-7 relative, deep into the tail', () => {
    for (const [z, ref] of SF) {
      expect(rel(normalSf(z), ref), `z=${z}`).toBeLessThan(2e-7);
      expect(rel(twoSidedP(z), 2 * ref), `z=${z}`).toBeLessThan(2e-7);
      expect(rel(twoSidedP(-z), 2 * ref), `z=-${z}`).toBeLessThan(2e-7);
      expect(rel(normalSf(-z), 1 - ref)).toBeLessThan(1e-7);
    }
  });
  it('normalSf matches a numerical integration of the density', () => {
    for (const z of [0, 0.7, 1.5, 2.5, 3.3, 4.4, 5.5, 7]) expect(rel(normalSf(z), tailBySimpson(z)), `z=${z}`).toBeLessThan(2e-7);
  });
  it('erfc edge cases', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(-30)).toBe(2);
    expect(normalSf(Infinity)).toBe(0);
    expect(normalSf(-Infinity)).toBe(1);
    expect(twoSidedP(0)).toBe(1);
    expect(Number.isNaN(twoSidedP(NaN))).toBe(true);
  });
  it('normalQuantile matches SciPy norm.ppf to 1e-8 relative', () => {
    const Q: [number, number][] = [
      [1e-10, -6.361340902404056], [1e-6, -4.753424308822899], [0.001, -3.090232306167813], [0.01, -2.3263478740408408],
      [0.025, -1.9599639845400545], [0.3, -0.5244005127080409], [0.9, 1.2815515655446004], [0.999, 3.090232306167813],
    ];
    for (const [p, ref] of Q) expect(rel(normalQuantile(p), ref), `p=${p}`).toBeLessThan(1e-8);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
  });
});

/** Pearson's χ² of the 2×2 table [[k1, n1−k1], [k2, n2−k2]] from observed and expected counts. */
function pearsonChi2(k1: number, n1: number, k2: number, n2: number): number {
  const obs = [[k1, n1 - k1], [k2, n2 - k2]];
  const rows = [n1, n2], cols = [k1 + k2, n1 + n2 - k1 - k2], N = n1 + n2;
  let x2 = 0;
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) {
    const e = (rows[i] * cols[j]) / N;
    x2 += (obs[i][j] - e) ** 2 / e;
  }
  return x2;
}

describe('two-proportion z-test', () => {
  // scipy.stats.chi2_contingency(table, correction=False): p-value and √χ².
  const CASES: [number, number, number, number, number, number][] = [
    [6340, 14000, 6180, 14000, 0.05446221721718859, 1.9231420136148634],
    [450, 1000, 520, 1000, 0.001736761555940672, 3.131904842927166],
    [3, 2000, 15, 2000, 0.004585256754194736, 2.8348126450076605],
    [1790, 14000, 1498, 14000, 5.9421509269505456e-8, 5.420533278397327],
  ];
  it('p-values and |z| match SciPy\'s uncorrected χ² test of the 2×2 table', () => {
    for (const [k1, n1, k2, n2, p, absZ] of CASES) {
      const t = twoProportionZ({ count: k1, games: n1 }, { count: k2, games: n2 });
      expect(rel(Math.abs(t.z), absZ)).toBeLessThan(1e-9);
      expect(rel(t.p, p), `${k1}/${n1} vs ${k2}/${n2}`).toBeLessThan(2e-7);
    }
  });
  it('z² equals Pearson\'s χ² computed from observed and expected counts; the sign follows current − baseline', () => {
    for (const [k1, n1, k2, n2] of [[10, 50, 20, 60], [700, 1000, 650, 1200], [0, 500, 4, 500], [13999, 14000, 13990, 14000]]) {
      const t = twoProportionZ({ count: k1, games: n1 }, { count: k2, games: n2 });
      expect(rel(t.z * t.z, pearsonChi2(k1, n1, k2, n2))).toBeLessThan(1e-9);
      expect(Math.sign(t.z)).toBe(Math.sign(k2 / n2 - k1 / n1));
      expect(t.diff.estimate).toBeCloseTo(k2 / n2 - k1 / n1, 12);
    }
  });
  it('the difference CI is the unpooled Wald interval; degenerate samples give p = 1', () => {
    const t = twoProportionZ({ count: 450, games: 1000 }, { count: 520, games: 1000 });
    const se = Math.sqrt((0.45 * 0.55) / 1000 + (0.52 * 0.48) / 1000);
    expect(t.diff.lo).toBeCloseTo(0.07 - 1.959964 * se, 6);
    expect(t.diff.hi).toBeCloseTo(0.07 + 1.959964 * se, 6);
    expect(twoProportionZ({ count: 0, games: 100 }, { count: 0, games: 300 })).toMatchObject({ z: 0, p: 1 });
    expect(twoProportionZ({ count: 100, games: 100 }, { count: 300, games: 300 })).toMatchObject({ z: 0, p: 1 });
  });
});

describe('Welch z-test', () => {
  it('matches the statistic computed from raw samples and SciPy\'s Welch statistic', () => {
    const a = Array.from({ length: 400 }, (_, i) => (i * 37) % 11);
    const b = Array.from({ length: 300 }, (_, i) => ((i * 53) % 13) * 0.9);
    const t = welchZ({ mean: mean(a), variance: sampleVariance(a), games: a.length }, { mean: mean(b), variance: sampleVariance(b), games: b.length });
    const z = (mean(b) - mean(a)) / Math.sqrt(sampleVariance(a) / a.length + sampleVariance(b) / b.length);
    expect(t.z).toBeCloseTo(z, 12);
    expect(rel(t.p, tailBySimpson(Math.abs(z)) * 2)).toBeLessThan(2e-7);
    // scipy: z from sufficient statistics (identical to ttest_ind_from_stats(equal_var=False).statistic) and 2·norm.sf(|z|).
    const s = welchZ({ mean: 22.44, variance: 1.1, games: 14000 }, { mean: 22.4, variance: 1.3, games: 14000 });
    expect(rel(s.z, -3.0550504633040996)).toBeLessThan(1e-9);
    expect(rel(s.p, 0.0022502265680842464)).toBeLessThan(2e-7);
    const u = welchZ({ mean: 3.42, variance: 0.5, games: 2000 }, { mean: 3.37, variance: 0.6, games: 2500 });
    expect(rel(u.z, -2.2587697572631202)).toBeLessThan(1e-9);
    expect(rel(u.p, 0.023897710679510614)).toBeLessThan(2e-7);
  });
  it('constant samples: equal means give p = 1, different means p = 0', () => {
    expect(welchZ({ mean: 3, variance: 0, games: 10 }, { mean: 3, variance: 0, games: 10 })).toMatchObject({ z: 0, p: 1 });
    expect(welchZ({ mean: 3, variance: 0, games: 10 }, { mean: 4, variance: 0, games: 10 })).toMatchObject({ z: Infinity, p: 0 });
  });
});

/** Holm's procedure as written: reject p₍₁₎ ≤ α/m, p₍₂₎ ≤ α/(m−1), … until the first failure. */
function holmRejects(ps: number[], alpha: number): boolean[] {
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const out = ps.map(() => false);
  for (let k = 0; k < order.length; k++) {
    if (order[k][0] > alpha / (order.length - k)) break;
    out[order[k][1]] = true;
  }
  return out;
}

describe('Holm', () => {
  it('adjusted p-values of a worked example', () => {
    const adj = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((x, i) => expect(adj[i]).toBeCloseTo(x, 12));
    expect(holmAdjust([])).toEqual([]);
    expect(holmAdjust([NaN, 0.01])).toEqual([1, 0.02]);
  });
  it('rejecting adjusted p ≤ α is the step-down procedure, for many p-vectors and α', () => {
    let x = 12345;
    const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let t = 0; t < 500; t++) {
      const ps = Array.from({ length: 1 + (t % 30) }, () => rnd() ** 4);
      const adj = holmAdjust(ps);
      for (const alpha of [0.001, 0.01, 0.05, 0.2]) expect(adj.map((p) => p <= alpha)).toEqual(holmRejects(ps, alpha));
    }
  });
});

describe('band equivalence tests (TOST)', () => {
  it('a rate band passes exactly when the (1 − 2α) Wilson interval lies inside it', () => {
    for (const [k, n] of [[6300, 14000], [450, 1000], [30, 2000]]) {
      for (const [lo, hi] of [[0.4, 0.5], [0.44, 0.46], [0.2, 0.3], [0.01, 0.02], [0, 0.5]]) {
        for (const alpha of [0.001, 0.05]) {
          const t = rateBandTest({ count: k, games: n }, lo, hi, alpha);
          expect(t.inside, `${k}/${n} in [${lo}, ${hi}] at ${alpha}`).toBe(t.interval.lo >= lo && t.interval.hi <= hi);
        }
      }
    }
  });
  it('the rate band\'s one-sided score tests: z and p by hand', () => {
    const t = rateBandTest({ count: 450, games: 1000 }, 0.4, 0.5, 0.001);
    const zLo = (0.45 - 0.4) / Math.sqrt((0.4 * 0.6) / 1000), zHi = (0.5 - 0.45) / Math.sqrt((0.5 * 0.5) / 1000);
    expect(t.z).toBeCloseTo(Math.min(zLo, zHi), 12);
    expect(rel(t.p, tailBySimpson(Math.min(zLo, zHi)))).toBeLessThan(2e-7);
    expect(t.inside).toBe(t.p <= 0.001);
  });
  it('a mean band passes exactly when x̄ ± z₁₋α·s/√n lies inside it', () => {
    const s = { mean: 22.44, variance: 1.2, games: 14000 };
    const t = meanBandTest(s, 22.4, 22.5, 0.001);
    const half = 3.090232306167813 * Math.sqrt(1.2 / 14000);
    expect(t.interval.lo).toBeCloseTo(22.44 - half, 9);
    expect(t.inside).toBe(22.44 - half >= 22.4 && 22.44 + half <= 22.5);
    expect(meanBandTest(s, 22, 23, 0.001).inside).toBe(true);
    expect(meanBandTest(s, 22.43, 23, 0.001).inside).toBe(false);
  });
});

describe('seed and games of a check', () => {
  it('the default seed is deterministic, differs from the baseline seed and is a safe integer', () => {
    for (const s of [0, 1, 12345, 20261121, Number.MAX_SAFE_INTEGER]) {
      expect(checkSeed(s)).toBe(checkSeed(s));
      expect(checkSeed(s)).not.toBe(s);
      expect(Number.isSafeInteger(checkSeed(s))).toBe(true);
    }
    expect(new Set([1, 2, 3, 4, 5].map(checkSeed)).size).toBe(5);
  });
  it('fast mode caps the experiment\'s own rule; --games overrides it', () => {
    expect(checkStopRule({ kind: 'games', games: 500 })).toEqual({ kind: 'games', games: 500 });
    expect(checkStopRule({ kind: 'games', games: 10 ** 6 })).toEqual({ kind: 'games', games: FAST_MAX_GAMES });
    expect(checkStopRule({ kind: 'target_error', target: 0.01, maxGames: 200000, minGames: 2000 }))
      .toEqual({ kind: 'target_error', target: 0.01, maxGames: FAST_MAX_GAMES, minGames: 2000 });
    expect(checkStopRule({ kind: 'target_error', target: 0.01, maxGames: 200000, minGames: 50000 }))
      .toEqual({ kind: 'target_error', target: 0.01, maxGames: FAST_MAX_GAMES, minGames: FAST_MAX_GAMES });
    expect(checkStopRule({ kind: 'games', games: 10 ** 6 }, 123)).toEqual({ kind: 'games', games: 123 });
  });
});
