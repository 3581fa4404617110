// Determinism of the Axis & Allies Miniatures experiments: the result files do
// not depend on the number of worker threads (nor on chunking), and replaying
// a game reproduces exactly what the run accumulated for that game index.
// (tests/determinism.test.ts covers the flagship file only.)
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

const CSVS = ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'];

for (const [file, games] of [['experiments/aam-initiative-choice.yaml', 300], ['experiments/aam-points-value.yaml', 400]] as const) {
  describe(`${file} determinism`, () => {
    const exp = { ...loadExperiment(file, { games }), chunk: 100 };

    it('1, 2 and 3 workers write byte-identical CSVs', async () => {
      const root = mkdtempSync(join(tmpdir(), 'aam-determinism-'));
      const files: Record<number, Record<string, Buffer>> = {};
      for (const workers of [1, 2, 3]) {
        const summary = await runExperiment(exp, { workers });
        expect(summary.gamesPerVariant).toBe(games);
        const out = join(root, `w${workers}`);
        await writeResults(summary, out, { packageVersion: '0.0.0-test', nodeVersion: process.version, gitCommit: null });
        files[workers] = Object.fromEntries(CSVS.map((f) => [f, readFileSync(join(out, f))]));
      }
      for (const f of CSVS) {
        expect(files[1][f].length, f).toBeGreaterThan(100);
        expect(files[2][f].equals(files[1][f]), `${f}: 2 workers vs 1`).toBe(true);
        expect(files[3][f].equals(files[1][f]), `${f}: 3 workers vs 1`).toBe(true);
      }
    });

    it('the chunk size does not change the results (in-process, chunks of 100 vs 37)', async () => {
      const a = await runExperiment(exp, { workers: 0 });
      const b = await runExperiment({ ...exp, chunk: 37 }, { workers: 0 });
      expect(JSON.stringify(b.variants)).toBe(JSON.stringify(a.variants));
    });

    it('replayGame reproduces the per-game records that runChunk accumulated', () => {
      const layout = new AccLayout(experimentMetrics(exp));
      const names = exp.compiled.variants.map((v) => v.name);
      for (const i of [0, 13, games - 1]) {
        const c = Math.floor(i / exp.chunk) * exp.chunk;
        const upto = runChunk(exp, c, i + 1 - c).data;
        const before = runChunk(exp, c, i - c).data;
        for (const name of names.slice(0, 3)) {
          const v = names.indexOf(name);
          const rec = new Accumulator(layout, upto[v].map((x, j) => x - before[v][j]));
          const r = replayGame(exp, name, i);
          expect(rec.games).toBe(1);
          r.metrics.rates.forEach((spec, k) => expect(rec.rateCount(k), `${name} game ${i} ${spec.id}`).toBe(r.record.rates[k]));
          r.metrics.values.forEach((spec, k) => expect(rec.valueSums(k).sum, `${name} game ${i} ${spec.id}`).toBe(r.record.values[k]));
          const verdict = r.record.rates[0] ? /^result: BLUE WINS/ : r.record.rates[1] ? /^result: RED WINS/ : /^result: DRAW/;
          expect(r.lines[r.lines.length - 1]).toMatch(verdict);
        }
      }
    });
  });
}
