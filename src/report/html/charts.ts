/**
 * The charts section: one container per chart, the Vega-Lite specs (the same
 * as charts/*.vl.json) in a JSON data island, and the script that renders
 * them with vega-embed as SVG once the page has loaded.
 */
import type { ChartSpec } from '../charts/common.js';
import { escapeHtml, jsonForScript } from './escape.js';
import { fitChartSpec } from '../charts/fit.js';
import { t } from '../../i18n/t.js';
import type { MessageId } from '../../i18n/messages-en.js';

/** The id of the JSON data island holding `[{ name, spec }]`. */
export const CHART_SPECS_ID = 'chart-specs';

/** How to read each standard chart, shown under it (message ids). */
const CAPTIONS: Readonly<Record<string, MessageId>> = {
  'win-rate': 'report.captionWinRate',
  'paired-diff': 'report.captionPairedDiff',
  attrition: 'report.captionAttrition',
  'cost-vs-win': 'report.captionCostVsWin',
  'sweep-tradeoff': 'report.captionSweepTradeoff',
  'sweep-final-magazines': 'report.captionSweepFinal',
};

/** The DOM id of a chart's container. */
export function chartContainerId(name: string): string {
  return `chart-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * Vega config merged over each spec's own config in the page only (the specs
 * themselves are unchanged): slightly larger text for reading on screen and
 * longer axis labels before truncation.
 */
export const SCREEN_CHART_CONFIG = {
  title: { fontSize: 16, subtitleFontSize: 12 },
  axis: { labelFontSize: 12, titleFontSize: 13, labelLimit: 260 },
  legend: { labelFontSize: 12, titleFontSize: 13, labelLimit: 260 },
  header: { labelFontSize: 13, titleFontSize: 13 },
  text: { fontSize: 12 },
} as const;

/** A single-quoted JavaScript string literal of `text`, safe inside a `<script>` element. */
function scriptString(text: string): string {
  return `'${text.replace(/[\\'\n\r<>&\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;
}

/**
 * A catalogue message as a JavaScript expression for the page's script: the text between its `{placeholders}` as
 * string literals, each placeholder replaced by the expression `exprs` gives for it, joined with `+`
 * ('a {x} b' → `'a ' + x + ' b'`). Lets a runtime value (a chart's name, an error) sit inside a translated line.
 */
export function scriptConcat(template: string, exprs: Readonly<Record<string, string>>): string {
  return template.split(/(\{[A-Za-z0-9_]+\})/).filter((part) => part !== '')
    .map((part) => (/^\{[A-Za-z0-9_]+\}$/.test(part) && part.slice(1, -1) in exprs ? exprs[part.slice(1, -1)] : scriptString(part)))
    .join(' + ');
}

/**
 * Renders every chart of the data island into its container with vega-embed:
 * SVG renderer, {@link SCREEN_CHART_CONFIG}, each spec fitted to its container's width ({@link fitChartSpec}), expressions interpreted rather
 * than compiled (`ast: true`, so the page's CSP can forbid eval), and only
 * the export actions (no link to an online editor). Marks
 * each container `data-state="rendered"` or `"failed"` (with a console error
 * and a message in place of the chart) and the body `data-charts="done"`.
 */
const embedScript = (): string => `(function () {
  'use strict';
  var charts = JSON.parse(document.getElementById('${CHART_SPECS_ID}').textContent);
  var fit = ${fitChartSpec.toString()};
  var opts = { ast: true, renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false }, config: ${jsonForScript(SCREEN_CHART_CONFIG)} };
  var jobs = charts.map(function (c) {
    var el = document.getElementById(c.id);
    return vegaEmbed(el, fit(c.spec, el.clientWidth || document.documentElement.clientWidth || 360), Object.assign({ downloadFileName: c.name }, opts)).then(
      function () { el.setAttribute('data-state', 'rendered'); },
      function (err) {
        el.setAttribute('data-state', 'failed');
        el.textContent = ${jsonForScript(t('report.chartFailed'))} + (err && err.message ? err.message : err);
        console.error(${scriptConcat(t('internal.chartFailedConsole'), { name: 'c.name', error: '(err && err.stack ? err.stack : err)' })});
      });
  });
  Promise.all(jobs).then(function () { document.body.setAttribute('data-charts', 'done'); });
})();`;

/** The charts section (`<section id="charts">`). */
export function chartsHtml(charts: readonly ChartSpec[]): string {
  const figures = charts.map((c) => {
    const caption = CAPTIONS[c.name] ? t(CAPTIONS[c.name]) : undefined;
    return [
      `<figure class="chart">`,
      `<div class="vega" id="${escapeHtml(chartContainerId(c.name))}" data-chart="${escapeHtml(c.name)}" data-state="pending"></div>`,
      caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '',
      '</figure>',
    ].filter((l) => l !== '').join('\n');
  });
  return [
    '<section id="charts">',
    `<h2>${escapeHtml(t('report.chartsTitle'))}</h2>`,
    `<p class="lead">${t('report.chartsLead')}</p>`,
    `<noscript><p class="warn">${escapeHtml(t('report.chartsNoScript'))}</p></noscript>`,
    ...figures,
    '</section>',
  ].join('\n');
}

/** The JSON data island with the chart specs and the script that renders them (after the Vega bundles). */
export function chartsScriptHtml(charts: readonly ChartSpec[]): string {
  const island = charts.map((c) => ({ name: c.name, id: chartContainerId(c.name), spec: c.spec }));
  return `<script type="application/json" id="${CHART_SPECS_ID}">${jsonForScript(island)}</script>\n<script>${embedScript()}</script>`;
}
