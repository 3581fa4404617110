/**
 * Human text an experiment carries (its `question`, each variant's `label`) in one language or both (issue 42):
 * either a plain string or a mapping `{ ja: …, en: … }` with at least one of the two.
 *
 * The text is kept twice: `text`, one stable string (the English text, else the only one given) that run.json, the
 * CSVs and baselines record, so a file's results do not depend on the reader's language; and `local`, the mapping as
 * written, from which displays (the CLI table, report.html, charts, summaries, the web app) pick the reader's
 * language, falling back to the other one.
 */
import type { Cursor } from './schema.js';
import { LANGS, getLang, type Lang } from '../../i18n/lang.js';
import { t } from '../../i18n/t.js';

/** Text written in both languages, or one of them. */
export type LocalText = { readonly [L in Lang]?: string };

/** A text as read: the stable `text` and, when the file gave a `{ ja, en }` mapping, that mapping. */
export interface ReadText {
  readonly text: string;
  readonly local?: LocalText;
}

/** Read a one-line text or a `{ ja, en }` mapping at `c`; `fallback` when missing. Errors name the file and line. */
export function readLocalText(c: Cursor, fallback: string): ReadText {
  const v = c.value;
  if (v === null || typeof v !== 'object') return { text: c.str({ default: fallback }) };
  if (Array.isArray(v)) c.fail({ id: 'input.expectedText', params: { got: t('input.aList') } }, t('input.textAllowed'));
  c.object(LANGS);
  const local: { [L in Lang]?: string } = {};
  for (const lang of LANGS) if (!c.key(lang).missing) local[lang] = c.key(lang).str();
  const text = local.en ?? local.ja;
  if (text === undefined) c.fail({ id: 'input.textNeedsLang' }, LANGS.join(', '));
  return { text, local };
}

/** The text in `lang`, else in the other language, else the stable text. */
export function pickText(text: string, local: LocalText | undefined, lang: Lang = getLang()): string {
  if (!local) return text;
  return local[lang] ?? local.en ?? local.ja ?? text;
}

/** An experiment's question in `lang` (an experiment, or a summary's `experiment`). */
export function questionIn(e: { readonly question: string; readonly questionText?: LocalText }, lang: Lang = getLang()): string {
  return pickText(e.question, e.questionText, lang);
}
