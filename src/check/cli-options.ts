/**
 * Parsers for `check`'s own command-line values. Like src/cli/options.ts they
 * throw commander's InvalidArgumentError, which the CLI turns into one
 * `balance-lab: …` line and exit code 2. Kept free of simulation imports so the
 * program can parse options without loading worker code.
 */
import { InvalidArgumentError } from 'commander';
import { t } from '../i18n/t.js';

/** `--alpha A`: the family-wise false-alarm rate, 0 < A < 0.5. */
export function parseAlpha(value: string): number {
  const allowed = t('cli.number005');
  const s = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) throw new InvalidArgumentError(t('cli.expected', { allowed }));
  const a = Number(s);
  if (!Number.isFinite(a) || a <= 0 || a >= 0.5) throw new InvalidArgumentError(t('cli.expected', { allowed }));
  return a;
}
