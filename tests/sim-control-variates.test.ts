// The control-variate estimator (issue 27): exact properties on hand-made data, the accumulator's sums in any
// chunking, and — on a synthetic dice game with an exactly known answer — the coverage of its 95% intervals measured
// over many seeds, its narrowing, and the stop rule it feeds.
import { beforeAll, describe, expect, it } from 'vitest';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { experimentLayout, runChunk, type ChunkResult } from '../src/sim/run/chunk.js';
import { chunkLine, identityHash, journalIdentity, verifyChunkLine } from '../src/sim/run/journal.js';
import { cvEstimate, type CvSums } from '../src/sim/stats/control-variates.js';
import { cvSum } from '../src/sim/stats/accumulator-cv.js';
import { cvPairedRate, cvRate } from '../src/sim/stats/cv-estimates.js';
import { buildSummary, runExperiment } from '../src/sim/run/run.js';
import { halfWidth, meanInterval, Z95 } from '../src/sim/stats/stats.js';
import { GameRecord, type MetricSpec } from '../src/sim/core/types.js';
import { cvDiceExperiment, exactAtLeast, exactSumDistribution, registerCvDice } from './helpers/cv-dice-engine.js';

registerCvDice();

/** Sums of y against the regressor columns zs (each a list over the games). */
function sumsOf(y: readonly number[], zs: readonly (readonly number[])[]): CvSums {
  const m = zs.length, n = y.length;
  const sumZZ = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) for (let g = 0; g < n; g++) sumZZ[i * m + j] += zs[i][g] * zs[j][g];
  return {
    n, sumY: y.reduce((a, b) => a + b, 0), sumY2: y.reduce((a, b) => a + b * b, 0),
    sumZ: zs.map((z) => z.reduce((a, b) => a + b, 0)), sumZZ,
    sumZY: zs.map((z) => z.reduce((a, b, g) => a + b * y[g], 0)),
  };
}

/** Direct OLS of y on [1, z…]: intercept, its standard error and the residual variance (Gauss–Jordan on XᵀX). */
function ols(y: readonly number[], zs: readonly (readonly number[])[]): { theta: number; se: number; s2: number } {
  const n = y.length, p = zs.length + 1;
  const x = (g: number, i: number) => (i === 0 ? 1 : zs[i - 1][g]);
  // [XᵀX | I | Xᵀy]
  const a = Array.from({ length: p }, (_, i) => [
    ...Array.from({ length: p }, (_, j) => { let s = 0; for (let g = 0; g < n; g++) s += x(g, i) * x(g, j); return s; }),
    ...Array.from({ length: p }, (_, j) => (i === j ? 1 : 0)),
    (() => { let s = 0; for (let g = 0; g < n; g++) s += x(g, i) * y[g]; return s; })(),
  ]);
  for (let c = 0; c < p; c++) {
    let piv = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    const d = a[c][c];
    a[c] = a[c].map((v) => v / d);
    for (let r = 0; r < p; r++) if (r !== c) { const f = a[r][c]; a[r] = a[r].map((v, j) => v - f * a[c][j]); }
  }
  const beta = a.map((row) => row[2 * p]);
  let rss = 0;
  for (let g = 0; g < n; g++) { let fit = 0; for (let i = 0; i < p; i++) fit += beta[i] * x(g, i); rss += (y[g] - fit) ** 2; }
  const s2 = rss / (n - p);
  return { theta: beta[0], se: Math.sqrt(s2 * a[0][p]), s2 };
}

describe('cvEstimate: exact properties', () => {
  // A small hand-made data set: 24 games, two controls.
  const y = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0];
  const z1 = [2.5, -1.5, 0.5, 3.5, -2.5, -0.5, 1.5, -3.5, 0.5, 2.5, -0.5, -1.5, -2.5, 1.5, 0.5, 3.5, -0.5, -1.5, 2.5, -2.5, 0.5, 1.5, -0.5, 1.5];
  const z2 = [0.25, 0.5, -1, 0.75, -0.25, 1, -0.5, 0, 0.5, -0.75, 1.25, -1, 0.5, 0, -0.25, 0.5, 1, -1.5, 0.25, 0.75, -0.5, -0.25, 1, 0];

  it('equals the OLS intercept, its standard error and residual variance', () => {
    const got = cvEstimate(sumsOf(y, [z1, z2]))!;
    const ref = ols(y, [z1, z2]);
    const ybar = y.reduce((a, b) => a + b, 0) / y.length;
    const vy = y.reduce((a, b) => a + (b - ybar) ** 2, 0) / (y.length - 1);
    expect(got.used).toBe(2);
    expect(got.interval.estimate).toBeCloseTo(ref.theta, 12);
    expect(got.se).toBeCloseTo(ref.se, 12);
    expect(got.ratio).toBeCloseTo(ref.s2 / vy, 12);
    expect(got.interval.hi - got.interval.estimate).toBeCloseTo(Z95 * ref.se, 12);
  });

  it('is ȳ with the raw interval when every control is 0', () => {
    const zero = y.map(() => 0);
    const got = cvEstimate(sumsOf(y, [zero, zero]))!;
    const raw = meanInterval(y.reduce((a, b) => a + b, 0), y.reduce((a, b) => a + b * b, 0), y.length).interval;
    expect(got.used).toBe(0);
    expect(got.interval.estimate).toBe(raw.estimate);
    expect(got.interval.lo).toBeCloseTo(raw.lo, 14);
    expect(got.interval.hi).toBeCloseTo(raw.hi, 14);
    expect(got.ratio).toBeCloseTo(1, 14);
  });

  it('drops a collinear control and one without variance (same answer as without them)', () => {
    const twice = z1.map((v) => 2 * v);
    const zero = y.map(() => 0);
    const ref = cvEstimate(sumsOf(y, [z1, z2]))!;
    const got = cvEstimate(sumsOf(y, [z1, zero, twice, z2]))!;
    expect(got.used).toBe(2);
    expect(got.interval.estimate).toBeCloseTo(ref.interval.estimate, 12);
    expect(got.se).toBeCloseTo(ref.se, 12);
  });

  it('falls back (null) with n ≤ m + 10 games', () => {
    expect(cvEstimate(sumsOf(y.slice(0, 12), [z1.slice(0, 12), z2.slice(0, 12)]))).toBeNull();
    expect(cvEstimate(sumsOf(y.slice(0, 13), [z1.slice(0, 13), z2.slice(0, 13)]))).not.toBeNull();
  });
});

describe('the accumulator with control variates', () => {
  const stop = { kind: 'games' as const, games: 1000 };
  const spec: MetricSpec = { rates: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B', given: 'a' }], values: [{ id: 'v', label: 'V', max: 3 }], series: null, controls: [{ id: 'c', doc: '' }, { id: 'd', doc: '' }] };

  it('keeps the plain layout when the key is off or the engine has no controls', () => {
    const plain = new AccLayout(spec);
    expect(plain.cv).toBeNull();
    expect(new AccLayout({ ...spec, controls: [] }, true).size).toBe(plain.size);
    const on = new AccLayout(spec, true);
    expect(on.cv!.rates).toEqual(Int32Array.from([0])); // the conditional rate keeps its raw interval
    // Σc, Σccᵀ, Σy·c (rate a, value v), Σc_b, Σc_b c_bᵀ, Σc c_bᵀ, ΣD·(c, c_b)
    // each sum an exact pair of doubles (accumulator-cv.ts addExact)
    expect(on.size - plain.size).toBe(2 * (2 + 4 + 2 * 2 + 2 + 4 + 4 + 2 * 4));
    const rec = new GameRecord(spec), base = new GameRecord(spec);
    rec.controls[0] = 1.5; rec.controls[1] = -2; rec.rates[0] = 1; rec.values[0] = 2;
    base.controls[0] = -0.5; base.controls[1] = 1;
    const acc = new Accumulator(on);
    acc.add(rec, base);
    const C = on.cv!, d = acc.data;
    const read = (at: number, len: number): number[] => Array.from({ length: len }, (_, i) => cvSum(d, at, i));
    expect(read(C.sumCC, 4)).toEqual([2.25, -3, -3, 4]);
    expect(read(C.sumYC, 4)).toEqual([1.5, -2, 3, -4]);
    expect(read(C.sumCB, 4)).toEqual([-0.75, 1.5, 1, -2]);
    expect(read(C.sumDZ, 8)).toEqual([1.5, -2, -0.5, 1, 3, -4, -1, 2]);
  });

  it('keeps exact sums of controls that are not dyadic, so any grouping of games and chunks gives the same data', () => {
    // Thirds and tenths of large and small sizes: plain float sums of these differ in the last bits between groupings.
    const L = new AccLayout(spec, true);
    const games = 3000;
    const recs: [GameRecord, GameRecord][] = [];
    for (let i = 0; i < games; i++) {
      const rec = new GameRecord(spec), base = new GameRecord(spec);
      rec.controls[0] = (((i * 7919) % 1013) - 506) / 3;
      rec.controls[1] = (((i * 104729) % 997) - 498) / 10 + 1e-7 * i;
      base.controls[0] = ((i * 31) % 17) / 7;
      base.controls[1] = -(((i * 13) % 101) / 30);
      rec.rates[0] = i % 3 === 0 ? 1 : 0;
      rec.values[0] = i % 4;
      base.rates[0] = i % 5 === 0 ? 1 : 0;
      recs.push([rec, base]);
    }
    const whole = new Accumulator(L);
    for (const [r, b] of recs) whole.add(r, b);
    for (const size of [1, 37, 100, 1999]) {
      const merged = new Accumulator(L);
      for (let s0 = 0; s0 < games; s0 += size) {
        const part = new Accumulator(L);
        for (let i = s0; i < Math.min(games, s0 + size); i++) part.add(recs[i][0], recs[i][1]);
        merged.merge(part);
      }
      expect(Array.from(merged.data), `chunks of ${size}`).toEqual(Array.from(whole.data));
    }
    // …and the sums are right to the grid (2^-24 a game): Σ c0·c1 against a direct sum
    let direct = 0;
    for (const [r] of recs) direct += r.controls[0] * r.controls[1];
    expect(Math.abs(cvSum(whole.data, L.cv!.sumCC, 1) - direct)).toBeLessThan(games * 2 ** -24);
  });

  it('gives identical sums for any chunking, and the paired sums of the baseline match its own', () => {
    const exp = cvDiceExperiment({ seed: 7, stop, chunk: 1000, cv: true });
    const whole = runChunk(exp, 0, 1000).data;
    for (const size of [100, 250, 333]) {
      const merged = whole.map(() => new Accumulator(experimentLayout(exp)));
      for (let s = 0; s < 1000; s += size) {
        runChunk(exp, s, Math.min(size, 1000 - s)).data.forEach((d, v) => merged[v].merge(new Accumulator(merged[v].layout, d)));
      }
      merged.forEach((a, v) => expect(Array.from(a.data)).toEqual(Array.from(whole[v])));
    }
    const L = experimentLayout(exp), C = L.cv!;
    const base = new Accumulator(L, whole[0]), other = new Accumulator(L, whole[2]);
    expect(cvSum(other.data, C.sumB, 0)).toBe(cvSum(base.data, C.sumC, 0));
    expect(cvSum(other.data, C.sumBB, 0)).toBe(cvSum(base.data, C.sumCC, 0));
  });

  it('gives identical summaries in process for chunk sizes 100 and 250 (the sums are exact: half-integers)', async () => {
    const a = await runExperiment({ ...cvDiceExperiment({ seed: 3, stop, chunk: 100, cv: true }) }, { workers: 0 });
    const b = await runExperiment({ ...cvDiceExperiment({ seed: 3, stop, chunk: 250, cv: true }) }, { workers: 0 });
    expect(JSON.stringify(a.variants)).toBe(JSON.stringify(b.variants));
    expect(a.controlVariates).toEqual({ ids: ['dice_luck'] });
    const off = await runExperiment(cvDiceExperiment({ seed: 3, stop, chunk: 100, cv: false }), { workers: 0 });
    expect(off.controlVariates).toBeUndefined();
    expect(JSON.stringify(off.variants)).not.toContain('raw');
    // The raw figures with the key on are exactly the figures with it off.
    a.variants.forEach((v, i) => {
      expect(v.rates[0].raw).toEqual(off.variants[i].rates[0].rate);
      expect(v.values[0].raw).toEqual(off.variants[i].values[0].mean);
      v.pairedRates.forEach((p, j) => expect(p.raw).toEqual(off.variants[i].pairedRates[j].diff));
    });
  });
});

describe('coverage on a dice game with an exact answer (8 d6, win at sum ≥ 29; variants at ≥ 30 and ≥ 33)', () => {
  const SEEDS = 1000, GAMES = 2000;
  const exact = { t29: exactAtLeast(29), t30: exactAtLeast(30), t33: exactAtLeast(33) };
  const stop = { kind: 'games' as const, games: GAMES };
  const spec = { rates: [{ id: 'win', label: 'Win' }], values: [{ id: 'sum', label: 'Dice total', max: 48 }], series: null, controls: [{ id: 'dice_luck', doc: '' }] };
  const tally = { own: [0, 0, 0], paired: [0, 0], ownNarrower: [0, 0, 0], pairedNarrower: [0, 0], ownRatio: [0, 0, 0], pairedRatio: [0, 0], valueCover: 0 };
  const truth = [exact.t29, exact.t30, exact.t33];
  beforeAll(() => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const exp = cvDiceExperiment({ seed, stop, chunk: GAMES, cv: true });
    const accs = runChunk(exp, 0, GAMES).data.map((d) => new Accumulator(experimentLayout(exp), d));
    const s = buildSummary(exp, spec, accs, { workers: 0, elapsedSeconds: 0, gamesPerSecond: 0 });
    s.variants.forEach((v, i) => {
      const r = v.rates[0];
      if (r.rate.lo <= truth[i] && truth[i] <= r.rate.hi) tally.own[i]++;
      if (halfWidth(r.rate) < halfWidth(r.raw!)) tally.ownNarrower[i]++;
      tally.ownRatio[i] += r.varianceRatio! / SEEDS;
      if (i > 0) {
        const p = v.pairedRates[0], want = truth[i] - truth[0];
        if (p.diff.lo <= want && want <= p.diff.hi) tally.paired[i - 1]++;
        if (halfWidth(p.diff) < halfWidth(p.raw!)) tally.pairedNarrower[i - 1]++;
        tally.pairedRatio[i - 1] += p.varianceRatio! / SEEDS;
      }
    });
    const mean = s.variants[0].values[0].mean; // E[sum] = 28 exactly, and sum − 28 is the control itself
    if (mean.lo <= 28 && 28 <= mean.hi) tally.valueCover++;
    expect(accs[1].layout.cv).not.toBeNull();
    expect(cvRate(accs[0], 0)).not.toBeNull();
    expect(cvPairedRate(accs[2], 0)).not.toBeNull();
  }
  console.log(`control variates over ${SEEDS} seeds × ${GAMES} games: coverage own ${tally.own.map((c) => (c / SEEDS).toFixed(3))}, paired ${tally.paired.map((c) => (c / SEEDS).toFixed(3))}; mean variance ratio own ${tally.ownRatio.map((r) => r.toFixed(3))}, paired ${tally.pairedRatio.map((r) => r.toFixed(3))}`);
  });
  // A 95% interval covers in 93–97% of 1,000 independent seeds unless its true coverage is off: if it were exactly
  // 95%, the count would fall outside [930, 970] with probability about 0.4% (binomial, ±2.9 sd).
  const band = [0.93 * SEEDS, 0.97 * SEEDS];

  it('the adjusted rates cover the exact P(sum ≥ t) in 93–97% of seeds', () => {
    for (const c of tally.own) {
      expect(c).toBeGreaterThanOrEqual(band[0]);
      expect(c).toBeLessThanOrEqual(band[1]);
    }
  });
  it('the adjusted paired differences cover the exact difference in 93–97% of seeds', () => {
    for (const c of tally.paired) {
      expect(c).toBeGreaterThanOrEqual(band[0]);
      expect(c).toBeLessThanOrEqual(band[1]);
    }
  });
  it('the adjusted rate intervals are narrower than the raw ones in ≥ 99% of seeds, the variance well below 1', () => {
    for (const c of tally.ownNarrower) expect(c).toBeGreaterThanOrEqual(0.99 * SEEDS);
    for (const r of tally.ownRatio) expect(r).toBeLessThan(0.6);
    // ≥ 33 vs ≥ 29 differ on sums 29–32, which the dice total predicts well; ≥ 30 vs ≥ 29 differ on sum 29 alone.
    expect(tally.pairedNarrower[1]).toBeGreaterThanOrEqual(0.99 * SEEDS);
    expect(tally.pairedRatio[1]).toBeLessThan(0.95);
  });
  it('a value that is the control itself plus a constant gets a zero-width interval at its exact mean', () => {
    expect(tally.valueCover).toBe(SEEDS);
  });
});

describe('the stop rule with control variates', () => {
  it('target_error stops earlier with the key on (adjusted half-widths of the rates and paired differences)', async () => {
    const stop = { kind: 'target_error' as const, target: 0.02, maxGames: 100_000, minGames: 200 };
    const on = await runExperiment(cvDiceExperiment({ seed: 11, stop, chunk: 100, cv: true }), { workers: 0 });
    const off = await runExperiment(cvDiceExperiment({ seed: 11, stop, chunk: 100, cv: false }), { workers: 0 });
    console.log(`target_error 0.02 on the dice game: ${on.gamesPerVariant} games per variant with control variates, ${off.gamesPerVariant} without`);
    // Off, the win rate near 0.44 decides (≈ 2,400 games); on, the paired ≥ 33 − ≥ 29 difference, whose variance the
    // controls cut least (≈ 0.9 of 0.2: ≈ 1,800 games).
    expect(on.gamesPerVariant).toBeLessThan(off.gamesPerVariant);
    // Each stopped at its own rule: every adjusted half-width is within the target with the key on.
    for (const v of on.variants) {
      expect(halfWidth(v.rates[0].rate)).toBeLessThanOrEqual(0.02);
      for (const p of v.pairedRates) expect(halfWidth(p.diff)).toBeLessThanOrEqual(0.02);
    }
    expect(Math.max(...off.variants.map((v) => halfWidth(v.rates[0].rate)))).toBeLessThanOrEqual(0.02);
  });
});

describe('resume with control variates', () => {
  it('a run resumed from journal lines (checksummed, the whole accumulator with its control sums) gives the same summary', async () => {
    const stop = { kind: 'target_error' as const, target: 0.015, maxGames: 50_000, minGames: 500 };
    const exp = cvDiceExperiment({ seed: 21, stop, chunk: 250, cv: true });
    const lines: string[] = [];
    const run = identityHash(journalIdentity(exp, 'test'));
    const first = await runExperiment(exp, { workers: 0, journal: { done: new Map(), append: (m, r) => lines.push(chunkLine(m, r, run)) } });
    // Keep the first half of the chunks, as an interrupted run would have, read back through the checksum.
    const done = new Map<number, ChunkResult>();
    for (const l of lines.slice(0, Math.ceil(lines.length / 2))) {
      const c = verifyChunkLine(l, run);
      if (c === 'torn' || c === 'bad') throw new Error('journal line refused');
      expect(c.result.data[1].length).toBe(experimentLayout(exp).size);
      done.set(c.m, c.result);
    }
    const resumed = await runExperiment(exp, { workers: 0, journal: { done, append: () => undefined } });
    expect(JSON.stringify(resumed.variants)).toBe(JSON.stringify(first.variants));
    expect(resumed.gamesPerVariant).toBe(first.gamesPerVariant);
  });
});
