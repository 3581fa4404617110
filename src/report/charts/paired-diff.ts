/**
 * Chart: paired difference of the primary rate vs the baseline, with CI bars
 * and a zero rule.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './common.js';
import { baselineVariant, isBaseline, namedReference, pairedOf, primaryRate } from '../lookup.js';

/** Build `paired-diff`: (variant − baseline) of the primary rate in percentage points, 95% CI bars, zero rule. */
export function pairedDiffChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec {
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const baseline = baselineVariant(summary);
  const baseName = baseline ? displayName(names, baseline) : summary.baseline;
  const values = summary.variants.flatMap((v) => {
    if (isBaseline(summary, v)) return [];
    const d = pairedOf(v, primary.id, 'rate');
    if (!d) return [];
    const ref = namedReference(summary, v);
    const variant = ref ? t('pairref.chartVs', { variant: displayName(names, v), ref: displayName(names, ref) }, lang) : displayName(names, v);
    return [{ variant, diff: d.diff.estimate * 100, lo: d.diff.lo * 100, hi: d.diff.hi * 100 }];
  });
  const y = { field: 'variant', type: 'nominal', sort: values.map((d) => d.variant), title: t('chart.variant', undefined, lang) } as const;
  return {
    name: 'paired-diff',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.pairedTitle', { metric: primary.label, baseline: baseName }, lang), subtitle: t('chart.pairedSubtitle', undefined, lang) },
      config: CHART_CONFIG,
      width: 480,
      layer: [
        {
          data: { values: [{ zero: 0 }] },
          mark: { type: 'rule', color: '#555555', strokeDash: [4, 4] },
          encoding: { x: { field: 'zero', type: 'quantitative' } },
        },
        {
          data: { values },
          layer: [
            {
              mark: { type: 'rule', strokeWidth: 2 },
              encoding: {
                y,
                x: { field: 'lo', type: 'quantitative', title: t('chart.pairedAxis', { metric: primary.label, baseline: baseName }, lang) },
                x2: { field: 'hi' },
              },
            },
            {
              mark: { type: 'point', filled: true, size: 80 },
              encoding: {
                y,
                x: { field: 'diff', type: 'quantitative' },
                tooltip: [
                  { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
                  { field: 'diff', type: 'quantitative', title: t('chart.deltaPp', undefined, lang), format: '+.2f' },
                  { field: 'lo', type: 'quantitative', title: t('chart.ciLow', undefined, lang), format: '+.2f' },
                  { field: 'hi', type: 'quantitative', title: t('chart.ciHigh', undefined, lang), format: '+.2f' },
                ],
              },
            },
          ],
        },
      ],
    },
  };
}
