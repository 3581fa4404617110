// Determinism of the Axis & Allies Miniatures experiments (shared suite in
// tests/helpers/determinism-suite.ts), plus: the replay ends with the verdict.
import { expect } from 'vitest';
import { determinismSuite } from './helpers/determinism-suite.js';

for (const [file, games] of [['experiments/aam-initiative-choice.yaml', 300], ['experiments/aam-points-value.yaml', 400]] as const) {
  determinismSuite(file, {
    games,
    csvs: ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'],
    checkReplay(r) {
      const verdict = r.record.rates[0] ? /^result: BLUE WINS/ : r.record.rates[1] ? /^result: RED WINS/ : /^result: DRAW/;
      expect(r.lines[r.lines.length - 1]).toMatch(verdict);
    },
  });
}
