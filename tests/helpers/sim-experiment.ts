// Test helper: write the small URBAN ASSAULT fixture experiment into a temp dir and load it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uaFixtureYaml } from './ua-fixture.js';
import { loadExperiment, type Experiment, type Overrides } from '../../src/sim/experiment/load.js';

/** Stop-rule lines (YAML, indented under `stop:`). */
export function stubExperiment(stopYaml: string, overrides: Overrides = {}, extraVariants = ''): Experiment {
  const dir = mkdtempSync(join(tmpdir(), 'balance-lab-sim-'));
  const file = join(dir, 'stub.yaml');
  writeFileSync(file, uaFixtureYaml(stopYaml, extraVariants));
  return loadExperiment(file, overrides);
}
