/**
 * Parsers for `check`'s own command-line values. Like src/cli/options.ts they
 * throw BadOptionValue (commander's InvalidArgumentError), which the CLI turns into one
 * `balance-lab: …` line and exit code 2. Kept free of simulation imports so the
 * program can parse options without loading worker code.
 */
import { BadOptionValue } from './bad-value.js';

/** `--alpha A`: the family-wise false-alarm rate, 0 < A < 0.5. */
export function parseAlpha(value: string): number {
  const allowed = { id: 'cli.number005' } as const;
  const s = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) throw new BadOptionValue(allowed);
  const a = Number(s);
  if (!Number.isFinite(a) || a <= 0 || a >= 0.5) throw new BadOptionValue(allowed);
  return a;
}
