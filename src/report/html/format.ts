/**
 * Number formatting for the HTML report. Same conventions as the terminal
 * table (format-table.ts), but every formatter shows {@link NO_VALUE} for a
 * missing or non-finite number instead of `NaN`.
 */
import type { Interval } from '../../sim/stats/summary.js';
import { NO_VALUE, signed } from '../format-table.js';

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** A fraction as a percentage with one decimal: `63.2%`. */
export function pct(x: number | null | undefined): string {
  return finite(x) ? `${(x * 100).toFixed(1)}%` : NO_VALUE;
}

/** The CI of a rate in percent: `[62.5, 63.9]`. */
export function rateCi(i: Interval | undefined): string {
  if (!i || !finite(i.lo) || !finite(i.hi)) return '';
  return `[${(i.lo * 100).toFixed(1)}, ${(i.hi * 100).toFixed(1)}]`;
}

/** A rate difference (a fraction) in percentage points: `+4.1 pp` (`digits` decimals). */
export function pp(x: number | null | undefined, digits = 1): string {
  return finite(x) ? `${signed(x * 100, digits)} pp` : NO_VALUE;
}

/** The CI of a rate difference in pp: `[+3.2, +5.0]`. */
export function ppCi(i: Interval | undefined): string {
  if (!i || !finite(i.lo) || !finite(i.hi)) return '';
  return `[${signed(i.lo * 100, 1)}, ${signed(i.hi * 100, 1)}]`;
}

/** A mean with two decimals (`12.35`); `sign` adds an explicit sign for differences. */
export function mean(x: number | null | undefined, sign = false): string {
  if (!finite(x)) return NO_VALUE;
  return sign ? signed(x, 2) : x.toFixed(2);
}

/** The CI of a mean: `[12.20, 12.49]`, signed for differences. */
export function meanCi(i: Interval | undefined, sign = false): string {
  if (!i || !finite(i.lo) || !finite(i.hi)) return '';
  return `[${mean(i.lo, sign)}, ${mean(i.hi, sign)}]`;
}

/** A p-value: `< 0.001`, else three decimals (`0.042`). */
export function pValue(p: number | null | undefined): string {
  if (!finite(p)) return NO_VALUE;
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** An integer count with thousands separators: `20,000`. */
export function count(x: number | null | undefined): string {
  return finite(x) ? Math.round(x).toLocaleString('en-US') : NO_VALUE;
}

/** A cost: integers with separators, otherwise four significant digits. */
export function cost(x: number | null | undefined): string {
  if (!finite(x)) return NO_VALUE;
  return Number.isInteger(x) ? x.toLocaleString('en-US') : String(Number(x.toPrecision(4)));
}

/** Seconds as `12.5 s`, `3 min 05 s` or `1 h 02 min`. */
export function duration(seconds: number | null | undefined): string {
  if (!finite(seconds) || seconds < 0) return NO_VALUE;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** Whether an interval lies entirely above 0 (`1`), below 0 (`-1`) or straddles it (`0`). */
export function side(i: Interval | undefined): -1 | 0 | 1 {
  if (!i || !finite(i.lo) || !finite(i.hi)) return 0;
  if (i.lo > 0) return 1;
  if (i.hi < 0) return -1;
  return 0;
}

/** A p-value as a clause: `p < 0.001`, `p = 0.042`, or empty when unknown. */
export function pClause(p: number | null | undefined): string {
  if (!finite(p)) return '';
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}
