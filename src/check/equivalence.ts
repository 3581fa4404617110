/**
 * Equivalence tests for designer-declared bands ("the NORMAL clear rate must
 * stay within 40–50%"): two one-sided tests (TOST) at level α on the current
 * run. A band passes only when the data show the metric is inside it, i.e.
 * both H₀⁻: θ < lo and H₀⁺: θ > hi are rejected at α, which is the same as the
 * metric's (1 − 2α) confidence interval lying inside [lo, hi]. A band whose
 * interval straddles an edge fails: "not shown to be inside".
 *
 * When a check has several bands, the gate passes only if all of them pass,
 * so by the intersection–union principle the chance of passing when any band
 * is in fact violated is still at most α, without a multiplicity correction.
 */
import type { Interval } from '../sim/stats/summary.js';
import { wilson } from '../sim/stats/stats.js';
import { normalQuantile, normalSf } from './normal.js';
import type { MeanSample, RateSample } from './two-sample.js';

/** Outcome of a band test. */
export interface BandTest {
  /** The (1 − 2α) confidence interval of the metric. */
  readonly interval: Interval;
  /** The smaller of the two one-sided z statistics (how far inside the band, in standard errors). */
  readonly z: number;
  /** TOST p-value: the larger of the two one-sided p-values. */
  readonly p: number;
  /** p ≤ α: the metric is shown to be inside the band. */
  readonly inside: boolean;
}

/** One-sided z for "θ is beyond `edge`", with a zero standard error meaning certainty either way. */
function zInside(distance: number, se: number): number {
  if (se > 0) return distance / se;
  return distance >= 0 ? Infinity : -Infinity;
}

/**
 * TOST for a rate with score (Wilson) tests. With p̂ = k/n:
 *
 *   z_lo = (p̂ − lo) / √(lo(1 − lo)/n),   z_hi = (hi − p̂) / √(hi(1 − hi)/n)
 *   p = max(1 − Φ(z_lo), 1 − Φ(z_hi))
 *
 * Inverting these one-sided score tests gives the Wilson interval, so p ≤ α
 * exactly when the (1 − 2α) Wilson interval (reported) lies inside [lo, hi]. An
 * edge at 0 or 1 constrains nothing (a rate cannot be below 0 or above 1): its
 * one-sided p-value is 0.
 */
export function rateBandTest(s: RateSample, lo: number, hi: number, alpha: number): BandTest {
  const n = s.games;
  const phat = s.count / n;
  const zLo = lo <= 0 ? Infinity : zInside(phat - lo, Math.sqrt((lo * (1 - lo)) / n));
  const zHi = hi >= 1 ? Infinity : zInside(hi - phat, Math.sqrt((hi * (1 - hi)) / n));
  const z = Math.min(zLo, zHi);
  const p = Math.max(normalSf(zLo), normalSf(zHi));
  return { interval: wilson(s.count, n, normalQuantile(1 - alpha)), z, p, inside: p <= alpha };
}

/**
 * TOST for a mean with normal (Wald) tests. With se = s/√n:
 *
 *   z_lo = (x̄ − lo)/se,   z_hi = (hi − x̄)/se,   p = max(1 − Φ(z_lo), 1 − Φ(z_hi))
 *
 * so p ≤ α exactly when x̄ ± z_{1−α}·se (reported) lies inside [lo, hi]. A
 * constant sample (se = 0) passes when its mean is inside the band.
 */
export function meanBandTest(s: MeanSample, lo: number, hi: number, alpha: number): BandTest {
  const se = Math.sqrt(Math.max(0, s.variance) / s.games);
  const zLo = zInside(s.mean - lo, se);
  const zHi = zInside(hi - s.mean, se);
  const half = normalQuantile(1 - alpha) * se;
  const p = Math.max(normalSf(zLo), normalSf(zHi));
  return { interval: { estimate: s.mean, lo: s.mean - half, hi: s.mean + half }, z: Math.min(zLo, zHi), p, inside: p <= alpha };
}
