/**
 * The designer's eight measures in report.html (`<section id="designer">`, issue 41): for an experiment with
 * `audit: true`, his measures and じり貧 for the baseline and the variants compared with it or with nothing.
 */
import { t } from '../../i18n/t.js';
import { getLang } from '../../i18n/lang.js';
import { hasAudit, mainVariants, measuresGrid, type PlanSummary } from '../designer-plan.js';
import { htmlTable, text } from './table.js';

/** The section, or '' when the run has no audit measures. */
export function designerHtml(summary: PlanSummary): string {
  if (!hasAudit(summary)) return '';
  const g = measuresGrid(summary, mainVariants(summary), getLang());
  const columns = g.head.map((h) => ({ html: text(h) }));
  const rows = g.rows.map((r) => r.map((c, k) => ({ html: text(c), ...(k === 0 ? { rowHeader: true } : {}) })));
  return `<section id="designer">\n<h2>${text(t('plan.summaryHead'))}</h2>\n${htmlTable(columns, rows, 'cards')}\n</section>`;
}
