// Test helper: write a small stub-engine experiment into a temp dir and load it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExperiment, type Experiment, type Overrides } from '../../src/sim/experiment.js';

/** Stop-rule lines (YAML, indented under `stop:`). */
export function stubExperiment(stopYaml: string, overrides: Overrides = {}, extraVariants = ''): Experiment {
  const dir = mkdtempSync(join(tmpdir(), 'balance-lab-sim-'));
  const file = join(dir, 'stub.yaml');
  writeFileSync(
    file,
    [
      'name: stub-test',
      'question: does a bonus help?',
      'game: urban-assault',
      'seed: 12345',
      'target: 4',
      'stop:',
      ...stopYaml.split('\n').map((l) => `  ${l}`),
      'variants:',
      '  - { name: plus1, bonus: 1, cost: 2 }',
      '  - { name: base, baseline: true, cost: 0 }',
      '  - { name: minus1, bonus: -1, cost: 0 }',
      extraVariants,
      '',
    ].join('\n'),
  );
  return loadExperiment(file, overrides);
}
