/**
 * Commander's own words in the chosen language (issue 26): help headings,
 * the help and version option descriptions, and its parse errors (unknown
 * option or command, missing or invalid argument, too many arguments). In
 * English, commander's text is kept as it is; an error shape not known here
 * stays in English.
 */
import { t } from '../i18n/t.js';
import { getLang } from '../i18n/lang.js';
import type { MessageId } from '../i18n/messages-en.js';

const TITLES: Readonly<Record<string, MessageId>> = {
  'Usage:': 'cli.helpUsage', 'Options:': 'cli.helpOptions', 'Commands:': 'cli.helpCommands',
  'Arguments:': 'cli.helpArguments', 'Global Options:': 'cli.helpGlobalOptions',
};

/** A help heading (`Usage:`, `Options:` …) in the current language. */
export function helpTitle(title: string): string {
  const id = TITLES[title];
  return id && getLang() !== 'en' ? t(id) : title;
}

/** Commander's error shapes (after `error: `) and the message each becomes. */
const ERRORS: readonly [RegExp, MessageId, readonly string[]][] = [
  [/^unknown option '([^']*)'$/, 'cli.errUnknownOption', ['option']],
  [/^unknown command '([^']*)'$/, 'cli.errUnknownCommand', ['command']],
  [/^missing required argument '([^']*)'$/, 'cli.errMissingArgument', ['argument']],
  [/^option '([^']*)' argument missing$/, 'cli.errOptionMissingArgument', ['option']],
  [/^required option '([^']*)' not specified$/, 'cli.errRequiredOption', ['option']],
  [/^option '([^']*)' argument '([^']*)' is invalid\. (.*)$/s, 'cli.errInvalidArgument', ['option', 'value', 'reason']],
  [/^too many arguments(?: for '([^']*)')?\. Expected (\d+) arguments? but got (\d+)\.$/, 'cli.errTooManyArguments', ['command', 'expected', 'got']],
];

/** Commander's error message (without `error: `) in the current language. */
export function commanderError(message: string): string {
  if (getLang() === 'en') return message;
  const [first, ...rest] = message.split('\n');
  const hint = /^\(Did you mean (?:one of )?(.*)\?\)$/.exec(rest.join(' ').trim());
  const suggestion = hint ? t('cli.errDidYouMean', { names: hint[1] }) : rest.join(' ');
  for (const [re, id, names] of ERRORS) {
    const m = re.exec(first);
    if (!m) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? '']));
    return `${t(id, params)}${suggestion ? ` ${suggestion}` : ''}`;
  }
  return message;
}

/**
 * Wrap help text to `width` display columns, breaking at spaces and also
 * between full-width characters (Japanese has no spaces between words).
 * Used for languages other than English; English keeps commander's wrapping.
 */
export function wrapWide(text: string, width: number, measure: (s: string) => number): string {
  return text.split('\n').map((para) => {
    const lines: string[] = [];
    let line = '';
    let gap = '';
    for (const tok of para.match(/[^\x00-\x7f]|[\x21-\x7e]+|\s+/g) ?? []) {
      if (/^\s+$/.test(tok)) { gap = line === '' ? '' : ' '; continue; }
      if (line !== '' && measure(line + gap + tok) > width) {
        lines.push(line);
        line = tok;
      } else line += gap + tok;
      gap = '';
    }
    lines.push(line);
    return lines.join('\n');
  }).join('\n');
}
