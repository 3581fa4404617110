import { describe, expect, it } from 'vitest';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { experimentMetrics, runChunk } from '../src/sim/run/chunk.js';
import { runExperiment, worstHalfWidth, type Progress } from '../src/sim/run/run.js';
import { workerFile } from '../src/sim/run/worker-file.js';
import { LocalPool } from '../src/sim/run/local-pool.js';
import type { ChunkResult } from '../src/sim/run/chunk.js';
import { halfWidth, pairedInterval, wilson } from '../src/sim/stats/stats.js';
import type { RunSummary } from '../src/sim/stats/summary.js';
import { stubExperiment } from './helpers/sim-experiment.js';

/**
 * The summary without the fields that may legitimately differ: timing, workers,
 * the temp file's path, and its hash (the YAML text changes with `chunk`).
 */
function stable(s: RunSummary): string {
  const { elapsedSeconds: _e, gamesPerSecond: _g, workers: _w, ...rest } = s;
  return JSON.stringify({ ...rest, experiment: { ...rest.experiment, file: '', hash: '' } });
}

/** Worst half-width as reported in a summary. */
function reportedWorst(s: RunSummary): number {
  let worst = 0;
  for (const v of s.variants) {
    worst = Math.max(worst, halfWidth(v.rates[0].rate));
    if (!v.baseline) worst = Math.max(worst, halfWidth(v.pairedRates[0].diff));
  }
  return worst;
}

describe('runExperiment with a games stop', () => {
  it('gives identical summaries for workers 0..3 and any chunk size', async () => {
    const ref = await runExperiment(stubExperiment('games: 4999\nchunk: 1000'), { workers: 0 });
    expect(ref.gamesPerVariant).toBe(4999);
    expect(ref.variants.map((v) => v.games)).toEqual([4999, 4999, 4999]);
    for (const workers of [1, 2, 3]) {
      for (const chunk of [1000, 333, 4999]) {
        const s = await runExperiment(stubExperiment(`games: 4999\nchunk: ${chunk}`), { workers });
        expect(s.workers).toBe(workers);
        expect(stable(s)).toBe(stable(ref));
      }
    }
    expect(stable(await runExperiment(stubExperiment('games: 4999\nchunk: 10'), { workers: 0 }))).toBe(stable(ref));
  });

  it('builds a sensible summary for the fixture experiment', async () => {
    const s = await runExperiment(stubExperiment('games: 20000\nchunk: 2500'), { workers: 2 });
    expect(s.baseline).toBe('base');
    expect(s.costUnit).toBe('magazines');
    expect(s.experiment.engine).toBe('urban-assault');
    expect(s.metrics.rates[0].id).toBe('win');
    const [plus1, base, minus1] = s.variants;
    expect(base.baseline).toBe(true);
    expect(base.pairedRates).toEqual([]);
    expect(plus1.cost).toBe(3); // a frag grenade
    expect(minus1.cost).toBe(0);
    // Half the magazines must hurt, with common random numbers the paired CI is tight and below 0.
    expect(minus1.pairedRates[0].diff.hi).toBeLessThan(0);
    expect(minus1.pairedRates[0].diff.hi - minus1.pairedRates[0].diff.lo).toBeLessThan(0.03);
    for (const v of s.variants) {
      const w = v.rates[0].rate;
      expect(w.lo).toBeLessThanOrEqual(w.estimate);
      expect(w.hi).toBeGreaterThanOrEqual(w.estimate);
      expect(v.rates[0].count).toBe(Math.round(w.estimate * 20000));
      for (const val of v.values) {
        expect(val.p10).toBeLessThanOrEqual(val.p50);
        expect(val.p50).toBeLessThanOrEqual(val.p90);
        expect(val.mean.lo).toBeLessThanOrEqual(val.mean.estimate);
      }
      // Every game reaches round 0 of the single engagement.
      expect(v.series.filter((p) => p.step === 0).every((p) => p.n === 20000)).toBe(true);
    }
    // Round 0 leader life is the full 6 + 1 (soft armour) unless round 0 hurt him (it cannot: no enemy attacks in round 0).
    expect(base.series.find((p) => p.step === 0 && p.var === 0)).toMatchObject({ mean: 7, p10: 7, p90: 7 });
  });

  it('reports progress in order', async () => {
    const seen: Progress[] = [];
    const s = await runExperiment(stubExperiment('games: 2500\nchunk: 1000'), { workers: 2, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.gamesDone)).toEqual([1000, 2000, 2500]);
    expect(seen.every((p) => p.gamesPlanned === 2500 && p.halfWidth > 0 && p.elapsedSeconds >= 0)).toBe(true);
    expect(seen[2].halfWidth).toBeCloseTo(reportedWorst(s), 12);
  });

  it('rejects a bad worker count', async () => {
    await expect(runExperiment(stubExperiment('games: 10'), { workers: -1 })).rejects.toThrow(/workers/);
  });
});

describe('runExperiment with a target_error stop', () => {
  const stop = 'target_error: 0.012\nmin_games: 1000\nmax_games: 200000\nchunk: 500';

  it('stops at the first chunk boundary meeting the target, independent of workers', async () => {
    const one = await runExperiment(stubExperiment(stop), { workers: 1 });
    const three = await runExperiment(stubExperiment(stop), { workers: 3 });
    const zero = await runExperiment(stubExperiment(stop), { workers: 0 });
    expect(three.gamesPerVariant).toBe(one.gamesPerVariant);
    expect(stable(three)).toBe(stable(one));
    expect(stable(zero)).toBe(stable(one));
    const n = one.gamesPerVariant;
    expect(n % 500).toBe(0);
    expect(n).toBeGreaterThan(1000);
    expect(n).toBeLessThan(200000);
    expect(reportedWorst(one)).toBeLessThanOrEqual(0.012);
    // One chunk fewer would not have met the target.
    const before = await runExperiment(stubExperiment(stop, { games: n - 500 }), { workers: 0 });
    expect(reportedWorst(before)).toBeGreaterThan(0.012);
  });

  it('stops at the cap when the target is out of reach', async () => {
    const s = await runExperiment(stubExperiment('target_error: 0.0005\nmin_games: 100\nmax_games: 3000\nchunk: 700'), { workers: 2 });
    expect(s.gamesPerVariant).toBe(3000);
    expect(reportedWorst(s)).toBeGreaterThan(0.0005);
  });

  it('never stops before min_games', async () => {
    const s = await runExperiment(stubExperiment('target_error: 0.5\nmin_games: 1234\nmax_games: 100000\nchunk: 100'), { workers: 0 });
    expect(s.gamesPerVariant).toBe(1300);
  });
});

describe('worstHalfWidth', () => {
  it('is NaN before any data, then the largest primary half-width', () => {
    const exp = stubExperiment('games: 100');
    const layout = new AccLayout(experimentMetrics(exp));
    expect(worstHalfWidth([new Accumulator(layout), new Accumulator(layout)], 1)).toBeNaN();
    const accs = runChunk(exp, 0, 400).data.map((d) => new Accumulator(layout, d));
    expect(accs.map((a) => a.games)).toEqual([400, 400, 400]);
    const byHand = [
      ...accs.map((a) => halfWidth(wilson(a.rateCount(0), 400))),
      ...[0, 2].map((v) => halfWidth(pairedInterval(accs[v].pairedRate(0).sum, accs[v].pairedRate(0).sumSq, 400))),
    ];
    expect(worstHalfWidth(accs, 1)).toBe(Math.max(...byHand));
  });
});

describe('runExperiment on the local pool at a target_error stop', () => {
  const stop = 'target_error: 0.012\nmin_games: 1000\nmax_games: 200000\nchunk: 500';

  it('cancels the chunks still in flight instead of waiting for them, with results unchanged', async () => {
    const exp = stubExperiment(stop);
    const pool = new LocalPool(exp, 2, workerFile());
    const s = await runExperiment(exp, { workers: 2, executor: pool });
    expect(stable(s)).toBe(stable(await runExperiment(stubExperiment(stop), { workers: 0 })));
    expect(s.gamesPerVariant / 500).toBeLessThan(pool.submitted); // chunks were in flight past the stopping chunk
    expect(pool.lateResults).toBe(0); // no chunk ran on after the stop
    expect(pool.completed + pool.cancelled).toBe(pool.submitted); // every other chunk was cancelled
  });

  it('a cancelled chunk\'s result posted as it was cancelled is discarded, not thrown (piscina: "Unexpected message from Worker")', async () => {
    // The race: a thread posts a chunk's result just as cancelInFlight aborts it; piscina no longer knows the task and
    // emits an error on the pool. Without a listener that error was thrown as an uncaught exception after the stop.
    const exp = stubExperiment(stop);
    const pool = new LocalPool(exp, 1, workerFile());
    await runExperiment(exp, { workers: 1, executor: pool });
    const emitter = (pool as unknown as { pool: { emit: (ev: string, e: Error) => boolean } }).pool;
    expect(() => emitter.emit('error', new Error('Unexpected message from Worker: { taskId: 11 }'))).not.toThrow();
    expect(pool.discardedAfterStop).toBe(1);
    // Any other error is still thrown.
    expect(() => emitter.emit('error', new Error('a worker failed'))).toThrow('a worker failed');
  });

  it('journals only merged chunks, so a resumed run is identical', async () => {
    const exp = stubExperiment(stop);
    const written = new Map<number, ChunkResult>();
    const journal = { done: new Map<number, ChunkResult>(), append: (m: number, r: ChunkResult) => void written.set(m, r) };
    const first = await runExperiment(exp, { workers: 2, journal });
    const chunks = first.gamesPerVariant / 500;
    expect([...written.keys()].sort((a, b) => a - b)).toEqual([...Array(chunks).keys()]);
    // Resume from the first half of the journal.
    const half = new Map([...written].filter(([m]) => m < chunks / 2));
    const resumed = await runExperiment(exp, { workers: 2, journal: { done: half, append: () => undefined } });
    expect(stable(resumed)).toBe(stable(first));
  });
});
