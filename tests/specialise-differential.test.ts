// Issue 44: the specialised fast path gives the general engine's records game by game — on every shipped URBAN ASSAULT
// experiment (every variant, sweeps expanded) and on randomised gauntlets (tests/helpers/ua-random-experiment.ts),
// played on the built engine in a plain Node process (tests/helpers/specialise-diff.ts says why).
// The hermetic tier plays 120 random experiments; issue 44's 500 run with
// `SPECIALISE_RANDOM=500 npx vitest run tests/specialise-differential.test.ts`.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { specialiseDiff } from './helpers/specialise-diff.js';
import { randomStream, randomUaExperiment } from './helpers/ua-random-experiment.js';

const shipped = readdirSync('experiments').filter((f) => f.endsWith('.yaml')).sort()
  .filter((f) => /^game:\s*urban-assault\s*$/m.test(readFileSync(join('experiments', f), 'utf8')));
const RANDOM = Number(process.env.SPECIALISE_RANDOM ?? 120);
const dir = mkdtempSync(join(tmpdir(), 'balance-lab-specialise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('specialised URBAN ASSAULT runner = general runner, game by game', () => {
  it(`every shipped URBAN ASSAULT experiment`, () => {
    expect(shipped.length).toBeGreaterThan(10);
    const results = specialiseDiff(shipped.map((f) => join('experiments', f)), { games: 100, opGames: 15 });
    expect(results.length).toBe(shipped.length);
    for (const r of results) {
      expect(r.difference, r.file).toBeNull();
      // Not vacuous: the runner's rule methods were really rewritten.
      expect(r.specialised, r.file).toBeGreaterThan(100);
      // And all of them: a method left general (a module-level name the scope misses) plays at the general engine's
      // speed — the campaign's shop and growth did, 4.6% of a 軍票 campaign game.
      expect(r.general, r.file).toEqual([]);
    }
  });

  it(`${RANDOM} randomised gauntlets`, () => {
    const rng = randomStream(44);
    const files: string[] = [];
    for (let i = 0; files.length < RANDOM && i < RANDOM * 4; i++) {
      const text = randomUaExperiment(rng, `rand-${i}`);
      const file = join(dir, `rand-${i}.yaml`);
      try {
        compileExperiment(Source.parse(file, text));
      } catch (e) {
        if (e instanceof InputError) continue;
        throw e;
      }
      writeFileSync(file, text);
      files.push(file);
    }
    expect(files.length).toBe(RANDOM);
    const results = specialiseDiff(files, { games: 40 });
    expect(results.length).toBe(RANDOM);
    for (const r of results) {
      if (r.difference !== null) throw new Error(`${r.file}: ${r.difference}\n${readFileSync(r.file, 'utf8')}`);
      expect(r.specialised).toBeGreaterThan(100);
    }
  });
});
