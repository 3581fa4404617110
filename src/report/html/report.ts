/**
 * report.html: one self-contained page per run for a game designer. It reads
 * top-down: the question and a headline answer, the summary table, every
 * chart, paired differences, cost-effectiveness, every metric, the rulings in
 * effect, the run's metadata and how to replay a game. Vega, Vega-Lite and
 * vega-embed are inlined, so the page works offline from disk.
 */
import { samplesHtml } from './samples.js';
import { buildCharts } from '../charts/all.js';
import { vegaBundles, type VegaBundles } from './assets.js';
import { chartsHtml, chartsScriptHtml } from './charts.js';
import { costHtml } from './cost.js';
import { designerHtml } from './designer.js';
import type { ReportData } from './data.js';
import { headlineHtml } from './headline.js';
import { metricsTableHtml } from './metrics-table.js';
import { pageHtml } from './page.js';
import { pairedHtml } from './paired.js';
import { replayHtml } from './replay.js';
import { rulingsHtml } from './rulings.js';
import { formatTimestamp, runMetaHtml } from './run-meta.js';
import { summaryTableHtml } from './summary-table.js';
import { targetsHtml } from './targets.js';
import { text } from './table.js';
import { t } from '../../i18n/t.js';
import { questionIn } from '../../sim/input/local-text.js';

/** Build report.html's text from the saved data; `bundles` defaults to the installed Vega packages. */
export function buildReportHtml(data: ReportData, bundles: VegaBundles = vegaBundles()): string {
  const { summary, run } = data;
  const charts = buildCharts(summary);
  const v = bundles.versions;
  const renderers = t('report.renderers', { vega: v.vega, vegaLite: v.vegaLite, vegaEmbed: v.vegaEmbed });
  const question = questionIn(summary.experiment).trim() || summary.experiment.name;
  const designer = designerHtml(summary);
  const targets = targetsHtml(summary);
  return pageHtml(
    {
      title: `${question} — balance-lab`,
      header: headlineHtml(summary),
      toc: [
        ['summary', t('report.tocSummary')],
        ...(targets ? [['targets', t('action.targetsHeading')] as [string, string]] : []),
        ...(designer ? [['designer', t('plan.summaryHead')] as [string, string]] : []),
        ['charts', t('report.tocCharts')],
        ['paired', t('report.tocPaired')],
        ['cost', t('report.tocCost')],
        ['metrics', t('report.tocMetrics')],
        ['rulings', t('report.tocRulings')],
        ['run', t('report.tocRun')],
        ['samples', t('report.tocSamples')],
        ['replay', t('report.tocReplay')],
      ],
      sections: [
        summaryTableHtml(summary),
        ...(targets ? [targets] : []),
        ...(designer ? [designer] : []),
        chartsHtml(charts),
        pairedHtml(summary),
        costHtml(summary),
        metricsTableHtml(summary),
        rulingsHtml(summary.rulings, summary.experiment.engine),
        runMetaHtml(summary, run, { writtenAt: data.writtenAt, renderers }),
        samplesHtml(summary, data.samples),
        replayHtml(summary, run.replay),
      ],
      footer: t('report.footer', { version: text(run.packageVersion), name: text(summary.experiment.name), when: text(formatTimestamp(data.writtenAt)) }),
      script: chartsScriptHtml(charts),
    },
    bundles,
  );
}
