// Determinism of the if-battle experiments (shared suite in
// tests/helpers/determinism-suite.ts), plus: the replay narrates every
// character's area turn by turn and ends with the verdict.
import { expect } from 'vitest';
import { determinismSuite } from './helpers/determinism-suite.js';

const checkReplay = (r: { lines: string[]; record: { rates: Uint8Array } }): void => {
  expect(r.lines.some((l) => /^ {2}positions: S-\S+ \(\d+,\d+\) life \d+\/\d+/.test(l))).toBe(true);
  expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: WIN/ : /^result: (LOSS|DRAW)/);
};

determinismSuite('experiments/if-speed-and-fields.yaml', {
  games: 300,
  workers: [2],
  variants: ['plain', 'burning', 'closed-slowed'],
  checkReplay,
});

determinismSuite('experiments/if-bug-values.yaml', {
  games: 300,
  workers: [2],
  variants: ['mirror', 'main-process', 'miasma-norecovery'],
  checkReplay,
});
