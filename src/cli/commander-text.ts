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
