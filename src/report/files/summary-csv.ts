/**
 * summary.csv: one row per variant with every rate, value and paired difference.
 */
import type { Interval, RunSummary } from '../../sim/stats/summary.js';
import type { CsvCell, CsvTable } from './csv.js';
import { isBaseline, pairedOf, primaryRate, rateOf, referenceName, usesPairedWith, valueOf } from '../lookup.js';

/**
 * Build summary.csv. Columns:
 * `variant,label,baseline,cost,games,wins,win_rate,win_rate_lo,win_rate_hi`
 * (the primary rate), then `<id>,<id>_lo,<id>_hi` per other rate, then
 * `<id>_mean,<id>_lo,<id>_hi,<id>_p10,<id>_p50,<id>_p90` per value, then
 * `<id>_diff,<id>_diff_lo,<id>_diff_hi` per rate and value (paired vs the
 * baseline; empty on the baseline row). Rates and rate differences are
 * fractions (0–1); `baseline` is `true`/`false`. When some variant names its
 * own reference (`paired_with:`), a `paired_with` column follows `baseline`:
 * the variant the differences are taken against (empty for the baseline and
 * for `none`, whose difference cells are empty too); otherwise the bytes are
 * as before.
 *
 * With `control_variates: true` the columns above hold the adjusted figures, and the raw ones follow at the end:
 * `<id>_raw,<id>_raw_lo,<id>_raw_hi,<id>_variance_ratio` per rate (the primary one's id is `win_rate`) and value,
 * then `<id>_diff_raw,<id>_diff_raw_lo,<id>_diff_raw_hi,<id>_diff_variance_ratio` per rate and value (empty where no
 * adjusted figure exists: a conditional rate, too few games, the baseline's differences).
 */
export function summaryCsv(summary: RunSummary): CsvTable {
  const primary = primaryRate(summary);
  const otherRates = summary.metrics.rates.slice(1);
  const values = summary.metrics.values;
  const withRef = usesPairedWith(summary);
  const header = ['variant', 'label', 'baseline', ...(withRef ? ['paired_with'] : []), 'cost', 'games', 'wins', 'win_rate', 'win_rate_lo', 'win_rate_hi'];
  for (const r of otherRates) header.push(r.id, `${r.id}_lo`, `${r.id}_hi`);
  for (const v of values) header.push(`${v.id}_mean`, `${v.id}_lo`, `${v.id}_hi`, `${v.id}_p10`, `${v.id}_p50`, `${v.id}_p90`);
  const paired = [
    ...summary.metrics.rates.map((r) => ({ id: r.id, kind: 'rate' as const })),
    ...values.map((v) => ({ id: v.id, kind: 'value' as const })),
  ];
  for (const p of paired) header.push(`${p.id}_diff`, `${p.id}_diff_lo`, `${p.id}_diff_hi`);
  const cv = summary.controlVariates !== undefined;
  if (cv) {
    for (const r of summary.metrics.rates) {
      const id = r.id === primary.id ? 'win_rate' : r.id;
      header.push(`${id}_raw`, `${id}_raw_lo`, `${id}_raw_hi`, `${id}_variance_ratio`);
    }
    for (const v of values) header.push(`${v.id}_mean_raw`, `${v.id}_raw_lo`, `${v.id}_raw_hi`, `${v.id}_variance_ratio`);
    for (const p of paired) header.push(`${p.id}_diff_raw`, `${p.id}_diff_raw_lo`, `${p.id}_diff_raw_hi`, `${p.id}_diff_variance_ratio`);
  }

  const rows = summary.variants.map((v) => {
    const base = isBaseline(summary, v);
    const win = rateOf(v, primary.id);
    const row: CsvCell[] = [v.name, v.label, base ? 'true' : 'false', ...(withRef ? [referenceName(summary, v) ?? undefined] : []), v.cost, v.games];
    row.push(win?.count, win?.rate.estimate, win?.rate.lo, win?.rate.hi);
    for (const spec of otherRates) {
      const r = rateOf(v, spec.id);
      row.push(r?.rate.estimate, r?.rate.lo, r?.rate.hi);
    }
    for (const spec of values) {
      const x = valueOf(v, spec.id);
      row.push(x?.mean.estimate, x?.mean.lo, x?.mean.hi, x?.p10, x?.p50, x?.p90);
    }
    for (const p of paired) {
      const d = base ? undefined : pairedOf(v, p.id, p.kind);
      row.push(d?.diff.estimate, d?.diff.lo, d?.diff.hi);
    }
    if (cv) {
      const raw = (x: { raw?: Interval; varianceRatio?: number } | undefined) => row.push(x?.raw?.estimate, x?.raw?.lo, x?.raw?.hi, x?.varianceRatio);
      for (const spec of summary.metrics.rates) raw(rateOf(v, spec.id));
      for (const spec of values) raw(valueOf(v, spec.id));
      for (const p of paired) raw(base ? undefined : pairedOf(v, p.id, p.kind));
    }
    return row;
  });
  return { header, rows };
}
