/**
 * Small building blocks for the report's HTML tables. Cells carry HTML that
 * the caller has already escaped; {@link text} escapes plain text.
 */
import type { VariantSummary } from '../../sim/stats/summary.js';
import { escapeHtml } from './escape.js';
import { t } from '../../i18n/t.js';

/** One header cell. */
export interface HtmlColumn {
  /** Header content (escaped HTML). */
  readonly html: string;
  /** Extra class, e.g. `num` for right-aligned numbers. */
  readonly cls?: string;
}

/** One body cell. */
export interface HtmlCell {
  /** Cell content (escaped HTML). */
  readonly html: string;
  readonly cls?: string;
  /** Render as a row header (`<th scope="row">`). */
  readonly rowHeader?: boolean;
}

/** Escape plain text for HTML. */
export function text(s: string): string {
  return escapeHtml(s);
}

const classAttr = (cls: string | undefined) => (cls ? ` class="${escapeHtml(cls)}"` : '');

/** A header's text for a `data-label` attribute: its HTML without tags (entities stay escaped). */
export function headerLabel(html: string): string {
  return html.replace(/<br\s*\/?>/g, ' ').replace(/<[^>]*>/g, '').replace(/"/g, '&quot;').trim();
}

/**
 * A table inside a horizontally scrolling wrapper; `cls` goes on the `<table>`. A table of class `cards` labels every
 * body cell with its column's header (`data-label`), so on a narrow screen the stylesheet shows each row as a card.
 */
export function htmlTable(columns: readonly HtmlColumn[], rows: readonly (readonly HtmlCell[])[], cls?: string): string {
  const head = columns.map((c) => `<th scope="col"${classAttr(c.cls)}>${c.html}</th>`).join('');
  const cards = (cls ?? '').split(' ').includes('cards');
  const label = (k: number) => (cards && columns[k] ? ` data-label="${headerLabel(columns[k].html)}"` : '');
  const body = rows
    .map((r) => `<tr>${r.map((c, k) => (c.rowHeader ? `<th scope="row"${classAttr(c.cls)}>${c.html}</th>` : `<td${classAttr(c.cls)}${label(k)}>${c.html}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<div class="table-wrap"><table${classAttr(cls)}>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

/** An estimate with its confidence interval below it in a smaller, muted style. */
export function estimate(main: string, ci: string): string {
  return `<span class="est">${text(main)}</span>${ci ? `<span class="ci">${text(ci)}</span>` : ''}`;
}

/** The row header of a variant: its label, its name when different, and a baseline badge. */
export function variantHeader(v: VariantSummary, baseline: boolean): HtmlCell {
  const label = v.label.trim() === '' ? v.name : v.label;
  const name = label === v.name ? '' : `<code class="vname">${text(v.name)}</code>`;
  const badge = baseline ? ` <span class="badge">${text(t('report.baselineBadge'))}</span>` : '';
  return { html: `<span class="vlabel">${text(label)}</span>${badge}${name}`, rowHeader: true, cls: 'variant' };
}
