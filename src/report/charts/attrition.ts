/**
 * Chart: attrition series, one row per state variable, mean line and p10–p90
 * band per variant over the steps.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import type { StepSpec } from '../../sim/core/types.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, displayName, variantDisplayNames, type ChartSpec } from './common.js';

/** Axis labels for steps: `group · x`, falling back to the step id when two steps would share a label. */
export function stepLabels(steps: readonly StepSpec[]): string[] {
  const labels = steps.map((s) => `${s.group} · ${s.x}`);
  const unique = new Set(labels).size === labels.length;
  return unique ? labels : steps.map((s) => s.id);
}

/**
 * Build `attrition`, or null when the run has no series. Rows facet the
 * series vars (independent y scales); x is the step, ordered as in
 * `metrics.series.steps` and labelled by group and x.
 */
export function attritionChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec | null {
  const series = summary.metrics.series;
  if (!series) return null;
  const names = variantDisplayNames(summary);
  const labels = stepLabels(series.steps);
  const varLabels = series.vars.map((v) => v.label);
  const values = summary.variants.flatMap((v) =>
    v.series
      .filter((p) => series.steps[p.step] && series.vars[p.var])
      .map((p) => ({
        variant: displayName(names, v),
        var: varLabels[p.var],
        step: labels[p.step],
        group: series.steps[p.step].group,
        n: p.n,
        mean: p.mean,
        p10: p.p10,
        p50: p.p50,
        p90: p.p90,
      })),
  );
  const variants = summary.variants.map((v) => displayName(names, v));
  const x = { field: 'step', type: 'ordinal', sort: labels, title: t('chart.attritionStep', undefined, lang), axis: { labelAngle: -45 } } as const;
  const color = { field: 'variant', type: 'nominal', sort: variants, title: t('chart.variant', undefined, lang) } as const;
  return {
    name: 'attrition',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: series.label, subtitle: t('chart.attritionSubtitle', undefined, lang) },
      config: CHART_CONFIG,
      data: { values },
      facet: { row: { field: 'var', type: 'nominal', sort: varLabels, title: null, header: { labelFontSize: 12, labelFontWeight: 'bold' } } },
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: Math.max(240, 28 * series.steps.length),
        height: 160,
        layer: [
          {
            mark: { type: 'area', opacity: 0.12 },
            encoding: { x, y: { field: 'p10', type: 'quantitative', title: null }, y2: { field: 'p90' }, color },
          },
          {
            mark: { type: 'line', point: true },
            encoding: {
              x,
              y: { field: 'mean', type: 'quantitative' },
              color,
              tooltip: [
                { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
                { field: 'step', type: 'ordinal', title: t('chart.step', undefined, lang) },
                { field: 'n', type: 'quantitative', title: t('chart.gamesReachingStep', undefined, lang) },
                { field: 'mean', type: 'quantitative', title: t('chart.mean', undefined, lang), format: '.2f' },
                { field: 'p10', type: 'quantitative', title: 'p10' },
                { field: 'p50', type: 'quantitative', title: 'p50' },
                { field: 'p90', type: 'quantitative', title: 'p90' },
              ],
            },
          },
        ],
      },
    },
  };
}
