/**
 * The standard normal distribution's tails and quantiles, accurate far into the
 * tails: the regression check compares p-values with thresholds such as
 * 0.001 / 90 ≈ 1.1e-5, where `1 − erf(x)` (simple-statistics' route, used by the
 * run summaries) loses its relative accuracy to cancellation.
 */

/**
 * Complementary error function erfc(x) = 1 − erf(x), computed directly (no
 * subtraction from 1), from the Chebyshev fit of Numerical Recipes (2nd ed.,
 * §6.2, `erfcc`): with t = 1/(1 + |x|/2),
 *
 *   erfc(|x|) ≈ t·exp(−x² − 1.26551223 + t·(1.00002368 + t·(0.37409196 + …)))
 *
 * and erfc(−x) = 2 − erfc(x). Its relative error is below 1.2·10⁻⁷ for every
 * x, so a tail probability of 10⁻¹² is as accurate as one of 0.3. Underflows
 * to 0 for x ≳ 26.5 (p < 10⁻³⁰⁰).
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 +
    t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

/** Upper tail of the standard normal, P(Z > z) = erfc(z/√2)/2. ±∞ give 0 and 1; NaN gives NaN. */
export function normalSf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 0;
  if (z === -Infinity) return 1;
  return 0.5 * erfc(z / Math.SQRT2);
}

/** Two-sided p-value of a standard normal statistic, P(|Z| ≥ |z|) = erfc(|z|/√2), at most 1. */
export function twoSidedP(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return Math.min(1, 2 * normalSf(Math.abs(z)));
}

// Acklam's rational approximations for the normal quantile (central and tail regions).
const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

/**
 * The standard normal quantile Φ⁻¹(p) by P. J. Acklam's algorithm (rational
 * approximations in a central region |p − ½| ≤ 0.47575 and in the two tails),
 * relative error below 1.15·10⁻⁹. p ≤ 0 gives −∞, p ≥ 1 gives +∞.
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p)) return NaN;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  }
  if (p > 1 - P_LOW) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
}
