/** The web app's own styles, over the report's stylesheet (phone first: one column, big tap targets, no hover). */
export const APP_CSS = `
#app { max-width: 1180px; margin: 0 auto; padding: 12px 12px 8px; }
.app-head h1 { font-size: 22px; margin: 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.between { justify-content: space-between; }
.row input { flex: 1 1 12em; min-width: 0; font-family: var(--mono); font-size: 14px; }
.lang select { font-size: 16px; }
.field { display: flex; flex-direction: column; gap: 4px; font-size: 14px; color: var(--muted); margin: 8px 0; min-width: 0; }
select, input, textarea, button { font: inherit; font-size: 16px; max-width: 100%; }
select, input { padding: 8px; border: 1px solid #c4c9d2; border-radius: 8px; background: #fff; color: var(--ink); }
textarea { width: 100%; font-family: var(--mono); font-size: 13px; line-height: 1.45; padding: 10px; border: 1px solid #c4c9d2;
  border-radius: 8px; white-space: pre; overflow: auto; tab-size: 2; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 0 12px; }
.buttons { display: flex; flex-wrap: wrap; gap: 8px; margin: 10px 0; }
button { min-height: 44px; padding: 8px 14px; border-radius: 8px; border: 1px solid #c4c9d2; background: #fff; color: var(--ink); }
label.pick { display: inline-flex; align-items: center; min-height: 44px; padding: 8px 14px; border-radius: 8px; border: 1px solid #c4c9d2;
  background: #fff; color: var(--ink); font-size: 16px; position: relative; }
label.pick input { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
button.small { min-height: 36px; padding: 6px 10px; font-size: 14px; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button:disabled { opacity: 0.5; }
progress { width: 100%; height: 14px; }
.status { font-size: 14px; overflow-wrap: anywhere; white-space: pre-wrap; }
.status.error { color: var(--worse); font-family: var(--mono); }
.status.ok { color: var(--better); }
pre.log { max-height: 12em; overflow: auto; background: #f7f8fa; padding: 8px; font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.share { overflow-wrap: anywhere; }
textarea.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
.drift { border-left: 4px solid var(--worse); padding: 4px 10px; overflow-wrap: anywhere; }
.drift ul { margin: 4px 0; padding-left: 1.2em; }
details { margin: 10px 0; }
summary { cursor: pointer; min-height: 32px; }
.vega { width: 100%; }
figure.chart svg { max-width: 100%; height: auto; }
#app > footer { padding: 4px 2px 28px; }
@media (max-width: 600px) {
  #app section { padding: 14px 12px; }
  main, #app { padding-left: 8px; padding-right: 8px; }
}
`;
