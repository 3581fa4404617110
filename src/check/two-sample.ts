/**
 * Two-sample tests of "no change" between a baseline run and a current run.
 * The two runs use different seeds, so their games are independent samples
 * (not paired, unlike the variants inside one run): the variance of a
 * difference is the sum of the two variances.
 */
import type { Interval } from '../sim/stats/summary.js';
import { normalQuantile, twoSidedP } from './normal.js';

/** A rate as its sufficient statistics: `count` events in `games` games. */
export interface RateSample {
  readonly count: number;
  readonly games: number;
}

/** A mean as its sufficient statistics: sample mean, sample variance (n − 1 divisor) and games. */
export interface MeanSample {
  readonly mean: number;
  readonly variance: number;
  readonly games: number;
}

/** Outcome of a two-sample test: the difference current − baseline with its CI, the statistic and its two-sided p-value. */
export interface TwoSampleTest {
  readonly diff: Interval;
  readonly z: number;
  readonly p: number;
}

/** z for a statistic with standard error `se`; a zero standard error gives 0 for no difference and ±∞ otherwise. */
function zOf(d: number, se: number): number {
  if (se > 0) return d / se;
  return d === 0 ? 0 : d > 0 ? Infinity : -Infinity;
}

/**
 * Two-proportion z-test of H₀: π_current = π_baseline for independent samples
 * (baseline k₁ of n₁, current k₂ of n₂, p̂ᵢ = kᵢ/nᵢ):
 *
 *   z = (p̂₂ − p̂₁) / √( p̄(1 − p̄)(1/n₁ + 1/n₂) ),   p̄ = (k₁ + k₂)/(n₁ + n₂)   (pooled under H₀)
 *   p = 2·(1 − Φ(|z|))
 *
 * z² equals Pearson's χ² statistic of the 2×2 table without continuity
 * correction. The CI of the difference is the unpooled Wald interval
 * (p̂₂ − p̂₁) ± z_{(1+level)/2}·√(p̂₁(1 − p̂₁)/n₁ + p̂₂(1 − p̂₂)/n₂).
 * Both are large-sample approximations: they are accurate when every cell of
 * the 2×2 table expects at least ~5 games, and slightly anti-conservative for
 * rarer events. When both samples have no events (or only events) z = 0, p = 1.
 */
export function twoProportionZ(baseline: RateSample, current: RateSample, level = 0.95): TwoSampleTest {
  const { count: k1, games: n1 } = baseline;
  const { count: k2, games: n2 } = current;
  if (!(n1 > 0 && n2 > 0)) return { diff: { estimate: NaN, lo: NaN, hi: NaN }, z: NaN, p: NaN };
  const p1 = k1 / n1, p2 = k2 / n2, d = p2 - p1;
  const pooled = (k1 + k2) / (n1 + n2);
  const z = zOf(d, Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)));
  const half = normalQuantile((1 + level) / 2) * Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  return { diff: { estimate: d, lo: d - half, hi: d + half }, z, p: twoSidedP(z) };
}

/**
 * Welch z-test of H₀: μ_current = μ_baseline for independent samples with
 * unequal variances (means x̄ᵢ, sample variances sᵢ², games nᵢ):
 *
 *   se = √( s₁²/n₁ + s₂²/n₂ ),   z = (x̄₂ − x̄₁) / se,   p = 2·(1 − Φ(|z|))
 *
 * and the CI of the difference is (x̄₂ − x̄₁) ± z_{(1+level)/2}·se. This is
 * Welch's t statistic referred to the normal distribution instead of a t with
 * Welch–Satterthwaite degrees of freedom, which is exact in the limit and
 * indistinguishable from it at the thousands of games a check plays (with
 * fewer than ~30 games per sample it would be anti-conservative). A zero
 * standard error (both samples constant) gives z = 0, p = 1 for equal means
 * and z = ±∞, p = 0 otherwise.
 */
export function welchZ(baseline: MeanSample, current: MeanSample, level = 0.95): TwoSampleTest {
  const n1 = baseline.games, n2 = current.games;
  if (!(n1 > 1 && n2 > 1)) return { diff: { estimate: NaN, lo: NaN, hi: NaN }, z: NaN, p: NaN };
  const d = current.mean - baseline.mean;
  const se = Math.sqrt(Math.max(0, baseline.variance) / n1 + Math.max(0, current.variance) / n2);
  const z = zOf(d, se);
  const half = normalQuantile((1 + level) / 2) * se;
  return { diff: { estimate: d, lo: d - half, hi: d + half }, z, p: twoSidedP(z) };
}
