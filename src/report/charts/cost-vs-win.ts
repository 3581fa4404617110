/**
 * Chart: cost vs primary rate, one labelled point per variant with CI bars.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './common.js';
import { primaryRate, rateOf } from '../lookup.js';

/** Build `cost-vs-win`: x = cost in `summary.costUnit`, y = primary rate with 95% CI bars, points labelled by variant. */
export function costVsWinChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec {
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const values = summary.variants.flatMap((v) => {
    const r = rateOf(v, primary.id);
    if (!r) return [];
    return [{ variant: displayName(names, v), cost: v.cost, rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi }];
  });
  const x = { field: 'cost', type: 'quantitative', title: t('chart.cost', { unit: summary.costUnit }, lang), axis: { format: '~g' }, scale: { padding: 24, nice: false } } as const;
  return {
    name: 'cost-vs-win',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.costTitle', { metric: primary.label }, lang), subtitle: t('chart.costSubtitle', { experiment: summary.experiment.name }, lang) },
      config: CHART_CONFIG,
      width: 480,
      height: 320,
      data: { values },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            x,
            y: { field: 'lo', type: 'quantitative', title: t('chart.metricCi', { metric: primary.label }, lang), axis: { format: '.0%' }, scale: { zero: false } },
            y2: { field: 'hi' },
          },
        },
        {
          mark: { type: 'point', filled: true, size: 80 },
          encoding: {
            x,
            y: { field: 'rate', type: 'quantitative' },
            tooltip: [
              { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
              { field: 'cost', type: 'quantitative', title: t('chart.cost', { unit: summary.costUnit }, lang) },
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
