/**
 * Shared pieces of the Vega-Lite chart specs.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { RunSummary, VariantSummary } from '../../sim/stats/summary.js';

/** The Vega-Lite schema every chart declares. */
export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** A named chart: written as `charts/<name>.vl.json` and `charts/<name>.svg`. */
export interface ChartSpec {
  readonly name: string;
  readonly spec: TopLevelSpec;
}

/** Shared config: white background, readable fonts. */
export const CHART_CONFIG = {
  background: 'white',
  font: 'sans-serif',
  view: { stroke: null },
} as const;

/**
 * Display names for variants: the label, disambiguated with the name when two
 * variants share a label (so nominal axes never merge variants).
 */
export function variantDisplayNames(summary: RunSummary): Map<string, string> {
  const counts = new Map<string, number>();
  for (const v of summary.variants) counts.set(v.label, (counts.get(v.label) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const v of summary.variants) {
    const label = v.label.trim() === '' ? v.name : v.label;
    names.set(v.name, (counts.get(v.label) ?? 0) > 1 ? `${label} (${v.name})` : label);
  }
  return names;
}

/** The display name of one variant. */
export function displayName(names: Map<string, string>, v: VariantSummary): string {
  return names.get(v.name) ?? v.name;
}
