/**
 * report.html: one self-contained page per run for a game designer. It reads
 * top-down: the question and a headline answer, the summary table, every
 * chart, paired differences, cost-effectiveness, every metric, the rulings in
 * effect, the run's metadata and how to replay a game. Vega, Vega-Lite and
 * vega-embed are inlined, so the page works offline from disk.
 */
import { buildCharts } from './charts.js';
import { vegaBundles, type VegaBundles } from './html-assets.js';
import { chartsHtml, chartsScriptHtml } from './html-charts.js';
import { costHtml } from './html-cost.js';
import type { ReportData } from './html-data.js';
import { headlineHtml } from './html-headline.js';
import { metricsTableHtml } from './html-metrics-table.js';
import { pageHtml } from './html-page.js';
import { pairedHtml } from './html-paired.js';
import { replayHtml } from './html-replay.js';
import { rulingsHtml } from './html-rulings.js';
import { formatTimestamp, runMetaHtml } from './html-run-meta.js';
import { summaryTableHtml } from './html-summary-table.js';
import { text } from './html-table.js';
import { t } from '../i18n/t.js';

/** Build report.html's text from the saved data; `bundles` defaults to the installed Vega packages. */
export function buildReportHtml(data: ReportData, bundles: VegaBundles = vegaBundles()): string {
  const { summary, run } = data;
  const charts = buildCharts(summary);
  const v = bundles.versions;
  const renderers = t('report.renderers', { vega: v.vega, vegaLite: v.vegaLite, vegaEmbed: v.vegaEmbed });
  const question = summary.experiment.question.trim() || summary.experiment.name;
  return pageHtml(
    {
      title: `${question} — balance-lab`,
      header: headlineHtml(summary),
      toc: [
        ['summary', t('report.tocSummary')],
        ['charts', t('report.tocCharts')],
        ['paired', t('report.tocPaired')],
        ['cost', t('report.tocCost')],
        ['metrics', t('report.tocMetrics')],
        ['rulings', t('report.tocRulings')],
        ['run', t('report.tocRun')],
        ['replay', t('report.tocReplay')],
      ],
      sections: [
        summaryTableHtml(summary),
        chartsHtml(charts),
        pairedHtml(summary),
        costHtml(summary),
        metricsTableHtml(summary),
        rulingsHtml(summary.rulings, summary.experiment.engine),
        runMetaHtml(summary, run, { writtenAt: data.writtenAt, renderers }),
        replayHtml(summary, run.replay),
      ],
      footer: t('report.footer', { version: text(run.packageVersion), name: text(summary.experiment.name), when: text(formatTimestamp(data.writtenAt)) }),
      script: chartsScriptHtml(charts),
    },
    bundles,
  );
}
