/**
 * InputError: the one error type for bad input (malformed experiment, unknown
 * unit, over-budget loadout…). The CLI prints `message` and exits with code 2.
 * The problem is either a catalogue message (`Msg`, rendered in the current
 * language, issue 26) or a string not yet in the catalogue.
 */
import { render, t, type Msg } from '../i18n/t.js';

export class InputError extends Error {
  /** The problem as written: text, or the catalogue message it was rendered from. */
  readonly problemMsg: Msg | undefined;
  /** The problem in the language it was rendered in. */
  readonly problem: string;

  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly path: string,
    problem: string | Msg,
    readonly allowed?: string,
  ) {
    const text = typeof problem === 'string' ? problem : render(problem);
    const where = line !== undefined ? `${file}:${line}` : file;
    const at = path ? ` ${path}:` : '';
    super(`${where}:${at} ${text}${allowed ? ` ${t('input.allowed', { allowed })}` : ''}`);
    this.name = 'InputError';
    this.problem = text;
    this.problemMsg = typeof problem === 'string' ? undefined : problem;
  }
}
