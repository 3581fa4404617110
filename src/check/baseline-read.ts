/**
 * Reading a baseline file back (its text parsed by baseline-parse.ts): a missing or unreadable file is one
 * {@link InputError} naming the file and the command that creates it, so the CLI prints one line and exits 2.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readBoundedFile } from '../sim/input/scenario-path.js';
import { MAX_PARTIAL_BYTES } from '../sim/input/limits.js';
import { InputError } from '../sim/input/input-error.js';
import { t } from '../i18n/t.js';
import type { Baseline } from './baseline.js';
import { parseBaseline } from './baseline-parse.js';

export { parseBaseline };

/** Read a baseline file; a missing or unreadable file is an InputError that names `createCommand`, the command creating one. */
export function readBaseline(file: string, createCommand: string): Baseline {
  let text: string;
  try {
    // An ordinary file of bounded size only: /dev/zero, a pipe or a /proc file is refused without being read.
    if (existsSync(file)) return parseBaseline(file, readBoundedFile(file, MAX_PARTIAL_BYTES));
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new InputError(file, undefined, '', { id: 'check.cannotReadBaseline', params: { code, value: code === 'ENOENT' ? t('check.createItWith', { createCommand }) : '' } });
  }
  return parseBaseline(file, text);
}
