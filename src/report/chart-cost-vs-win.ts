/**
 * Chart: cost vs primary rate, one labelled point per variant with CI bars.
 */
import type { RunSummary } from '../sim/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './chart-common.js';
import { primaryRate, rateOf } from './lookup.js';

/** Build `cost-vs-win`: x = cost in `summary.costUnit`, y = primary rate with 95% CI bars, points labelled by variant. */
export function costVsWinChart(summary: RunSummary): ChartSpec {
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const values = summary.variants.flatMap((v) => {
    const r = rateOf(v, primary.id);
    if (!r) return [];
    return [{ variant: displayName(names, v), cost: v.cost, rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi }];
  });
  const x = { field: 'cost', type: 'quantitative', title: `Cost (${summary.costUnit})`, axis: { format: '~g' }, scale: { padding: 24, nice: false } } as const;
  return {
    name: 'cost-vs-win',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: `${primary.label} vs cost`, subtitle: `${summary.experiment.name} · 95% CI bars` },
      config: CHART_CONFIG,
      width: 480,
      height: 320,
      data: { values },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            x,
            y: { field: 'lo', type: 'quantitative', title: `${primary.label} (95% CI)`, axis: { format: '.0%' }, scale: { zero: false } },
            y2: { field: 'hi' },
          },
        },
        {
          mark: { type: 'point', filled: true, size: 80 },
          encoding: {
            x,
            y: { field: 'rate', type: 'quantitative' },
            tooltip: [
              { field: 'variant', type: 'nominal', title: 'Variant' },
              { field: 'cost', type: 'quantitative', title: `Cost (${summary.costUnit})` },
              { field: 'rate', type: 'quantitative', title: primary.label, format: '.1%' },
            ],
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 8, dy: -8 },
          encoding: { x, y: { field: 'rate', type: 'quantitative' }, text: { field: 'variant', type: 'nominal' } },
        },
      ],
    },
  };
}
