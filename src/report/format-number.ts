/**
 * Number formatting for machine-readable outputs (CSV, JSON cells).
 */

/** Significant digits kept for non-integer numbers in CSV files. */
export const CSV_SIGNIFICANT_DIGITS = 6;

/**
 * Format a number for a CSV cell: integers exactly, other finite numbers with
 * {@link CSV_SIGNIFICANT_DIGITS} significant digits and without an exponent
 * for ordinary magnitudes (1e-6 ≤ |x| < 1e21); −0 becomes `0`; non-finite
 * numbers, `null` and `undefined` become an empty cell.
 */
export function formatCsvNumber(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '';
  if (Object.is(x, -0) || x === 0) return '0';
  if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? x.toFixed(0) : String(x);
  const rounded = Number(x.toPrecision(CSV_SIGNIFICANT_DIGITS));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
