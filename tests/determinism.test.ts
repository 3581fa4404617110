// Determinism of the flagship experiment: the result files do not depend on
// the number of worker threads, and replaying a game reproduces exactly what
// the run accumulated for that game index.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResults } from '../src/report/files/write-results.js';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { experimentMetrics, runChunk } from '../src/sim/run/chunk.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';
import { runExperiment } from '../src/sim/run/run.js';

const FILE = 'experiments/lmg-worth-8-magazines.yaml';
const GAMES = 6000;
const CSVS = ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'];

describe('flagship experiment determinism', () => {
  const exp = loadExperiment(FILE, { games: GAMES });

  it('1, 2 and 3 workers write byte-identical CSVs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'balance-lab-determinism-'));
    const files: Record<number, Record<string, Buffer>> = {};
    for (const workers of [1, 2, 3]) {
      const summary = await runExperiment(exp, { workers });
      expect(summary.gamesPerVariant).toBe(GAMES);
      expect(summary.workers).toBe(workers);
      const out = join(root, `w${workers}`);
      const written = await writeResults(summary, out, { packageVersion: '0.0.0-test', nodeVersion: process.version, gitCommit: null });
      for (const f of CSVS) expect(written).toContain(f);
      files[workers] = Object.fromEntries(CSVS.map((f) => [f, readFileSync(join(out, f))]));
    }
    for (const f of CSVS) {
      expect(files[1][f].length, f).toBeGreaterThan(100);
      expect(files[2][f].equals(files[1][f]), `${f}: 2 workers vs 1`).toBe(true);
      expect(files[3][f].equals(files[1][f]), `${f}: 3 workers vs 1`).toBe(true);
    }
    // Every variant played all its games.
    const rows = files[1]['summary.csv'].toString('utf8').trim().split('\n');
    expect(rows.length).toBe(1 + exp.compiled.variants.length);
  });

  it('replayGame reproduces the per-game records that runChunk accumulated', () => {
    const layout = new AccLayout(experimentMetrics(exp));
    const names = exp.compiled.variants.map((v) => v.name);
    const baseName = exp.compiled.variants.find((v) => v.baseline)!.name;
    const checked = ['baseline', 'lmg'];
    expect(exp.chunk).toBe(2000);
    for (const n of checked) expect(names).toContain(n);
    for (const i of [0, 7, 1234, GAMES - 1]) {
      // Game i's contribution per variant inside the run's own chunk: runChunk(c, i+1−c) − runChunk(c, i−c), c = the chunk's
      // first game, so the runners play the games before i exactly as in a run.
      const c = Math.floor(i / exp.chunk) * exp.chunk;
      const upto = runChunk(exp, c, i + 1 - c).data;
      const before = runChunk(exp, c, i - c).data;
      const base = replayGame(exp, baseName, i).record;
      for (const name of checked) {
        const v = names.indexOf(name);
        const rec = new Accumulator(layout, upto[v].map((x, j) => x - before[v][j]));
        const r = replayGame(exp, name, i);
        expect(r.lines.length, `${name} game ${i}`).toBeGreaterThan(0);
        expect(rec.games).toBe(1);
        r.metrics.rates.forEach((spec, k) => {
          expect(rec.rateCount(k), `${name} game ${i} ${spec.id}`).toBe(r.record.rates[k]);
          expect(rec.pairedRate(k).sum, `${name} game ${i} paired ${spec.id}`).toBe(name === baseName ? 0 : r.record.rates[k] - base.rates[k]);
        });
        r.metrics.values.forEach((spec, k) => {
          expect(rec.valueSums(k).sum, `${name} game ${i} ${spec.id}`).toBe(r.record.values[k]);
          expect(rec.pairedValue(k).sum, `${name} game ${i} paired ${spec.id}`).toBe(name === baseName ? 0 : r.record.values[k] - base.values[k]);
        });
        const nVars = r.metrics.series!.vars.length;
        r.metrics.series!.steps.forEach((step, st) => {
          for (let k = 0; k < nVars; k++) {
            const x = r.record.series[st * nVars + k];
            expect(rec.seriesSum(st, k), `${name} game ${i} ${step.id}`).toBe(x < 0 ? 0 : x);
            expect(rec.seriesHist(st, k).reduce((a, b) => a + b, 0), `${name} game ${i} ${step.id} reached`).toBe(x < 0 ? 0 : 1);
          }
        });
        // The narration's verdict agrees with the record.
        expect(r.lines[r.lines.length - 1]).toMatch(r.record.rates[0] === 1 ? /^result: CLEARED/ : /^result: (not cleared|leader down)/);
      }
    }
  });
});
