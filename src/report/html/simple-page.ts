/**
 * The page around the `solve` and `search` reports: a viewport tag, the
 * report's font stacks, tables that scroll inside their own box (the page
 * never scrolls sideways at 360–430 px) and inline SVG charts scaled to the
 * width, in the current language (`<html lang>`).
 */
import { getLang } from '../../i18n/lang.js';
import { escapeHtml } from './escape.js';

/** The stylesheet of a solve/search report. */
export const SIMPLE_PAGE_CSS = [
  '*{box-sizing:border-box}',
  'body{font:15px/1.5 system-ui,-apple-system,"Segoe UI","Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans CJK JP","Noto Sans JP",Meiryo,sans-serif;max-width:70rem;margin:0 auto;padding:1rem;color:#1d2330;-webkit-text-size-adjust:100%;overflow-wrap:anywhere}',
  'h1{font-size:1.5rem;line-height:1.3}h2{font-size:1.15rem}',
  '.table-wrap{overflow-x:auto;max-width:100%;margin:.5rem 0}',
  'table{border-collapse:collapse;font-variant-numeric:tabular-nums}',
  'td,th{padding:.25rem .5rem;text-align:right;white-space:nowrap}th{border-bottom:1px solid #999}',
  'td:first-child,th:first-child{position:sticky;left:0;background:#fff;text-align:left}',
  '.answer{font-size:1.05rem;background:#f4f4f4;padding:1rem;border-radius:8px}',
  'svg{max-width:100%;height:auto}',
].join('\n');

/** Wrap every `<table>` of `html` in a box that scrolls sideways by itself. */
export function wrapTables(html: string): string {
  return html.replace(/<table>/g, '<div class="table-wrap"><table>').replace(/<\/table>/g, '</table></div>');
}

/** A whole solve/search report page: `title` is plain text, `body` escaped HTML. */
export function simplePage(title: string, body: string): string {
  return `<!doctype html><html lang="${getLang()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${SIMPLE_PAGE_CSS}</style></head><body>
${wrapTables(body)}
</body></html>
`;
}
