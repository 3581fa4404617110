// Shared determinism checks for one experiment file: the result files do not
// depend on the number of worker threads nor on the chunk size, and replaying a
// game reproduces exactly the per-game record the run accumulated for that
// game index. Each engine's determinism test calls `determinismSuite` with its
// own experiment files and a check of its replay narration.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResults } from '../../src/report/files/write-results.js';
import { Accumulator, AccLayout } from '../../src/sim/stats/accumulator.js';
import { experimentMetrics, runChunk } from '../../src/sim/run/chunk.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { replayGame, type Replay } from '../../src/sim/run/replay.js';
import { runExperiment } from '../../src/sim/run/run.js';

export interface DeterminismOptions {
  /** Games per variant (small: the suite runs them several times). */
  readonly games: number;
  /** Result files compared byte for byte (default summary.csv and attrition.csv). */
  readonly csvs?: readonly string[];
  /** Worker counts compared with 1 (default [2, 3]). */
  readonly workers?: readonly number[];
  /** Variants whose replays are checked (default the first three). */
  readonly variants?: readonly string[];
  /** Extra assertions on a replay's narration (e.g. that positions are printed). */
  readonly checkReplay?: (r: Replay, variant: string, game: number) => void;
}

/** Registers a `describe` block with the three determinism checks for `file`. */
export function determinismSuite(file: string, opts: DeterminismOptions): void {
  const games = opts.games;
  const csvs = opts.csvs ?? ['summary.csv', 'attrition.csv'];
  const workerCounts = opts.workers ?? [2, 3];
  describe(`${file} determinism`, () => {
    const exp = { ...loadExperiment(file, { games }), chunk: 100 };

    it(`1 and ${workerCounts.join(', ')} workers write byte-identical CSVs`, async () => {
      const root = mkdtempSync(join(tmpdir(), 'balance-lab-determinism-'));
      const files: Record<number, Record<string, Buffer>> = {};
      for (const workers of [1, ...workerCounts]) {
        const summary = await runExperiment(exp, { workers });
        expect(summary.gamesPerVariant).toBe(games);
        const out = join(root, `w${workers}`);
        await writeResults(summary, out, { packageVersion: '0.0.0-test', nodeVersion: process.version, gitCommit: null });
        files[workers] = Object.fromEntries(csvs.map((f) => [f, readFileSync(join(out, f))]));
      }
      for (const f of csvs) {
        expect(files[1][f].length, f).toBeGreaterThan(100);
        for (const w of workerCounts) expect(files[w][f].equals(files[1][f]), `${f}: ${w} workers vs 1`).toBe(true);
      }
    });

    it('the chunk size does not change the results (in-process, chunks of 100 vs 37)', async () => {
      const a = await runExperiment(exp, { workers: 0 });
      const b = await runExperiment({ ...exp, chunk: 37 }, { workers: 0 });
      expect(JSON.stringify(b.variants)).toBe(JSON.stringify(a.variants));
    });

    it('replayGame reproduces the per-game records that runChunk accumulated', () => {
      const layout = new AccLayout(experimentMetrics(exp), exp.controlVariates === true);
      const names = exp.compiled.variants.map((v) => v.name);
      const checked = opts.variants ?? names.slice(0, 3);
      for (const i of [0, 13, games - 1]) {
        const c = Math.floor(i / exp.chunk) * exp.chunk;
        const upto = runChunk(exp, c, i + 1 - c).data;
        const before = runChunk(exp, c, i - c).data;
        for (const name of checked) {
          const v = names.indexOf(name);
          expect(v, `variant ${name}`).toBeGreaterThanOrEqual(0);
          const acc = new Accumulator(layout, upto[v].map((x, j) => x - before[v][j]));
          const r = replayGame(exp, name, i);
          expect(acc.games).toBe(1);
          r.metrics.rates.forEach((spec, k) => expect(acc.rateCount(k), `${name} game ${i} ${spec.id}`).toBe(r.record.rates[k]));
          r.metrics.values.forEach((spec, k) => expect(acc.valueSums(k).sum, `${name} game ${i} ${spec.id}`).toBe(r.record.values[k]));
          opts.checkReplay?.(r, name, i);
        }
      }
    });
  });
}
