/**
 * attrition.csv: the attrition series of every variant in long format.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import type { CsvTable } from './csv.js';
import { t } from '../../i18n/t.js';

/** The header of attrition.csv. */
export const ATTRITION_HEADER = ['variant', 'step', 'group', 'x', 'var', 'n', 'mean', 'p10', 'p50', 'p90'] as const;

/**
 * Build attrition.csv: `variant,step,group,x,var,n,mean,p10,p50,p90`, one row
 * per variant and series point, with the step id/group/x and the var id taken
 * from `metrics.series`. Points are ordered by variant, then step, then var.
 * Header only when the run has no series.
 */
export function attritionCsv(summary: RunSummary): CsvTable {
  const series = summary.metrics.series;
  const rows: (string | number)[][] = [];
  if (series) {
    for (const v of summary.variants) {
      const points = [...v.series].sort((a, b) => a.step - b.step || a.var - b.var);
      for (const p of points) {
        const step = series.steps[p.step];
        const variable = series.vars[p.var];
        if (!step || !variable) throw new Error(t('internal.seriesPointOutside', { step: p.step, var: p.var, variant: v.name }));
        rows.push([v.name, step.id, step.group, step.x, variable.id, p.n, p.mean, p.p10, p.p50, p.p90]);
      }
    }
  }
  return { header: [...ATTRITION_HEADER], rows };
}
