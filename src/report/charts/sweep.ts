/**
 * Chart (runs with a `sweep:`): the primary rate along the first swept
 * parameter, a line per combination of the other parameters, with the 95% CI
 * as a band.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, type ChartSpec } from './common.js';
import { primaryRate, rateOf } from '../lookup.js';

/** Build `sweep`, or null when the run has no sweep. */
export function sweepChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec | null {
  const sw = summary.sweep;
  if (!sw) return null;
  const primary = primaryRate(summary);
  const xName = sw.params[0];
  const numeric = sw.points.every((p) => typeof p.values[0] === 'number');
  const values = sw.points.flatMap((p) => {
    const v = summary.variants.find((x) => x.name === p.variant);
    const r = v && rateOf(v, primary.id);
    if (!v || !r) return [];
    const series = sw.params.length > 1 ? sw.params.slice(1).map((k, i) => `${k.split('.').pop()}=${String(p.values[i + 1])}`).join(', ') : 'all';
    return [{ x: numeric ? p.values[0] : String(p.values[0]), series, variant: v.label, games: v.games, rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi }];
  });
  const x = { field: 'x', type: numeric ? 'quantitative' : 'ordinal', title: xName } as const;
  const color = { field: 'series', type: 'nominal', title: sw.params.length > 1 ? sw.params.slice(1).join(', ') : null } as const;
  return {
    name: 'sweep',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.sweepTitle', { metric: primary.label, param: xName }, lang), subtitle: t('chart.sweepSubtitle', { experiment: summary.experiment.name }, lang) },
      config: CHART_CONFIG,
      width: 480,
      height: 300,
      data: { values },
      layer: [
        { mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'lo', type: 'quantitative', title: t('chart.metricCi', { metric: primary.label }, lang), axis: { format: '.0%' }, scale: { zero: false } }, y2: { field: 'hi' }, color } },
        { mark: { type: 'line', point: true }, encoding: {
          x, y: { field: 'rate', type: 'quantitative' }, color,
          tooltip: [
            { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
            { field: 'games', type: 'quantitative', title: t('chart.games', undefined, lang) },
            { field: 'rate', type: 'quantitative', title: primary.label, format: '.1%' },
            { field: 'lo', type: 'quantitative', title: t('chart.ciLow', undefined, lang), format: '.1%' },
            { field: 'hi', type: 'quantitative', title: t('chart.ciHigh', undefined, lang), format: '.1%' },
          ],
        } },
      ],
    },
  };
}
