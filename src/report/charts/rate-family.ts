/**
 * Charts of rate families (rate-families.ts): one chart per family present,
 * each rate of the family on the y axis, its estimate and 95% CI per variant
 * (the baseline and at most five others, in listed order, to stay legible —
 * breakdown.csv has every variant).
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './common.js';
import { isBaseline, rateOf } from '../lookup.js';
import { familiesIn } from '../rate-families.js';

const MAX_VARIANTS = 6;

export function rateFamilyCharts(summary: RunSummary, lang: Lang = getLang()): ChartSpec[] {
  const names = variantDisplayNames(summary);
  const base = summary.variants.filter((v) => isBaseline(summary, v));
  const shown = [...base, ...summary.variants.filter((v) => !isBaseline(summary, v))].slice(0, MAX_VARIANTS);
  const omitted = summary.variants.length - shown.length;
  return familiesIn(summary).map(({ family, ids }) => {
    const labels = ids.map((id) => summary.metrics.rates.find((r) => r.id === id)!.label);
    const values = shown.flatMap((v) => ids.flatMap((id, k) => {
      const r = rateOf(v, id);
      return r ? [{ variant: displayName(names, v), metric: labels[k], rate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi, n: r.n ?? v.games }] : [];
    }));
    const y = { field: 'metric', type: 'nominal', sort: labels, title: null, axis: { labelLimit: 320 } } as const;
    const color = { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang), sort: shown.map((v) => displayName(names, v)), legend: { labelLimit: 320 } } as const;
    return {
      name: family.name,
      spec: {
        $schema: VEGA_LITE_SCHEMA,
        title: { text: t(family.titleId, undefined, lang), subtitle: omitted > 0 ? t('chart.familyMore', { experiment: summary.experiment.name, omitted }, lang) : t('chart.familySubtitle', { experiment: summary.experiment.name }, lang) },
        config: CHART_CONFIG,
        width: 420,
        data: { values },
        encoding: { y, yOffset: { field: 'variant', sort: shown.map((v) => displayName(names, v)) }, color },
        layer: [
          { mark: { type: 'rule' }, encoding: { x: { field: 'lo', type: 'quantitative', title: t('chart.rateCi', undefined, lang), axis: { format: '.0%' } }, x2: { field: 'hi' } } },
          { mark: { type: 'point', filled: true }, encoding: {
            x: { field: 'rate', type: 'quantitative' },
            tooltip: [
              { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
              { field: 'metric', type: 'nominal', title: t('chart.rate', undefined, lang) },
              { field: 'rate', type: 'quantitative', format: '.1%', title: t('chart.estimate', undefined, lang) },
              { field: 'lo', type: 'quantitative', format: '.1%', title: t('chart.ciLow', undefined, lang) },
              { field: 'hi', type: 'quantitative', format: '.1%', title: t('chart.ciHigh', undefined, lang) },
              { field: 'n', type: 'quantitative', title: t('chart.gamesN', undefined, lang) },
            ],
          } },
        ],
      },
    };
  });
}
