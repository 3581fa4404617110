/**
 * Lookups into a RunSummary by metric id, shared by the reports. Metrics are
 * matched by id (not position) so a variant missing a metric yields an empty
 * cell instead of a misaligned one.
 */
import type { PairedSummary, RateSummary, RunSummary, ValueSummary, VariantSummary } from '../sim/stats/summary.js';
import type { RateSpec } from '../sim/core/types.js';
import { t } from '../i18n/t.js';

/** The primary rate (win / clear): the first rate of the metric spec. */
export function primaryRate(summary: RunSummary): RateSpec {
  const spec = summary.metrics.rates[0];
  if (!spec) throw new Error(t('internal.noPrimaryRate'));
  return spec;
}

/** The baseline variant (by `summary.baseline`, else the one flagged baseline), or undefined. */
export function baselineVariant(summary: RunSummary): VariantSummary | undefined {
  return summary.variants.find((v) => v.name === summary.baseline) ?? summary.variants.find((v) => v.baseline);
}

/** True when `v` is the run's baseline. */
export function isBaseline(summary: RunSummary, v: VariantSummary): boolean {
  return v.name === summary.baseline || (v.baseline && !summary.variants.some((o) => o.name === summary.baseline));
}

/** A variant's rate by id. */
export function rateOf(v: VariantSummary, id: string): RateSummary | undefined {
  return v.rates.find((r) => r.id === id);
}

/** A variant's value by id. */
export function valueOf(v: VariantSummary, id: string): ValueSummary | undefined {
  return v.values.find((r) => r.id === id);
}

/** A variant's paired difference vs baseline for a rate or value id (rates first). */
export function pairedOf(v: VariantSummary, id: string, kind: 'rate' | 'value'): PairedSummary | undefined {
  return (kind === 'rate' ? v.pairedRates : v.pairedValues).find((p) => p.id === id);
}

/**
 * The name of the variant `v`'s paired differences are taken against: its `paired_with` variant, else the baseline;
 * null for the baseline itself and for `paired_with: none`.
 */
export function referenceName(summary: RunSummary, v: VariantSummary): string | null {
  if (isBaseline(summary, v) || v.pairedWith === null) return null;
  return v.pairedWith ?? summary.baseline;
}

/** The variant `v` is compared with when that is not the baseline (`paired_with` names it), else undefined. */
export function namedReference(summary: RunSummary, v: VariantSummary): VariantSummary | undefined {
  return typeof v.pairedWith === 'string' ? summary.variants.find((o) => o.name === v.pairedWith) : undefined;
}

/** True when some variant of the run names its own reference (`paired_with`, including `none`). */
export function usesPairedWith(summary: RunSummary): boolean {
  return summary.variants.some((v) => v.pairedWith !== undefined);
}
