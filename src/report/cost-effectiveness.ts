/**
 * Cost-effectiveness of each variant vs the baseline: the paired change in the
 * primary rate per unit of cost.
 */
import type { Interval, RunSummary, VariantSummary } from '../sim/summary.js';
import type { CsvTable } from './csv.js';
import { baselineVariant, isBaseline, pairedOf, primaryRate } from './lookup.js';

/** One non-baseline variant compared with the baseline. */
export interface CostEffectiveness {
  readonly variant: VariantSummary;
  readonly baseline: VariantSummary;
  /** variant.cost − baseline.cost. */
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
    .filter((v) => !isBaseline(summary, v))
    .map((variant) => {
      const costDelta = variant.cost - baseline.cost;
      const paired = pairedOf(variant, primary.id, 'rate');
      const rateDelta = paired?.diff;
      const p = paired?.p;
      const perCost = rateDelta && costDelta !== 0 ? rateDelta.estimate / costDelta : null;
      return { variant, baseline, costDelta, rateDelta, perCost, p };
    });
}

/**
 * Build cost-effectiveness.csv: `variant,baseline,cost_delta,win_rate_delta,
 * win_rate_delta_lo,win_rate_delta_hi,win_rate_delta_per_cost,win_rate_delta_p,cost_unit`.
 * Deltas are fractions; per_cost is empty when cost_delta is 0; `_p` is the
 * two-sided p-value of the paired difference.
 */
export function costEffectivenessCsv(summary: RunSummary): CsvTable {
  const header = [
    'variant', 'baseline', 'cost_delta', 'win_rate_delta', 'win_rate_delta_lo', 'win_rate_delta_hi', 'win_rate_delta_per_cost', 'win_rate_delta_p', 'cost_unit',
  ];
  const rows = costEffectiveness(summary).map((c) => [
    c.variant.name, c.baseline.name, c.costDelta, c.rateDelta?.estimate, c.rateDelta?.lo, c.rateDelta?.hi, c.perCost, c.p, summary.costUnit,
  ]);
  return { header, rows };
}
