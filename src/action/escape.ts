/**
 * One escaping function per sink of the GitHub Action (issue 39 item 2, 17): nothing read from an input file (a
 * question, a label, a name, an error message quoting a value) reaches the runner's stdout, an annotation,
 * `$GITHUB_OUTPUT` or the job summary unescaped.
 *
 * - {@link commandData}: the message of a workflow command (`::error …::DATA`): % CR LF as the runner unescapes them.
 * - {@link commandProperty}: a property value (`file=…`): also `:` and `,`.
 * - {@link plainOutput}: free text printed to the runner's stdout: a line the runner would read as a command (v2
 *   `::name` after leading blanks, or v1 `##[` anywhere; lines split at CR, LF or CR LF) makes the whole text go
 *   between `::stop-commands::TOKEN` and `::TOKEN::` with a random token, so no command in it is processed.
 * - {@link outputEntry}: one `name=value` entry of `$GITHUB_OUTPUT`; a value with a line break uses the
 *   `name<<DELIMITER` form with a random delimiter that does not occur in it.
 * - {@link markdownCell}: a cell of a job-summary table: tags, entities, code, links, images and `|` backslash-escaped,
 *   line breaks and other control characters made spaces; {@link markdownText}: text outside a table, which also
 *   cannot start a list or a heading.
 */
import { randomBytes } from 'node:crypto';

/** Workflow-command data: the runner unescapes %25, %0D, %0A. */
export function commandData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property value: data escaping plus `:` and `,`. */
export function commandProperty(s: string): string {
  return commandData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Would the runner read any line of `text` as a workflow command? */
export function looksLikeCommand(text: string): boolean {
  return text.split(/\r\n|\r|\n/).some((l) => l.trimStart().startsWith('::') || l.includes('##['));
}

/** Free text for the runner's stdout: as it is, or fenced by stop-commands when a line would be read as a command. */
export function plainOutput(text: string, token: string = randomBytes(16).toString('hex')): string {
  if (!looksLikeCommand(text)) return text;
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}

/** One entry of `$GITHUB_OUTPUT` (with its final newline). */
export function outputEntry(name: string, value: string): string {
  if (!/[\r\n]/.test(value)) return `${name}=${value}\n`;
  let delim = `ghadelimiter_${randomBytes(16).toString('hex')}`;
  while (value.includes(delim)) delim = `ghadelimiter_${randomBytes(16).toString('hex')}`;
  return `${name}<<${delim}\n${value}\n${delim}\n`;
}

/**
 * Markdown (and inline HTML) characters that start a tag or an entity, code, a table column or an escape. A link or
 * image needs `](` (or `![`): the `(` after `]` and the `!` before `[` are escaped, so brackets alone (`[95% CI]`) stay
 * as they are. Emphasis marks (`*`, `_`, `~`) only change how text looks and stay too.
 */
const MD_SPECIAL = /[\\`<>&|]/g;

/** A cell of a job-summary table: one line, tags, entities, code, links, images and column breaks escaped. */
export function markdownCell(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(MD_SPECIAL, (c) => `\\${c}`)
    .replace(/\]\(/g, ']\\(').replace(/!\[/g, '\\![');
}

/** Text of the job summary outside a table (a line, a list item): as a cell, and no list, heading or underline start. */
export function markdownText(s: string): string {
  return markdownCell(s).replace(/^(\s*)([-+*#=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
