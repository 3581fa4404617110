/**
 * The report's stylesheet: local system fonts only (CJK-capable stacks, no
 * web fonts), light cards, readable tables with tabular numbers, print-friendly.
 */

/** The CSS inlined in the report's `<style>`. */
export const REPORT_CSS = `
:root {
  --ink: #1d2330; --muted: #667085; --line: #e3e6eb; --bg: #f4f5f7; --card: #ffffff; --accent: #1f77b4;
  --better: #1e7b34; --better-bg: #e5f4e9; --worse: #b3261e; --worse-bg: #fbe9e7; --unclear: #555d6b; --unclear-bg: #eceef2;
  --sans: system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, "Hiragino Sans", "Hiragino Kaku Gothic ProN",
    "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic UI", "Yu Gothic", Meiryo, sans-serif;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono CJK JP", monospace;
}
* { box-sizing: border-box; }
html { background: var(--bg); }
body { margin: 0; color: var(--ink); font: 15px/1.55 var(--sans); -webkit-text-size-adjust: 100%; }
main { max-width: 1180px; margin: 0 auto; padding: 28px 24px 8px; }
h1 { font-size: 30px; line-height: 1.25; margin: 4px 0 14px; letter-spacing: -0.01em; }
h2 { font-size: 20px; margin: 0 0 10px; }
p { margin: 8px 0; }
code, .mono { font-family: var(--mono); font-size: 0.92em; }
.muted { color: var(--muted); }
.hero { background: var(--card); border-left: 6px solid var(--accent); border-radius: 10px; padding: 22px 28px 18px;
  box-shadow: 0 1px 3px rgba(16, 24, 40, 0.08); }
.eyebrow { margin: 0; color: var(--muted); font-size: 13px; letter-spacing: 0.02em; }
.answer { font-size: 17px; margin: 6px 0; }
.answer .ci { display: inline; margin-left: 2px; }
.v-better { color: var(--better); font-weight: 600; }
.v-worse { color: var(--worse); font-weight: 600; }
.v-unclear { color: var(--unclear); font-weight: 600; }
nav.toc { margin: 14px 2px 0; font-size: 14px; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 14px; }
nav.toc a { color: var(--accent); text-decoration: none; white-space: nowrap; }
nav.toc a:hover { text-decoration: underline; }
section { background: var(--card); border-radius: 10px; padding: 20px 24px; margin: 18px 0;
  box-shadow: 0 1px 3px rgba(16, 24, 40, 0.08); }
.lead { color: #3d4554; max-width: 900px; }
.note { color: var(--muted); font-size: 13px; max-width: 980px; }
.warn { color: var(--worse); }
.table-wrap { overflow-x: auto; margin: 10px 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; min-width: 100%; }
th, td { padding: 7px 10px; border-bottom: 1px solid var(--line); vertical-align: top; text-align: left; }
thead th { background: #f7f8fa; font-size: 13px; font-weight: 600; color: #344054; border-bottom: 2px solid var(--line);
  vertical-align: bottom; white-space: nowrap; }
thead th .sub { font-weight: 400; color: var(--muted); font-size: 12px; white-space: normal; display: inline-block; min-width: 6em; }
tbody tr:hover { background: #fafbfc; }
th.num, td.num { text-align: right; }
td.num { white-space: nowrap; }
th.variant { font-weight: 400; min-width: 11em; max-width: 18em; }
.vlabel { font-weight: 600; }
.vname { display: block; color: var(--muted); font-size: 12px; }
table.paired th.variant, table.metrics th.variant, table.paired thead th:first-child, table.metrics thead th:first-child {
  position: sticky; left: 0; z-index: 1; box-shadow: inset -1px 0 0 var(--line); }
table.paired th.variant, table.metrics th.variant { background: var(--card); }
table.rulings th, table.rulings td:first-of-type { white-space: nowrap; }
.badge { display: inline-block; font-size: 11px; line-height: 1; padding: 3px 6px; border-radius: 999px; background: var(--unclear-bg);
  color: var(--unclear); vertical-align: 1px; margin-left: 4px; }
.est { display: block; font-weight: 600; }
.ci, .p { display: block; color: var(--muted); font-size: 12px; font-weight: 400; }
.verdict { display: inline-block; padding: 2px 8px; border-radius: 6px; font-size: 13px; font-weight: 600; white-space: nowrap; }
.verdict.v-better { background: var(--better-bg); }
.verdict.v-worse { background: var(--worse-bg); }
.verdict.v-unclear { background: var(--unclear-bg); }
table.summary td, table.summary th { padding-top: 9px; padding-bottom: 9px; }
td.nonsig .est { color: var(--muted); font-weight: 400; }
td.sig .est { font-weight: 700; }
figure.chart { margin: 18px 0 8px; padding-top: 14px; border-top: 1px solid var(--line); overflow-x: auto; }
figure.chart:first-of-type { border-top: 0; padding-top: 0; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; max-width: 820px; }
.vega[data-state="failed"] { color: var(--worse); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 6px 20px; margin: 6px 0; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
pre.cmd, code.cmd { font-family: var(--mono); font-size: 13px; }
pre.cmd { background: #1f2430; color: #f3f4f6; padding: 12px 14px; border-radius: 8px; overflow-x: auto; white-space: pre; }
table.replay code.cmd { white-space: nowrap; }
footer { max-width: 1180px; margin: 0 auto; padding: 4px 24px 28px; color: var(--muted); font-size: 12px; }
figure.chart .vega { width: 100%; }
figure.chart svg { max-width: 100%; }
@media (max-width: 640px) {
  main { padding: 14px 8px 4px; }
  section, .hero { padding: 14px 12px; }
  h1 { font-size: 23px; }
  footer { padding: 4px 10px 20px; }
  table.cards, table.cards tbody, table.cards tr, table.cards th, table.cards td { display: block; }
  table.cards { min-width: 0; width: 100%; }
  table.cards thead { display: none; }
  table.cards tr { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 10px; padding: 6px 10px; }
  table.cards tbody th.variant { min-width: 0; max-width: none; border-bottom: 1px solid var(--line); padding: 4px 0 6px; }
  table.cards td { border: 0; padding: 5px 0; text-align: right; white-space: normal; overflow-wrap: anywhere; }
  table.cards td::before { content: attr(data-label); float: left; color: var(--muted); font-size: 12px; text-align: left; max-width: 55%; }
  table.cards td::after { content: ""; display: block; clear: both; }
  dl.meta { grid-template-columns: 1fr; gap: 2px; }
  dl.meta dd { margin-bottom: 6px; }
}
@media print {
  html, body { background: #fff; }
  section, .hero { box-shadow: none; border: 1px solid var(--line); break-inside: avoid; }
  nav.toc, .vega-embed details { display: none; }
}
`;
