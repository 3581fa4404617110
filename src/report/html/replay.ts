/**
 * How to replay any single game of the run, turn by turn, from run.json's
 * replay command template.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { displayName, variantDisplayNames } from '../charts/common.js';
import { count } from './format.js';
import { htmlTable, text, type HtmlCell } from './table.js';
import { shellQuote } from '../files/run-json.js';
import { t } from '../../i18n/t.js';

/** Fill run.json's replay template (`<name>`, `<i>`) for one variant and game index. */
export function replayCommand(template: string, variant: string, game: number | string): string {
  return template.split('<name>').join(shellQuote(variant)).split('<i>').join(String(game));
}

/** Build the replay section (`<section id="replay">`) from the template and the variants. */
export function replayHtml(summary: RunSummary, template: string): string {
  const names = variantDisplayNames(summary);
  const rows = summary.variants.map((v): HtmlCell[] => [
    { html: text(displayName(names, v)), rowHeader: true, cls: 'variant' },
    { html: `<code class="cmd">${text(replayCommand(template, v.name, 0))}</code>` },
  ]);
  return [
    '<section id="replay">',
    `<h2>${text(t('report.replayTitle'))}</h2>`,
    `<p class="lead">${text(t('report.replayLead'))}</p>`,
    `<pre class="cmd">${text(template)}</pre>`,
    `<p class="lead">${t('report.replayHow', { last: text(count(Math.max(0, summary.gamesPerVariant - 1))) })}</p>`,
    htmlTable([{ html: text(t('report.colVariant')) }, { html: text(t('report.colCommand')) }], rows, 'replay'),
    '</section>',
  ].join('\n');
}
