/**
 * The designer's balance targets in report.html and the web app (issue 42 item 2): the same four columns as the job
 * summary — target and band, variant, now [95% CI], verdict (met / below / above / undecided) — as cards at 390 px,
 * under the note on what the verdicts mean. Nothing for a run without targets.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { t } from '../../i18n/t.js';
import { evaluateTargets, targetCells, targetColumns } from '../targets.js';
import { htmlTable, text } from './table.js';

/** The targets section, or '' when the experiment declares none. */
export function targetsHtml(summary: RunSummary): string {
  const rows = evaluateTargets(summary.targets ?? [], summary);
  if (rows.length === 0) return '';
  const columns = targetColumns().map((h) => ({ html: text(h) }));
  const cells = targetCells(rows).map((r) => r.map((c, k) => ({ html: text(c), ...(k === 0 ? { rowHeader: true } : {}) })));
  return `<section id="targets">\n<h2>${text(t('action.targetsHeading'))}</h2>\n<p class="note">${text(t('action.hisNumbers'))}</p>\n${htmlTable(columns, cells, 'cards')}\n</section>`;
}
