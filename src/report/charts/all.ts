/**
 * All charts of a run, in output order.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import { attritionChart } from './attrition.js';
import type { ChartSpec } from './common.js';
import { costVsWinChart } from './cost-vs-win.js';
import { pairedDiffChart } from './paired-diff.js';
import { winRateChart } from './win-rate.js';
import { sweepChart } from './sweep.js';
import { sweepFinalMagazinesChart, sweepTradeoffChart } from './sweep-designer.js';
import { rateFamilyCharts } from './rate-family.js';
import { summaryInLang } from '../summary-lang.js';

/** Build every chart spec in `lang` (default: the report's language, the current one): win-rate, paired-diff, attrition (when the run has a series), cost-vs-win, sweep (when the run has a sweep), the designer's trade-off and magazines at the final (a sweep with the audit measures, sweep-designer.ts), and one per rate family present (cause of failure, attempts to clear, stage clear rates). */
export function buildCharts(written: RunSummary, lang: Lang = getLang()): ChartSpec[] {
  const summary = summaryInLang(written, lang);
  const charts = [winRateChart(summary, lang), pairedDiffChart(summary, lang), attritionChart(summary, lang), costVsWinChart(summary, lang), sweepChart(summary, lang), sweepTradeoffChart(summary, lang), sweepFinalMagazinesChart(summary, lang), ...rateFamilyCharts(summary, lang)];
  return charts.filter((c): c is ChartSpec => c !== null);
}
