/**
 * The HTML document around the report's sections: head with a strict
 * Content-Security-Policy (nothing can be fetched, only inline code runs),
 * the stylesheet, the table of contents and the inlined Vega bundles.
 */
import { escapeHtml, inlineScript } from './escape.js';
import type { VegaBundles } from './assets.js';
import { REPORT_CSS } from './style.js';
import { getLang } from '../../i18n/lang.js';

/**
 * The page's Content-Security-Policy: no network or file loads of any kind;
 * inline scripts and styles only, and no `eval` (the charts are drawn with
 * Vega's expression interpreter). `data:`/`blob:` images are for vega-embed's
 * PNG export.
 */
export const REPORT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; " +
  "base-uri 'none'; form-action 'none'";

/** The parts a page is assembled from (section HTML already escaped). */
export interface PageParts {
  /** The `<title>` text (plain text; escaped here). */
  readonly title: string;
  /** The header (question and headline answer). */
  readonly header: string;
  /** Table-of-contents entries: section id and label (plain text). */
  readonly toc: readonly (readonly [string, string])[];
  /** The sections, in order. */
  readonly sections: readonly string[];
  /** Footer HTML. */
  readonly footer: string;
  /** Script HTML that runs after the bundles (chart specs and the embed script). */
  readonly script: string;
}

/** Assemble the full document. */
export function pageHtml(parts: PageParts, bundles: VegaBundles): string {
  const toc = parts.toc.map(([id, label]) => `<a href="#${escapeHtml(id)}">${escapeHtml(label)}</a>`).join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${getLang()}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(REPORT_CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="balance-lab">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body data-charts="pending">',
    '<main>',
    parts.header,
    `<nav class="toc">${toc}</nav>`,
    ...parts.sections,
    '</main>',
    `<footer>${parts.footer}</footer>`,
    `<script>${inlineScript(bundles.vega)}</script>`,
    `<script>${inlineScript(bundles.vegaLite)}</script>`,
    `<script>${inlineScript(bundles.vegaEmbed)}</script>`,
    parts.script,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
