// Determinism of URBAN ASSAULT operations and campaigns (shared suite in
// tests/helpers/determinism-suite.ts): worker count and chunking do not change
// the results, and a replay reproduces the game and narrates it tile by tile.
import { expect } from 'vitest';
import { determinismSuite } from './helpers/determinism-suite.js';

determinismSuite('experiments/tutorial-01-difficulty.yaml', {
  games: 300,
  workers: [2],
  variants: ['shooting-normal', 'dexterity-hard', 'melee-easy'],
  checkReplay(r) {
    expect(r.lines.some((l) => /^tile 1: \d\d /.test(l))).toBe(true);
    expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: OPERATION SUCCESS/ : /^result: (not cleared|leader down)/);
  },
});

// Campaigns (a sweep of the rescue sizes): the same guarantees.
determinismSuite('experiments/reorg-rescue-tuning.yaml', {
  games: 200,
  workers: [2],
  csvs: ['summary.csv', 'attrition.csv', 'sweep.csv', 'breakdown.csv'],
  variants: ['magazines0_level0', 'magazines3_level-1', 'magazines6_level-2'],
  checkReplay(r) {
    expect(r.lines.some((l) => /^── attempt 1: stage 0/.test(l))).toBe(true);
    expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: SCENARIO CLEARED in \d attempt/ : /^result: not cleared after \d attempt/);
  },
});
