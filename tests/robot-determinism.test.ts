// Determinism of the robot-skirmish experiment (shared suite in
// tests/helpers/determinism-suite.ts), plus: the replay narrates positions
// turn by turn and ends with the verdict.
import { expect } from 'vitest';
import { determinismSuite } from './helpers/determinism-suite.js';

determinismSuite('experiments/formation-vs-multi-attack.yaml', {
  games: 300,
  workers: [2],
  variants: ['ff-mixed-rifle', 'form-same-rifle', 'multi-same-pod', 'charge-cannon-sword'],
  checkReplay(r) {
    expect(r.lines.some((l) => /^ {2}positions: S-\S+ \(\d+\.\d, \d+\.\d\)/.test(l))).toBe(true);
    expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: WIN/ : /^result: (LOSS|DRAW)/);
  },
});
