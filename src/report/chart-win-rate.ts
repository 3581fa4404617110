/**
 * Chart: the primary rate of every variant, points with 95% CI bars.
 */
import type { RunSummary } from '../sim/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './chart-common.js';
import { isBaseline, primaryRate, rateOf } from './lookup.js';

/** Build `win-rate`: primary rate per variant (y = variant, x = rate) with Wilson 95% CI bars. */
export function winRateChart(summary: RunSummary): ChartSpec {
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const values = summary.variants.flatMap((v) => {
    const r = rateOf(v, primary.id);
    if (!r) return [];
    return [{ variant: displayName(names, v), baseline: isBaseline(summary, v) ? 'baseline' : 'variant', games: v.games, rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi }];
  });
  const order = values.map((d) => d.variant);
  const y = { field: 'variant', type: 'nominal', sort: order, title: 'Variant' } as const;
  const xTitle = `${primary.label} (95% CI)`;
  return {
    name: 'win-rate',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: `${primary.label} by variant`, subtitle: `${summary.experiment.name} · 95% Wilson confidence intervals` },
      config: CHART_CONFIG,
      width: 480,
      data: { values },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y,
            x: { field: 'lo', type: 'quantitative', title: xTitle, axis: { format: '.0%' }, scale: { zero: false } },
            x2: { field: 'hi' },
          },
        },
        {
          mark: { type: 'point', filled: true, size: 80 },
          encoding: {
            y,
            x: { field: 'rate', type: 'quantitative' },
            color: { field: 'baseline', type: 'nominal', title: null, scale: { domain: ['baseline', 'variant'], range: ['#888888', '#1f77b4'] } },
            tooltip: [
              { field: 'variant', type: 'nominal', title: 'Variant' },
              { field: 'games', type: 'quantitative', title: 'Games' },
              { field: 'rate', type: 'quantitative', title: primary.label, format: '.1%' },
              { field: 'lo', type: 'quantitative', title: 'CI low', format: '.1%' },
              { field: 'hi', type: 'quantitative', title: 'CI high', format: '.1%' },
            ],
          },
        },
      ],
    },
  };
}
