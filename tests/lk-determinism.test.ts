// Determinism of the chojin-locke experiment (shared suite in
// tests/helpers/determinism-suite.ts), plus: the replay narrates every card
// played round by round and ends with the verdict.
import { expect } from 'vitest';
import { determinismSuite } from './helpers/determinism-suite.js';

determinismSuite('experiments/locke-sync-vs-solo.yaml', {
  games: 300,
  workers: [2],
  variants: ['solo', 'sync', 'sync-stretch'],
  checkReplay(r) {
    expect(r.lines.some((l) => /^— round 1 —$/.test(l))).toBe(true);
    expect(r.lines.some((l) => / attacks E-locke with .+ Lv\d \(power \d+\)/.test(l))).toBe(true);
    expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: WIN/ : /^result: (LOSS|NO DECISION)/);
  },
});
