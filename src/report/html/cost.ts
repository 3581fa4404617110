/**
 * Cost-effectiveness: for each variant, the extra cost over the baseline (or
 * over the variant its `paired_with:` names, shown under it) and the paired
 * change in the primary rate it buys, per unit of cost.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { costEffectiveness } from '../cost-effectiveness.js';
import { cost, pp, ppCi, pValue } from './format.js';
import { estimate, htmlTable, text, type HtmlCell, type HtmlColumn } from './table.js';
import { pairedVariantHeader } from './paired.js';
import { variantDisplayNames } from '../charts/common.js';
import { primaryRate } from '../lookup.js';
import { t } from '../../i18n/t.js';
import { summaryInLang } from '../summary-lang.js';

/** Build the cost-effectiveness section (`<section id="cost">`). */
export function costHtml(written: RunSummary): string {
  const summary = summaryInLang(written);
  const primary = primaryRate(summary);
  const unit = summary.costUnit;
  const rows = costEffectiveness(summary);
  const names = variantDisplayNames(summary);
  const head = `<section id="cost">\n<h2>${text(t('report.costTitle'))}</h2>`;
  if (rows.length === 0) return `${head}\n<p class="lead">${text(t('report.noOther'))}</p>\n</section>`;
  const columns: HtmlColumn[] = [
    { html: text(t('report.colVariant')) },
    { html: `${text(t('report.colCost'))}<br><span class="sub">${text(unit)}</span>`, cls: 'num' },
    { html: `${text(t('report.colExtraCost'))}<br><span class="sub">${text(t('report.subVsBaseline'))}</span>`, cls: 'num' },
    { html: `Δ ${text(primary.label)}<br><span class="sub">${text(t('report.subPp95'))}</span>`, cls: 'num' },
    { html: 'p', cls: 'num' },
    { html: `${text(t('report.colPpPerCost'))}<br><span class="sub">${text(t('report.subCostIn', { unit }))}</span>`, cls: 'num' },
  ];
  const body = rows.map((c): HtmlCell[] => [
    pairedVariantHeader(summary, c.variant, names),
    { html: text(cost(c.variant.cost)), cls: 'num' },
    { html: text(c.costDelta > 0 ? `+${cost(c.costDelta)}` : cost(c.costDelta)), cls: 'num' },
    { html: estimate(pp(c.rateDelta?.estimate), ppCi(c.rateDelta)), cls: 'num' },
    { html: text(pValue(c.p)), cls: 'num' },
    {
      html: c.perCost === null ? `<span class="muted" title="${text(t('report.sameCost'))}">—</span>` : `<strong>${text(pp(c.perCost, 2))}</strong>`,
      cls: 'num',
    },
  ]);
  return [
    head,
    `<p class="lead">${t('report.costLead', { unit: text(unit), metric: text(primary.label) })}</p>`,
    htmlTable(columns, body, 'cost'),
    '</section>',
  ].join('\n');
}
