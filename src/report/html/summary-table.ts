/**
 * The report's main table: one row per variant with the primary rate and its
 * CI, the paired difference vs the baseline with its p-value and verdict, the
 * headline value (magazines spent), cost and cost-effectiveness, mirroring the
 * terminal table.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { costEffectiveness } from '../cost-effectiveness.js';
import { tableValue } from '../format-table.js';
import { cost, count, mean, meanCi, pp, ppCi, pValue, pct, rateCi } from './format.js';
import { estimate, htmlTable, text, variantHeader, type HtmlCell, type HtmlColumn } from './table.js';
import { verdictOf } from './verdict.js';
import { isBaseline, namedReference, pairedOf, primaryRate, rateOf, valueOf } from '../lookup.js';
import { displayName, variantDisplayNames } from '../charts/common.js';
import { t } from '../../i18n/t.js';
import { summaryInLang } from '../summary-lang.js';
import { luckShareNote } from '../luck-share.js';

/** Build the summary table section (`<section id="summary">`). */
export function summaryTableHtml(written: RunSummary): string {
  const summary = summaryInLang(written);
  const primary = primaryRate(summary);
  const value = tableValue(summary);
  const effect = new Map(costEffectiveness(summary).map((c) => [c.variant.name, c]));
  const unit = summary.costUnit;

  const columns: HtmlColumn[] = [
    { html: text(t('report.colVariant')) },
    { html: text(t('report.colGames')), cls: 'num' },
    { html: `${text(primary.label)}<br><span class="sub">${text(t('report.sub95'))}</span>`, cls: 'num' },
    { html: `${text(t('report.colVsBaseline'))}<br><span class="sub">${text(t('report.subPairedPp'))}</span>`, cls: 'num' },
    { html: 'p', cls: 'num' },
    { html: text(t('report.colVerdict')) },
    ...(value ? [{ html: `${text(value.label)}<br><span class="sub">${text(t('report.subMean95'))}</span>`, cls: 'num' }] : []),
    { html: `${text(t('report.colCost'))}<br><span class="sub">${text(unit)}</span>`, cls: 'num' },
    { html: `${text(t('report.colPpPerCost'))}<br><span class="sub">${text(t('report.subCostIn', { unit }))}</span>`, cls: 'num' },
  ];

  const names = variantDisplayNames(summary);
  const rows = summary.variants.map((v): HtmlCell[] => {
    const base = isBaseline(summary, v);
    const none = !base && v.pairedWith === null;
    const ref = namedReference(summary, v);
    const vsRef = ref ? `<br><span class="sub">${text(t('pairref.vs', { ref: displayName(names, ref) }))}</span>` : '';
    const r = rateOf(v, primary.id)?.rate;
    const d = base ? undefined : pairedOf(v, primary.id, 'rate');
    const verdict = verdictOf(d);
    const m = value ? valueOf(v, value.id)?.mean : undefined;
    const perCost = effect.get(v.name)?.perCost ?? null;
    return [
      variantHeader(v, base),
      { html: text(count(v.games)), cls: 'num' },
      { html: estimate(pct(r?.estimate), rateCi(r)), cls: 'num' },
      { html: base || none ? '<span class="muted">—</span>' : estimate(pp(d?.diff.estimate), ppCi(d?.diff)) + vsRef, cls: 'num' },
      { html: base || none ? '' : text(pValue(d?.p)), cls: 'num' },
      base
        ? { html: `<span class="muted">${text(t('report.reference'))}</span>` }
        : none ? { html: `<span class="muted">${text(t('pairref.noPair'))}</span>` }
        : { html: `<span class="verdict v-${verdict.kind}" title="${text(verdict.title)}">${text(verdict.text)}</span>` },
      ...(value ? [{ html: estimate(mean(m?.estimate), meanCi(m)), cls: 'num' }] : []),
      { html: text(cost(v.cost)), cls: 'num' },
      { html: perCost === null ? '<span class="muted">—</span>' : text(pp(perCost, 2)), cls: 'num' },
    ];
  });

  const note = `<p class="note">${t('report.summaryNote', { metric: text(primary.label), unit: text(unit) })}</p>`;
  const luck = luckShareNote(summary);
  const luckNote = luck ? `\n<p class="note" id="luck-share">${text(luck)}</p>` : '';
  return `<section id="summary">\n<h2>${text(t('report.summaryTitle'))}</h2>\n${htmlTable(columns, rows, 'summary cards')}\n${note}${luckNote}\n</section>`;
}
