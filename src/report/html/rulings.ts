/**
 * The rulings in effect for the run: which reading of each unclear rule the
 * simulation used.
 */
import type { RulingChoice } from '../../sim/core/types.js';
import { htmlTable, text, type HtmlCell } from './table.js';
import { catalogue, format, t } from '../../i18n/t.js';
import { getLang } from '../../i18n/lang.js';

/** What a ruling choice means, in the current language when the engine gave it as a catalogue message (else as saved). */
export function rulingSummary(r: RulingChoice): string {
  const template = r.msg ? (catalogue(getLang()) as Readonly<Record<string, string>>)[r.msg.id] : undefined;
  return template === undefined ? r.summary : format(template, r.msg!.params);
}

/**
 * A ruling choice as the reader sees it: a choice one variant made on its own is saved as `<choice> (variant <name>
 * only)` (URBAN ASSAULT, compile.ts) and shown with that note in the current language.
 */
export function rulingChoiceText(r: RulingChoice): string {
  const m = /^(.*) \(variant (.+) only\)$/s.exec(r.choice);
  return m ? t('rulingView.variantOnly', { choice: m[1], variant: m[2] }) : r.choice;
}

/** Build the rulings section (`<section id="rulings">`); `engine` names the rules doc (docs/rules/<engine>.md). */
export function rulingsHtml(rulings: readonly RulingChoice[], engine: string): string {
  const head = `<section id="rulings">\n<h2>${text(t('report.rulingsTitle'))}</h2>`;
  if (rulings.length === 0) return `${head}\n<p class="lead">${text(t('report.noRulings'))}</p>\n</section>`;
  const rows = rulings.map((r): HtmlCell[] => [
    { html: `<code>${text(r.id)}</code>`, rowHeader: true },
    { html: `<code>${text(rulingChoiceText(r))}</code>` },
    { html: text(rulingSummary(r)) },
  ]);
  return [
    head,
    `<p class="lead">${t('report.rulingsLead', { engine: text(engine) })}</p>`,
    htmlTable([{ html: text(t('report.colRuling')) }, { html: text(t('report.colChoice')) }, { html: text(t('report.colMeaning')) }], rows, 'rulings'),
    '</section>',
  ].join('\n');
}
