/**
 * sweep.csv (runs with a `sweep:`): one row per swept variant with its
 * parameter values, the primary rate with its 95% CI, and the paired
 * difference vs the baseline with its CI.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import type { CsvCell, CsvTable } from './csv.js';
import { pairedOf, primaryRate, rateOf, referenceName, usesPairedWith } from '../lookup.js';

/**
 * Build sweep.csv, or null when the run has no sweep. Columns: `variant`, one per parameter path, `games`, `rate`,
 * `rate_lo`, `rate_hi`, `diff`, `diff_lo`, `diff_hi`, and `paired_with` (the variant the diff is taken against)
 * only when some variant names its own reference.
 */
export function sweepCsv(summary: RunSummary): CsvTable | null {
  const sw = summary.sweep;
  if (!sw) return null;
  const primary = primaryRate(summary);
  const withRef = usesPairedWith(summary);
  const header = ['variant', ...sw.params, 'games', 'rate', 'rate_lo', 'rate_hi', 'diff', 'diff_lo', 'diff_hi', ...(withRef ? ['paired_with'] : [])];
  const rows: CsvCell[][] = [];
  for (const p of sw.points) {
    const v = summary.variants.find((x) => x.name === p.variant);
    if (!v) continue;
    const r = rateOf(v, primary.id);
    const d = pairedOf(v, primary.id, 'rate');
    rows.push([v.name, ...p.values.map((x) => (typeof x === 'boolean' ? String(x) : x)), v.games, r?.rate.estimate, r?.rate.lo, r?.rate.hi, d?.diff.estimate, d?.diff.lo, d?.diff.hi, ...(withRef ? [referenceName(summary, v) ?? undefined] : [])]);
  }
  return { header, rows };
}
