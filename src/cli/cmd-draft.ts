/**
 * `balance-lab draft <file.md> [--out <file>]` (issue 42 item 6): draft a yaml balance-lab block from a scenario
 * written to the designer's template; printed, or written to `--out`. The reading: rules/urban-assault/scenario/draft.ts.
 */
import { writeFileSync } from 'node:fs';
import { InputError } from '../sim/input/input-error.js';
import { readBoundedFile } from '../sim/input/scenario-path.js';
import { MAX_INPUT_FILE_BYTES } from '../sim/input/limits.js';
import { isMarkdownFile } from '../rules/urban-assault/scenario/markdown.js';
import { draftScenario } from '../rules/urban-assault/scenario/draft.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

export function draftCommand(file: string, opts: { out?: string }): void {
  if (!isMarkdownFile(file)) throw new InputError(file, undefined, '', { id: 'draft.notMarkdown' }, { id: 'draft.notMarkdownAllowed' });
  const d = draftScenario(file, readBoundedFile(file, MAX_INPUT_FILE_BYTES));
  if (!opts.out) {
    process.stdout.write(d.yaml);
    return;
  }
  writeFileSync(opts.out, d.yaml);
  const tiles = Object.keys(d.doc.tiles as object).length;
  process.stderr.write(`${t('draft.wrote', { out: shownPath(opts.out), tiles, todos: d.todos.length })}\n`);
}
