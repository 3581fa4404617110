/**
 * Message rendering: `t(id, params)` looks the id up in the catalogue of the
 * current language (lang.ts) and fills its `{name}` placeholders.
 */
import { en, type MessageId } from './messages-en.js';
import { ja } from './messages-ja.js';
import { getLang, type Lang } from './lang.js';

/** Values a placeholder can take. */
export type MsgParams = Readonly<Record<string, string | number>>;

/** A message not yet rendered: an id and its placeholder values. */
export interface Msg {
  readonly id: MessageId;
  readonly params?: MsgParams;
}

const CATALOGUES: Record<Lang, Record<MessageId, string>> = { en, ja };

/** Fill `{name}` placeholders; a placeholder without a value stays as written. */
export function format(template: string, params?: MsgParams): string {
  if (!params) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

/** Render message `id` in `lang` (default: the current language). */
export function t(id: MessageId, params?: MsgParams, lang: Lang = getLang()): string {
  return format(CATALOGUES[lang][id], params);
}

/** Render a message value. */
export function render(msg: Msg, lang: Lang = getLang()): string {
  return t(msg.id, msg.params, lang);
}

/** The raw catalogue of a language (for tests and the web app). */
export function catalogue(lang: Lang): Readonly<Record<MessageId, string>> {
  return CATALOGUES[lang];
}

/**
 * Placeholders that carry an English plural ending (`{s}`, `{s2}`: '' or 's').
 * Other languages may leave them out; every other placeholder must appear in
 * every language.
 */
export const PLURAL_PLACEHOLDER = /^s\d*$/;

/** The placeholder names a template uses, sorted. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]))].sort();
}
