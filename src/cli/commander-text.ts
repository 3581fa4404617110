/**
 * Commander's own words in the chosen language (issue 26): help headings
 * and help text wrapping. Its parse errors come from the catalogue through
 * src/cli/local-command.ts.
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

/** Characters a Japanese line may not start with (行頭禁則): closing brackets and punctuation. */
const NO_LINE_START = /^[）」』】〕〉》］｝、。，．・：；？！ー…)\]}]$/u;

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
        // 行頭禁則: closing punctuation never starts a line; the character before it goes down with it.
        const last = NO_LINE_START.test(tok) && gap === '' ? /[^\x00-\x7f]$/u.exec(line) : null;
        if (last && line.length > last[0].length) {
          lines.push(line.slice(0, -last[0].length));
          line = last[0] + tok;
        } else {
          lines.push(line);
          line = tok;
        }
      } else line += gap + tok;
      gap = '';
    }
    lines.push(line);
    return lines.join('\n');
  }).join('\n');
}
