/**
 * Interval estimates used by the summaries and the stopping rule. All inputs
 * are sufficient statistics (counts, sums, sums of squares, histograms), so
 * nothing here needs per-game data.
 *
 * The 95% normal quantile is the constant {@link Z95}: simple-statistics'
 * `probit` is an approximation (probit(0.975) ≈ 1.9572) that is too coarse for
 * reported intervals, so it is deliberately not used here.
 */
import { errorFunction } from 'simple-statistics';
import type { Interval } from './summary.js';

/** Two-sided 95% standard normal quantile, Φ⁻¹(0.975). */
export const Z95 = 1.959964;

/**
 * Wilson score interval for a binomial proportion k/n.
 *
 * estimate = k/n; bounds = (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),
 * clamped to [0, 1] (exactly 0 when k = 0, exactly 1 when k = n).
 * With n = 0 the estimate is NaN and the interval is [0, 1].
 */
export function wilson(k: number, n: number, z: number = Z95): Interval {
  if (n <= 0) return { estimate: NaN, lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  const lo = k <= 0 ? 0 : Math.max(0, center - half);
  const hi = k >= n ? 1 : Math.min(1, center + half);
  return { estimate: p, lo, hi };
}

/** Half-width of an interval, (hi − lo)/2 (for the asymmetric Wilson interval too). */
export function halfWidth(iv: Interval): number {
  return (iv.hi - iv.lo) / 2;
}

/**
 * Normal interval of a mean from its sum and sum of squares:
 * mean ± z·sd/√n with the sample (n−1) standard deviation.
 * With n = 0 everything is NaN; with n = 1 the estimate is the single value
 * and sd and bounds are NaN (the spread is unknown).
 */
export function meanInterval(sum: number, sumSq: number, n: number, z: number = Z95): { interval: Interval; sd: number } {
  if (n <= 0) return { interval: { estimate: NaN, lo: NaN, hi: NaN }, sd: NaN };
  const mean = sum / n;
  if (n === 1) return { interval: { estimate: mean, lo: NaN, hi: NaN }, sd: NaN };
  // Rounding can push a zero variance slightly negative.
  const variance = Math.max(0, (sumSq - sum * mean) / (n - 1));
  const sd = Math.sqrt(variance);
  const half = (z * sd) / Math.sqrt(n);
  return { interval: { estimate: mean, lo: mean - half, hi: mean + half }, sd };
}

/**
 * Normal interval of the mean of per-game paired differences d (this variant −
 * baseline on the same game index), from Σd and Σd² over n games, using the
 * n−1 variance. Same conventions as {@link meanInterval}.
 */
export function pairedInterval(sumD: number, sumD2: number, n: number, z: number = Z95): Interval {
  return meanInterval(sumD, sumD2, n, z).interval;
}

/**
 * Two-sided p-value of "no difference" for the mean of n paired differences
 * (normal approximation, z = mean / (sd/√n)), using simple-statistics'
 * error function: p = 1 − erf(|z|/√2). With zero spread it is 1 when the
 * mean is 0 and 0 otherwise; NaN below two games.
 */
export function pairedPValue(sumD: number, sumD2: number, n: number): number {
  if (n < 2) return NaN;
  const mean = sumD / n;
  const variance = Math.max(0, (sumD2 - n * mean * mean) / (n - 1));
  const se = Math.sqrt(variance / n);
  if (se === 0) return mean === 0 ? 1 : 0;
  const z = Math.abs(mean) / se;
  return Math.min(1, Math.max(0, 1 - errorFunction(z / Math.SQRT2)));
}

/**
 * Unpaired difference of two proportions k1/n1 − k0/n0 (conditional rates,
 * whose conditioning sets differ between variants, so pairing is lost):
 * normal (Wald) 95% interval with the unpooled standard error, and the
 * two-sided p-value of "no difference" with the pooled one. NaN when either
 * n is 0.
 */
export function unpairedRateDiff(k1: number, n1: number, k0: number, n0: number, z: number = Z95): { diff: Interval; p: number } {
  if (n1 === 0 || n0 === 0) return { diff: { estimate: NaN, lo: NaN, hi: NaN }, p: NaN };
  const p1 = k1 / n1, p0 = k0 / n0, d = p1 - p0;
  const se = Math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0);
  const pool = (k1 + k0) / (n1 + n0);
  const sePool = Math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n0));
  const p = sePool === 0 ? (d === 0 ? 1 : 0) : Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(d) / sePool / Math.SQRT2)));
  return { diff: { estimate: d, lo: d - z * se, hi: d + z * se }, p };
}

/**
 * Nearest-rank percentile of an integer-valued histogram (`counts[v]` = number
 * of observations equal to v). Returns the smallest value v whose cumulative
 * count reaches rank ⌈q·N⌉ (at least 1), where N = Σ counts; so q = 0 gives the
 * minimum, q = 1 the maximum, and the result is always an observed value.
 * Returns NaN for an empty histogram. q is clamped to [0, 1].
 */
export function percentileFromHistogram(counts: ArrayLike<number>, q: number): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  if (total <= 0) return NaN;
  const qq = Math.min(1, Math.max(0, q));
  // q·N like 0.1·30 = 3.0000000000000004 must give rank 3, not 4.
  const x = qq * total;
  const nearest = Math.round(x);
  const rank = Math.max(1, Math.abs(x - nearest) <= 1e-9 * total ? nearest : Math.ceil(x));
  let cum = 0;
  for (let v = 0; v < counts.length; v++) {
    cum += counts[v];
    if (cum >= rank) return v;
  }
  return counts.length - 1;
}
