/**
 * Paired differences vs the baseline for every rate and value, with their
 * 95% CIs and two-sided p-values. Differences whose CI excludes 0 are shown
 * in bold, the others muted.
 */
import type { PairedSummary, RunSummary, VariantSummary } from '../../sim/stats/summary.js';
import { displayName, variantDisplayNames } from '../charts/common.js';
import { mean, meanCi, pClause, pp, ppCi, side } from './format.js';
import { estimate, htmlTable, text, variantHeader, type HtmlCell, type HtmlColumn } from './table.js';
import { baselineVariant, isBaseline, namedReference, pairedOf, usesPairedWith } from '../lookup.js';
import { t } from '../../i18n/t.js';
import { summaryInLang } from '../summary-lang.js';

/** A non-baseline variant's row header, with "vs NAME" under it when its `paired_with` names a variant. */
export function pairedVariantHeader(summary: RunSummary, v: VariantSummary, names: Map<string, string>): HtmlCell {
  const h = variantHeader(v, false), ref = namedReference(summary, v);
  return ref ? { ...h, html: `${h.html}<br><span class="sub">${text(t('pairref.vs', { ref: displayName(names, ref) }))}</span>` } : h;
}

function diffCell(d: PairedSummary | undefined, kind: 'rate' | 'value'): HtmlCell {
  if (!d) return { html: '<span class="muted">—</span>', cls: 'num' };
  const main = kind === 'rate' ? estimate(pp(d.diff.estimate), ppCi(d.diff)) : estimate(mean(d.diff.estimate, true), meanCi(d.diff, true));
  const p = pClause(d.p);
  const cls = side(d.diff) === 0 ? 'num nonsig' : 'num sig';
  return { html: `${main}${p ? `<span class="p">${text(p)}</span>` : ''}`, cls };
}

/** Build the paired-differences section (`<section id="paired">`); says so when there is nothing to compare. */
export function pairedHtml(written: RunSummary): string {
  const summary = summaryInLang(written);
  const { rates, values } = summary.metrics;
  const base = baselineVariant(summary);
  const others = summary.variants.filter((v) => !isBaseline(summary, v) && v.pairedWith !== null);
  const names = variantDisplayNames(summary);
  const head = `<section id="paired">\n<h2>${text(t('report.pairedTitle'))}</h2>`;
  if (!base || others.length === 0) return `${head}\n<p class="lead">${text(t('report.noOther'))}</p>\n</section>`;
  const columns: HtmlColumn[] = [
    { html: text(t('report.colVariant')) },
    ...rates.map((r) => ({ html: `${text(r.label)}<br><span class="sub">${text(t('report.subPp95'))}</span>`, cls: 'num' })),
    ...values.map((v) => ({ html: `${text(v.label)}<br><span class="sub">${text(t('report.subDeltaMean95'))}</span>`, cls: 'num' })),
  ];
  const rows = others.map((v): HtmlCell[] => [
    pairedVariantHeader(summary, v, names),
    ...rates.map((r) => diffCell(pairedOf(v, r.id, 'rate'), 'rate')),
    ...values.map((x) => diffCell(pairedOf(v, x.id, 'value'), 'value')),
  ]);
  const baseName = displayName(names, base);
  return [
    head,
    `<p class="lead">${t('report.pairedLead', { name: text(baseName) })}</p>`,
    ...(usesPairedWith(summary) ? [`<p class="note">${text(t('pairref.pairedNote'))}</p>`] : []),
    htmlTable(columns, rows, 'paired'),
    '</section>',
  ].join('\n');
}
