/**
 * The rulings in effect for the run: which reading of each unclear rule the
 * simulation used.
 */
import type { RulingChoice } from '../sim/types.js';
import { htmlTable, text, type HtmlCell } from './html-table.js';

/** Build the rulings section (`<section id="rulings">`); `engine` names the rules doc (docs/rules/<engine>.md). */
export function rulingsHtml(rulings: readonly RulingChoice[], engine: string): string {
  const head = '<section id="rulings">\n<h2>Rulings in effect</h2>';
  if (rulings.length === 0) return `${head}\n<p class="lead">No rulings were recorded for this run.</p>\n</section>`;
  const rows = rulings.map((r): HtmlCell[] => [
    { html: `<code>${text(r.id)}</code>`, rowHeader: true },
    { html: `<code>${text(r.choice)}</code>` },
    { html: text(r.summary) },
  ]);
  return [
    head,
    `<p class="lead">How this run read each rule that the rule text leaves open. Every ruling, with the clause it reads and ` +
      `the alternatives, is written down in <span class="mono">docs/rules/${text(engine)}.md</span>.</p>`,
    htmlTable([{ html: 'Ruling' }, { html: 'Choice' }, { html: 'What it means' }], rows, 'rulings'),
    '</section>',
  ].join('\n');
}
