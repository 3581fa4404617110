/**
 * Every metric of every variant: each rate with its Wilson CI, each value's
 * mean with its CI and its 10th–90th percentile range.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { NO_VALUE } from '../format-table.js';
import { count, mean, meanCi, pct, rateCi } from './format.js';
import { estimate, htmlTable, text, variantHeader, type HtmlCell, type HtmlColumn } from './table.js';
import { isBaseline, rateOf, valueOf } from '../lookup.js';
import { t } from '../../i18n/t.js';
import { summaryInLang } from '../summary-lang.js';

const num = (x: number) => (Number.isFinite(x) ? String(x) : NO_VALUE);

/** Build the "every metric" section (`<section id="metrics">`). */
export function metricsTableHtml(written: RunSummary): string {
  const summary = summaryInLang(written);
  const { rates, values } = summary.metrics;
  const columns: HtmlColumn[] = [
    { html: text(t('report.colVariant')) },
    ...rates.map((r) => ({ html: `${text(r.label)}<br><span class="sub">${text(t('report.subRate95'))}</span>`, cls: 'num' })),
    ...values.map((v) => ({ html: `${text(v.label)}<br><span class="sub">${text(t('report.subMean95'))}</span>`, cls: 'num' })),
  ];
  const rows = summary.variants.map((v): HtmlCell[] => [
    variantHeader(v, isBaseline(summary, v)),
    ...rates.map((spec) => {
      const r = rateOf(v, spec.id);
      const n = r ? `<span class="ci">${text(t('report.countOf', { count: count(r.count), games: count(v.games) }))}</span>` : '';
      return { html: estimate(pct(r?.rate.estimate), rateCi(r?.rate)) + n, cls: 'num' };
    }),
    ...values.map((spec) => {
      const x = valueOf(v, spec.id);
      const range = x ? `<span class="ci">${text(t('report.spread', { p10: num(x.p10), p90: num(x.p90), p50: num(x.p50) }))}</span>` : '';
      return { html: estimate(mean(x?.mean.estimate), meanCi(x?.mean)) + range, cls: 'num' };
    }),
  ]);
  return [
    '<section id="metrics">',
    `<h2>${text(t('report.metricsTitle'))}</h2>`,
    `<p class="lead">${text(t('report.metricsLead'))}</p>`,
    htmlTable(columns, rows, 'metrics'),
    '</section>',
  ].join('\n');
}
