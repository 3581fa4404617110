// Determinism of the robot-skirmish experiment: the result files do not depend
// on the number of worker threads, and replaying a game reproduces exactly
// what the run accumulated for that game index.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResults } from '../src/report/write-results.js';
import { Accumulator, AccLayout } from '../src/sim/accumulator.js';
import { experimentMetrics, runChunk } from '../src/sim/chunk.js';
import { loadExperiment } from '../src/sim/experiment.js';
import { replayGame } from '../src/sim/replay.js';
import { runExperiment } from '../src/sim/run.js';

const FILE = 'experiments/formation-vs-multi-attack.yaml';
const GAMES = 300;
const CSVS = ['summary.csv', 'attrition.csv'];

describe('robot-skirmish experiment determinism', () => {
  const exp = loadExperiment(FILE, { games: GAMES });

  it('1 and 2 workers write byte-identical CSVs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'balance-lab-robot-'));
    const files: Record<number, Record<string, Buffer>> = {};
    for (const workers of [1, 2]) {
      const summary = await runExperiment(exp, { workers });
      expect(summary.gamesPerVariant).toBe(GAMES);
      const out = join(root, `w${workers}`);
      await writeResults(summary, out, { packageVersion: '0.0.0-test', nodeVersion: process.version, gitCommit: null });
      files[workers] = Object.fromEntries(CSVS.map((f) => [f, readFileSync(join(out, f))]));
    }
    for (const f of CSVS) {
      expect(files[1][f].length, f).toBeGreaterThan(100);
      expect(files[2][f].equals(files[1][f]), `${f}: 2 workers vs 1`).toBe(true);
    }
  });

  it('replayGame reproduces the per-game record runChunk accumulated, and narrates positions turn by turn', () => {
    const layout = new AccLayout(experimentMetrics(exp));
    const names = exp.compiled.variants.map((v) => v.name);
    for (const i of [0, 17, 123]) {
      const c = Math.floor(i / exp.chunk) * exp.chunk;
      const upto = runChunk(exp, c, i + 1 - c).data;
      const before = runChunk(exp, c, i - c).data;
      for (const name of ['ff-mixed-rifle', 'form-same-rifle', 'multi-same-pod', 'charge-cannon-sword']) {
        const v = names.indexOf(name);
        const acc = new Accumulator(layout, upto[v].map((x, j) => x - before[v][j]));
        const r = replayGame(exp, name, i);
        expect(acc.games).toBe(1);
        r.metrics.rates.forEach((_, k) => expect(acc.rateCount(k), `${name} game ${i} rate ${k}`).toBe(r.record.rates[k]));
        r.metrics.values.forEach((_, k) => expect(acc.valueSums(k).sum, `${name} game ${i} value ${k}`).toBe(r.record.values[k]));
        expect(r.lines.some((l) => /^ {2}positions: S-\S+ \(\d+\.\d, \d+\.\d\)/.test(l))).toBe(true);
        expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: WIN/ : /^result: (LOSS|DRAW)/);
      }
    }
  });
});
