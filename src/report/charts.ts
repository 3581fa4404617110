/**
 * All charts of a run, in output order.
 */
import type { RunSummary } from '../sim/summary.js';
import { getLang, type Lang } from '../i18n/lang.js';
import { attritionChart } from './chart-attrition.js';
import type { ChartSpec } from './chart-common.js';
import { costVsWinChart } from './chart-cost-vs-win.js';
import { pairedDiffChart } from './chart-paired-diff.js';
import { winRateChart } from './chart-win-rate.js';
import { sweepChart } from './chart-sweep.js';
import { rateFamilyCharts } from './chart-rate-family.js';
import { summaryInLang } from './summary-lang.js';

/** Build every chart spec in `lang` (default: the report's language, the current one): win-rate, paired-diff, attrition (when the run has a series), cost-vs-win, sweep (when the run has a sweep), and one per rate family present (cause of failure, attempts to clear, stage clear rates). */
export function buildCharts(written: RunSummary, lang: Lang = getLang()): ChartSpec[] {
  const summary = summaryInLang(written, lang);
  const charts = [winRateChart(summary, lang), pairedDiffChart(summary, lang), attritionChart(summary, lang), costVsWinChart(summary, lang), sweepChart(summary, lang), ...rateFamilyCharts(summary, lang)];
  return charts.filter((c): c is ChartSpec => c !== null);
}
