/**
 * The control-variate estimator (issue 27): a mean (a rate, a value's mean or a paired difference) corrected by
 * the engine's zero-mean "luck" terms (MetricSpec.controls), computed from sufficient statistics only.
 *
 * The regression y = θ + βᵀz + e is fitted by least squares over the n games, with the m regressors z being the
 * controls (for a paired difference: this variant's and the baseline's, 2k of them). Because every control has
 * expectation exactly 0, the intercept θ̂ = ȳ − β̂ᵀz̄ estimates E[y] (unbiased for a fixed β; fitting β costs O(1/n)),
 * and its variance is the residual variance s²/n instead of var(y)/n: the share of y's spread the controls explain
 * is removed. The interval is θ̂ ± z·s·√(1/n + z̄ᵀS_zz⁻¹z̄), the usual standard error of an OLS intercept.
 *
 * Deterministic and ridge-free: the normal equations are solved by a Cholesky factorisation that drops a regressor
 * whose centred variance is zero (a control never touched) or whose pivot is below 1e−9 of its own variance (it is a
 * linear combination of regressors before it, e.g. a variant whose controls equal the baseline's).
 */
import { errorFunction } from 'simple-statistics';
import { Z95 } from './stats.js';
import type { Interval } from './summary.js';

/** Sufficient statistics of one outcome y and m regressors z over n games (raw, uncentred sums). */
export interface CvSums {
  readonly n: number;
  readonly sumY: number;
  readonly sumY2: number;
  /** Σz_i, length m. */
  readonly sumZ: ArrayLike<number>;
  /** Σz_i·z_j, m×m row-major (symmetric). */
  readonly sumZZ: ArrayLike<number>;
  /** Σy·z_i, length m. */
  readonly sumZY: ArrayLike<number>;
}

/** An adjusted estimate. */
export interface CvEstimate {
  /** θ̂ with its 95% interval (not clamped: a rate's interval may reach past 0 or 1 by a little). */
  readonly interval: Interval;
  /** Standard error of θ̂. */
  readonly se: number;
  /** Residual variance over y's variance, s²/var(y): 1 − R² up to degrees of freedom (1 when y has no spread). */
  readonly ratio: number;
  /** Regressors kept (the others had no variance or were collinear). */
  readonly used: number;
  /** Two-sided p-value of θ = 0 (normal approximation). */
  readonly p: number;
}

/** Relative pivot below which a regressor counts as collinear with the ones before it. */
const PIVOT_TOL = 1e-9;

/** Fewest games beyond the regressors for an adjusted estimate: with n ≤ m + 10 the caller keeps the raw interval. */
export const CV_MIN_EXTRA_GAMES = 10;

/**
 * The control-variate estimate of E[y] from `s`, or null when n ≤ m + {@link CV_MIN_EXTRA_GAMES} (too few games to
 * fit β; use the raw interval).
 */
export function cvEstimate(s: CvSums, z: number = Z95): CvEstimate | null {
  const n = s.n, m = s.sumZ.length;
  if (!(n > m + CV_MIN_EXTRA_GAMES)) return null;
  const ybar = s.sumY / n;
  const syy = Math.max(0, s.sumY2 - s.sumY * ybar);
  // Centred cross products, and the Cholesky factor L (lower, row-major) of S_zz over the kept regressors.
  const zbar = new Float64Array(m), szy = new Float64Array(m), L = new Float64Array(m * m), keep = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    zbar[i] = s.sumZ[i] / n;
    szy[i] = s.sumZY[i] - s.sumZ[i] * ybar;
  }
  let used = 0;
  for (let j = 0; j < m; j++) {
    const sjj = s.sumZZ[j * m + j] - s.sumZ[j] * zbar[j];
    // A control that is exactly 0 in every game, or constant: no information (rounding may leave a speck).
    if (!(sjj > 1e-12 * s.sumZZ[j * m + j])) continue;
    let d = sjj;
    for (let k = 0; k < j; k++) if (keep[k]) d -= L[j * m + k] * L[j * m + k];
    if (!(d > PIVOT_TOL * sjj)) continue;
    const pivot = Math.sqrt(d);
    L[j * m + j] = pivot;
    keep[j] = 1;
    used++;
    for (let i = j + 1; i < m; i++) {
      let v = s.sumZZ[i * m + j] - s.sumZ[i] * zbar[j];
      for (let k = 0; k < j; k++) if (keep[k]) v -= L[i * m + k] * L[j * m + k];
      L[i * m + j] = v / pivot;
    }
  }
  // Forward solves L·u = S_zy and L·w = z̄; then β = L⁻ᵀu, βᵀS_zy = ‖u‖², z̄ᵀS_zz⁻¹z̄ = ‖w‖², βᵀz̄ = u·w.
  const u = new Float64Array(m), w = new Float64Array(m);
  let uu = 0, ww = 0, uw = 0;
  for (let i = 0; i < m; i++) {
    if (!keep[i]) continue;
    let a = szy[i], b = zbar[i];
    for (let k = 0; k < i; k++) {
      if (!keep[k]) continue;
      a -= L[i * m + k] * u[k];
      b -= L[i * m + k] * w[k];
    }
    u[i] = a / L[i * m + i];
    w[i] = b / L[i * m + i];
    uu += u[i] * u[i];
    ww += w[i] * w[i];
    uw += u[i] * w[i];
  }
  const estimate = ybar - uw;
  const dof = n - used - 1;
  const s2 = Math.max(0, syy - uu) / dof;
  const se = Math.sqrt(s2 * (1 / n + ww));
  const half = z * se;
  const ratio = syy > 0 ? s2 / (syy / (n - 1)) : 1;
  const p = se === 0 ? (estimate === 0 ? 1 : 0) : Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(estimate) / se / Math.SQRT2)));
  return { interval: { estimate, lo: estimate - half, hi: estimate + half }, se, ratio, used, p };
}
