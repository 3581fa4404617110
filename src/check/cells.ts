/**
 * Cell formats of the check table: rates in percent and percentage points,
 * means in their own unit, z and p-values.
 */
import type { Interval } from '../sim/stats/summary.js';
import { formatDiffPp, formatMean, formatRate, signed } from '../report/format-table.js';

/** Placeholder for an empty cell. */
export const EMPTY = '—';

/** A value with its interval: `45.3% [44.3, 46.3]` for a rate, `22.44 [22.42, 22.46]` for a mean. */
export function valueCell(kind: 'rate' | 'mean', iv: Interval | null): string {
  if (!iv || !Number.isFinite(iv.estimate)) return EMPTY;
  return kind === 'rate' ? formatRate(iv) : formatMean(iv);
}

/** A difference with its interval: `-2.1 pp [-3.0, -1.2]` for a rate, `+0.35 [+0.20, +0.50]` for a mean. */
export function diffCell(kind: 'rate' | 'mean', iv: Interval): string {
  if (!Number.isFinite(iv.estimate)) return EMPTY;
  if (kind === 'rate') return formatDiffPp(iv);
  const s = (x: number) => signed(x, 2);
  return `${s(iv.estimate)} [${s(iv.lo)}, ${s(iv.hi)}]`;
}

/** A band as `[40.0%, 50.0%]` (rates) or `[10, 12.5]` (means). */
export function bandCell(kind: 'rate' | 'mean', lo: number, hi: number): string {
  const f = (x: number) => (kind === 'rate' ? `${Number((x * 100).toFixed(2))}%` : String(Number(x.toPrecision(6))));
  return `[${f(lo)}, ${f(hi)}]`;
}

/** A z statistic with its sign, two decimals (`+∞` for a certain difference). */
export function zCell(z: number): string {
  if (Number.isNaN(z)) return EMPTY;
  if (!Number.isFinite(z)) return z > 0 ? '+∞' : '−∞';
  return signed(z, 2);
}

/** A p-value: three decimals down to 0.01, then two significant digits in exponent form; 0 (underflow) as `<1e-300`. */
export function pCell(p: number): string {
  if (Number.isNaN(p)) return EMPTY;
  if (p >= 0.01) return p.toFixed(3);
  if (p <= 0) return '<1e-300';
  return p.toExponential(1);
}

/** α as written by a person: 0.001, 0.05. */
export function alphaText(alpha: number): string {
  return String(Number(alpha.toPrecision(6)));
}

/** The confidence level of the (1 − 2α) band intervals, e.g. `99.8%`. */
export function bandLevelText(alpha: number): string {
  return `${Number(((1 - 2 * alpha) * 100).toPrecision(6))}%`;
}
