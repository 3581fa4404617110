/**
 * Least-squares line through (x, y) points for the measurement scripts (scripts/memory-flat.mjs): the slope, its
 * standard error and the spread of the points, so a memory trend can be told from noise.
 */

/**
 * Fit y = a + b·x. Returns { n, slope, se, lo, hi (95% interval of the slope), min, max } of the points; se is NaN
 * with fewer than 3 points.
 */
export function fitSlope(xs, ys) {
  const n = xs.length;
  let mx = 0, my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0, sxy = 0, min = Infinity, max = -Infinity;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
    min = Math.min(min, ys[i]);
    max = Math.max(max, ys[i]);
  }
  const slope = sxx > 0 ? sxy / sxx : NaN;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i] - my - slope * (xs[i] - mx)) ** 2;
  const se = n > 2 && sxx > 0 ? Math.sqrt(sse / (n - 2) / sxx) : NaN;
  return { n, slope, se, lo: slope - 1.96 * se, hi: slope + 1.96 * se, min, max };
}
