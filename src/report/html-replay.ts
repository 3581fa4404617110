/**
 * How to replay any single game of the run, turn by turn, from run.json's
 * replay command template.
 */
import type { RunSummary } from '../sim/summary.js';
import { displayName, variantDisplayNames } from './chart-common.js';
import { count } from './html-format.js';
import { htmlTable, text, type HtmlCell } from './html-table.js';
import { shellQuote } from './run-json.js';

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
    '<h2>Replay a game</h2>',
    `<p class="lead">Any single game can be replayed turn by turn, with every roll, from the project folder:</p>`,
    `<pre class="cmd">${text(template)}</pre>`,
    `<p class="lead">Replace <code>&lt;name&gt;</code> with a variant name and <code>&lt;i&gt;</code> with a game index from 0 to ` +
      `${text(count(Math.max(0, summary.gamesPerVariant - 1)))}. Game <i>i</i> uses the same dice in every variant, ` +
      'so replaying the same index for two variants shows the same fight with different choices. Game 0 of each variant:</p>',
    htmlTable([{ html: 'Variant' }, { html: 'Command' }], rows, 'replay'),
    '</section>',
  ].join('\n');
}
