/**
 * The error a command-line value parser throws: commander's InvalidArgumentError
 * carrying what is allowed as a catalogue message, so the CLI can print
 * `command line: --games: 'abc' is not a valid value (allowed: …)` in the
 * user's language (src/cli/local-command.ts).
 */
import { InvalidArgumentError } from 'commander';
import { render, t, type Msg } from '../i18n/t.js';

export class BadOptionValue extends InvalidArgumentError {
  /** What the option takes, e.g. `an integer ≥ 1 and ≤ 100000000`. */
  readonly allowed: Msg;

  constructor(allowed: Msg) {
    super(t('cli.expected', { allowed: render(allowed) }));
    this.allowed = allowed;
  }
}
