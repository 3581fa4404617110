/**
 * InputError: the one error type for bad input (malformed experiment, unknown
 * unit, over-budget loadout…). The CLI prints `message` and exits with code 2.
 * The problem is either a catalogue message (`Msg`, rendered in the current
 * language, issue 26) or a string not yet in the catalogue.
 */
import { render, t, type Msg } from '../../i18n/t.js';
import { shownPath } from './shown-path.js';

export class InputError extends Error {
  /** The problem as written: text, or the catalogue message it was rendered from. */
  readonly problemMsg: Msg | undefined;
  /** The problem in the language it was rendered in. */
  readonly problem: string;
  /** What is allowed, rendered (keys and values as the files spell them), if known. */
  readonly allowed: string | undefined;
  /** What is allowed as written: text, or the catalogue message it was rendered from. */
  readonly allowedMsg: Msg | undefined;

  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly path: string,
    problem: string | Msg,
    allowed?: string | Msg,
  ) {
    const text = typeof problem === 'string' ? problem : render(problem);
    const ok = allowed === undefined || typeof allowed === 'string' ? allowed : render(allowed);
    const where = line !== undefined ? `${shownPath(file)}:${line}` : shownPath(file);
    const at = path ? ` ${path}:` : '';
    super(`${where}:${at} ${text}${ok ? ` ${t('input.allowed', { allowed: ok })}` : ''}`);
    this.name = 'InputError';
    this.problem = text;
    this.problemMsg = typeof problem === 'string' ? undefined : problem;
    this.allowed = ok;
    this.allowedMsg = allowed === undefined || typeof allowed === 'string' ? undefined : allowed;
  }
}
