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

/** Build report.html's text from the saved data; `bundles` defaults to the installed Vega packages. */
export function buildReportHtml(data: ReportData, bundles: VegaBundles = vegaBundles()): string {
  const { summary, run } = data;
  const charts = buildCharts(summary);
  const v = bundles.versions;
  const renderers = `Vega ${v.vega}, Vega-Lite ${v.vegaLite}, vega-embed ${v.vegaEmbed} (inlined)`;
  const question = summary.experiment.question.trim() || summary.experiment.name;
  return pageHtml(
    {
      title: `${question} — balance-lab`,
      header: headlineHtml(summary),
      toc: [
        ['summary', 'Summary'],
        ['charts', 'Charts'],
        ['paired', 'Paired differences'],
        ['cost', 'Cost-effectiveness'],
        ['metrics', 'Every metric'],
        ['rulings', 'Rulings'],
        ['run', 'Run'],
        ['replay', 'Replay a game'],
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
      footer:
        `balance-lab ${text(run.packageVersion)} · ${text(summary.experiment.name)} · written ${text(formatTimestamp(data.writtenAt))}. ` +
        'Rebuild this page from summary.json with <code>npx balance-lab report &lt;results folder&gt;</code>.',
      script: chartsScriptHtml(charts),
    },
    bundles,
  );
}
