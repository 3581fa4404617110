/**
 * Holm's step-down method: family-wise error control over all the metrics a
 * check compares, valid under any dependence between them (clear rate, leader
 * survival and engagements cleared are strongly correlated, for instance).
 */

/**
 * Holm-adjusted p-values, in the input order. With the m p-values sorted
 * ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted value of the i-th smallest is
 *
 *   p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎)
 *
 * and rejecting every hypothesis with p̃ ≤ α is exactly Holm's procedure (reject
 * p₍₁₎ ≤ α/m, then p₍₂₎ ≤ α/(m − 1), …, stopping at the first failure): the
 * probability of rejecting any true hypothesis is at most α. A NaN p-value (a
 * test that could not be computed) is treated as 1: it never rejects but still
 * counts in m.
 */
export function holmAdjust(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p: Number.isNaN(p) ? 1 : p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
