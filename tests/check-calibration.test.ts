// (1) The gate's false-alarm rate on unchanged rules. Many independent
// baselines of the small fixture experiment (seeds 1…K), each checked the way
// `balance-lab check` does it (default derived seed, in-process), at α = 0.05
// so the rate is measurable: the share of checks that fail must be at most α
// within its binomial sampling error. The individual z-tests are also shown to
// be calibrated (neither anti-conservative nor dead): their own rejection rate
// at 0.05 is within the two-sided binomial range around 0.05.
import { describe, expect, it } from 'vitest';
import { baselineFromSummary } from '../src/check/baseline.js';
import { runCheck } from '../src/check/run-check.js';
import { runExperiment } from '../src/sim/run/run.js';
import { stubExperiment } from './helpers/sim-experiment.js';

const K = 200;
const ALPHA = 0.05;
const GAMES = 1500;

/** log P(X = k) for X ~ Binomial(n, p). */
function logPmf(k: number, n: number, p: number): number {
  let lc = 0;
  for (let i = 1; i <= k; i++) lc += Math.log((n - k + i) / i);
  return lc + k * Math.log(p) + (n - k) * Math.log(1 - p);
}

/** Smallest c with P(X ≥ c) ≤ tail, X ~ Binomial(n, p). */
function upperCritical(n: number, p: number, tail: number): number {
  let sf = 1;
  for (let c = 0; c <= n; c++) {
    if (sf <= tail) return c;
    sf -= Math.exp(logPmf(c, n, p));
  }
  return n + 1;
}

/** Largest c with P(X ≤ c) ≤ tail (−1 if none). */
function lowerCritical(n: number, p: number, tail: number): number {
  let cdf = 0;
  for (let c = 0; c <= n; c++) {
    cdf += Math.exp(logPmf(c, n, p));
    if (cdf > tail) return c - 1;
  }
  return n;
}

describe('check: false-alarm rate on unchanged rules', () => {
  it(`at α = ${ALPHA}, ${K} independent checks of the fixture fail at most α of the time (binomial bound)`, async () => {
    const exp = stubExperiment(`games: ${GAMES}\nchunk: 500`);
    let alarms = 0, rateRejects = 0, meanRejects = 0, metrics = 0;
    for (let i = 0; i < K; i++) {
      const summary = await runExperiment({ ...exp, seed: i + 1 }, { workers: 0 });
      const baseline = baselineFromSummary(summary, 'test');
      const res = await runCheck(exp, baseline, { workers: 0, alpha: ALPHA });
      expect(res.plan.seed).not.toBe(baseline.seed);
      metrics = res.rows.length;
      if (!res.passed) alarms++;
      const win = res.rows.find((r) => r.variant === 'base' && r.metric === 'win')!;
      const spent = res.rows.find((r) => r.variant === 'base' && r.metric === 'magazines_spent')!;
      if (win.p <= ALPHA) rateRejects++;
      if (spent.p <= ALPHA) meanRejects++;
    }
    const bound = upperCritical(K, ALPHA, 0.001);
    const [lo, hi] = [lowerCritical(K, ALPHA, 0.0005) + 1, upperCritical(K, ALPHA, 0.0005) - 1];
    console.log(
      `false alarms: ${alarms}/${K} = ${(alarms / K).toFixed(3)} (Holm over ${metrics} metrics, α = ${ALPHA}; fail if ≥ ${bound}); ` +
        `single tests at 0.05: two-proportion z ${rateRejects}/${K}, Welch z ${meanRejects}/${K} (99.9% range ${lo}–${hi})`,
    );
    expect(metrics).toBe(27);
    // Family-wise: at most α, allowing for sampling error (P(X ≥ bound) ≤ 0.001 under a true rate of α).
    expect(alarms).toBeLessThan(bound);
    // Each test alone rejects about 5% of the time: valid and not vacuous.
    expect(rateRejects).toBeGreaterThanOrEqual(lo);
    expect(rateRejects).toBeLessThanOrEqual(hi);
    expect(meanRejects).toBeGreaterThanOrEqual(lo);
    expect(meanRejects).toBeLessThanOrEqual(hi);
  });
});
