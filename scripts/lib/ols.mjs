/**
 * Ordinary least squares for the measurement scripts (scripts/luck-r2.mjs, scripts/aam-luck-r2.mjs): the multiple R²
 * of a per-game outcome on per-game columns. The shipped estimator (src/sim/stats/control-variates.ts) works from merged
 * sums; these scripts keep every game's columns so they can compare candidate control sets.
 */

/** OLS R² of y on the columns X (each a Float64Array of length N) with an intercept. */
export function r2(y, X) {
  const k = X.length + 1, n = y.length;
  const cols = [new Float64Array(n).fill(1), ...X];
  const A = Array.from({ length: k }, () => new Float64Array(k + 1));
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += cols[a][i] * cols[b][i];
      A[a][b] = A[b][a] = s;
    }
    let s = 0;
    for (let i = 0; i < n; i++) s += cols[a][i] * y[i];
    A[a][k] = s;
  }
  // Gaussian elimination with partial pivoting; singular columns (all zero) get coefficient 0.
  const beta = new Float64Array(k);
  const piv = [];
  for (let c = 0, r = 0; c < k && r < k; c++) {
    let best = r;
    for (let q = r + 1; q < k; q++) if (Math.abs(A[q][c]) > Math.abs(A[best][c])) best = q;
    if (Math.abs(A[best][c]) < 1e-9) continue;
    [A[r], A[best]] = [A[best], A[r]];
    for (let q = 0; q < k; q++) {
      if (q === r) continue;
      const f = A[q][c] / A[r][c];
      for (let z = c; z <= k; z++) A[q][z] -= f * A[r][z];
    }
    piv.push([r, c]);
    r++;
  }
  for (const [r, c] of piv) beta[c] = A[r][k] / A[r][c];
  let my = 0;
  for (let i = 0; i < n; i++) my += y[i];
  my /= n;
  let sst = 0, sse = 0;
  for (let i = 0; i < n; i++) {
    let f = 0;
    for (let a = 0; a < k; a++) f += beta[a] * cols[a][i];
    sst += (y[i] - my) ** 2;
    sse += (y[i] - f) ** 2;
  }
  return sst === 0 ? NaN : 1 - sse / sst;
}
