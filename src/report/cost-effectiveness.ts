/**
 * Cost-effectiveness of each variant vs its reference (the baseline, or the
 * variant its `paired_with:` names): the paired change in the primary rate per
 * unit of cost. A variant with `paired_with: none` has no row.
 */
import type { Interval, RunSummary, VariantSummary } from '../sim/stats/summary.js';
import type { CsvTable } from './files/csv.js';
import { baselineVariant, isBaseline, namedReference, pairedOf, primaryRate, usesPairedWith } from './lookup.js';

/** One non-baseline variant compared with the baseline. */
export interface CostEffectiveness {
  readonly variant: VariantSummary;
  readonly baseline: VariantSummary;
  /** The variant compared with: the baseline, or the `paired_with` variant. */
  readonly reference: VariantSummary;
  /** variant.cost − reference.cost. */
  readonly costDelta: number;
  /** Paired difference of the primary rate (fraction), if the summary has it. */
  readonly rateDelta: Interval | undefined;
  /** rateDelta.estimate / costDelta (fraction per cost unit); null when costDelta is 0 or the delta is missing. */
  readonly perCost: number | null;
  /** Two-sided p-value of the paired primary-rate difference. */
  readonly p: number | undefined;
}

/** Cost-effectiveness rows for every non-baseline variant (empty without a baseline). */
export function costEffectiveness(summary: RunSummary): CostEffectiveness[] {
  const baseline = baselineVariant(summary);
  if (!baseline) return [];
  const primary = primaryRate(summary);
  return summary.variants
    .filter((v) => !isBaseline(summary, v) && v.pairedWith !== null)
    .map((variant) => {
      const reference = namedReference(summary, variant) ?? baseline;
      const costDelta = variant.cost - reference.cost;
      const paired = pairedOf(variant, primary.id, 'rate');
      const rateDelta = paired?.diff;
      const p = paired?.p;
      const perCost = rateDelta && costDelta !== 0 ? rateDelta.estimate / costDelta : null;
      return { variant, baseline, reference, costDelta, rateDelta, perCost, p };
    });
}

/**
 * Build cost-effectiveness.csv: `variant,baseline,cost_delta,win_rate_delta,
 * win_rate_delta_lo,win_rate_delta_hi,win_rate_delta_per_cost,win_rate_delta_p,cost_unit`.
 * Deltas are fractions; per_cost is empty when cost_delta is 0; `_p` is the
 * two-sided p-value of the paired difference. When some variant names its own
 * reference (`paired_with:`), a `paired_with` column follows `baseline` (the
 * variant the deltas are taken against).
 */
export function costEffectivenessCsv(summary: RunSummary): CsvTable {
  const withRef = usesPairedWith(summary);
  const header = [
    'variant', 'baseline', ...(withRef ? ['paired_with'] : []), 'cost_delta', 'win_rate_delta', 'win_rate_delta_lo', 'win_rate_delta_hi', 'win_rate_delta_per_cost', 'win_rate_delta_p', 'cost_unit',
  ];
  const rows = costEffectiveness(summary).map((c) => [
    c.variant.name, c.baseline.name, ...(withRef ? [c.reference.name] : []), c.costDelta, c.rateDelta?.estimate, c.rateDelta?.lo, c.rateDelta?.hi, c.perCost, c.p, summary.costUnit,
  ]);
  return { header, rows };
}
