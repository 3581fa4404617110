/**
 * Chart: the primary rate of every variant, points with 95% CI bars.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './common.js';
import { isBaseline, primaryRate, rateOf } from '../lookup.js';

/** Build `win-rate`: primary rate per variant (y = variant, x = rate) with Wilson 95% CI bars. */
export function winRateChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec {
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  // The legend's two entries, in the reader's language (issue 42).
  const kinds = [t('chart.legendBaseline', undefined, lang), t('chart.legendVariant', undefined, lang)];
  const values = summary.variants.flatMap((v) => {
    const r = rateOf(v, primary.id);
    if (!r) return [];
    return [{ variant: displayName(names, v), baseline: isBaseline(summary, v) ? kinds[0] : kinds[1], games: v.games, rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi }];
  });
  const order = values.map((d) => d.variant);
  const y = { field: 'variant', type: 'nominal', sort: order, title: t('chart.variant', undefined, lang) } as const;
  const xTitle = t('chart.metricCi', { metric: primary.label }, lang);
  return {
    name: 'win-rate',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.winRateTitle', { metric: primary.label }, lang), subtitle: t('chart.winRateSubtitle', { experiment: summary.experiment.name }, lang) },
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
            color: { field: 'baseline', type: 'nominal', title: null, scale: { domain: kinds, range: ['#888888', '#1f77b4'] } },
            tooltip: [
              { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
              { field: 'games', type: 'quantitative', title: t('chart.games', undefined, lang) },
              { field: 'rate', type: 'quantitative', title: primary.label, format: '.1%' },
              { field: 'lo', type: 'quantitative', title: t('chart.ciLow', undefined, lang), format: '.1%' },
              { field: 'hi', type: 'quantitative', title: t('chart.ciHigh', undefined, lang), format: '.1%' },
            ],
          },
        },
      ],
    },
  };
}
