/**
 * Cost-effectiveness: for each variant, the extra cost over the baseline and
 * the paired change in the primary rate it buys, per unit of cost.
 */
import type { RunSummary } from '../sim/summary.js';
import { costEffectiveness } from './cost-effectiveness.js';
import { cost, pp, ppCi, pValue } from './html-format.js';
import { estimate, htmlTable, text, variantHeader, type HtmlCell, type HtmlColumn } from './html-table.js';
import { primaryRate } from './lookup.js';

/** Build the cost-effectiveness section (`<section id="cost">`). */
export function costHtml(summary: RunSummary): string {
  const primary = primaryRate(summary);
  const unit = summary.costUnit;
  const rows = costEffectiveness(summary);
  const head = '<section id="cost">\n<h2>Cost-effectiveness</h2>';
  if (rows.length === 0) return `${head}\n<p class="lead">There is no other variant to compare with the baseline.</p>\n</section>`;
  const columns: HtmlColumn[] = [
    { html: 'Variant' },
    { html: `Cost<br><span class="sub">${text(unit)}</span>`, cls: 'num' },
    { html: 'Extra cost<br><span class="sub">vs baseline</span>', cls: 'num' },
    { html: `Δ ${text(primary.label)}<br><span class="sub">pp, 95% CI</span>`, cls: 'num' },
    { html: 'p', cls: 'num' },
    { html: `pp per cost<br><span class="sub">cost in ${text(unit)}</span>`, cls: 'num' },
  ];
  const body = rows.map((c): HtmlCell[] => [
    variantHeader(c.variant, false),
    { html: text(cost(c.variant.cost)), cls: 'num' },
    { html: text(c.costDelta > 0 ? `+${cost(c.costDelta)}` : cost(c.costDelta)), cls: 'num' },
    { html: estimate(pp(c.rateDelta?.estimate), ppCi(c.rateDelta)), cls: 'num' },
    { html: text(pValue(c.p)), cls: 'num' },
    {
      html: c.perCost === null ? '<span class="muted" title="same cost as the baseline">—</span>' : `<strong>${text(pp(c.perCost, 2))}</strong>`,
      cls: 'num',
    },
  ]);
  return [
    head,
    `<p class="lead">What each variant buys with its extra ${text(unit)}: the paired change in ${text(primary.label)} ` +
      `divided by the extra cost. A negative value means the ${text(unit)} would have done more good spent the baseline's way. ` +
      '“—” means the variant costs the same as the baseline.</p>',
    htmlTable(columns, body, 'cost'),
    '</section>',
  ].join('\n');
}
