/**
 * All charts of a run, in output order.
 */
import type { RunSummary } from '../sim/summary.js';
import { attritionChart } from './chart-attrition.js';
import type { ChartSpec } from './chart-common.js';
import { costVsWinChart } from './chart-cost-vs-win.js';
import { pairedDiffChart } from './chart-paired-diff.js';
import { winRateChart } from './chart-win-rate.js';
import { sweepChart } from './chart-sweep.js';

/** Build every chart spec: win-rate, paired-diff, attrition (when the run has a series), cost-vs-win, sweep (when the run has a sweep). */
export function buildCharts(summary: RunSummary): ChartSpec[] {
  const charts = [winRateChart(summary), pairedDiffChart(summary), attritionChart(summary), costVsWinChart(summary), sweepChart(summary)];
  return charts.filter((c): c is ChartSpec => c !== null);
}
