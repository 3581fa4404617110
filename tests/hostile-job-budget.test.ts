// Issue 39 item 1 (worker side): a queue job has a time and heap budget on the worker. A chunk that would play too
// long is stopped at its budget with a catalogue refusal (not final: another worker may be faster), the thread is
// replaced and the next job plays. Hermetic twin of tests/e2e/queue-budget.e2e.test.ts (a real Redis server).
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { workerFile } from '../src/sim/run/worker-file.js';
import { playWithinBudget } from '../src/sim/queue/queue.js';
import { JobRefusal } from '../src/sim/queue/job.js';
import type { ChunkTask } from '../src/sim/run/worker.js';
import type { ChunkResult } from '../src/sim/run/chunk.js';
import { setLang } from '../src/i18n/lang.js';
import { tinyUa } from './helpers/tiny-ua.js';

describe('a queue job cannot hold a worker thread past its budget', () => {
  it('a chunk of 10^9 games is stopped after its 1 s budget; the next chunk on the same pool plays', async () => {
    setLang('en');
    const exp = compileExperiment(Source.parse('/tmp/budget.yaml', tinyUa('budget', 'q', 10, '1d3+1', '')));
    const pool = new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: 1, maxThreads: 1, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    try {
      const t0 = performance.now(); // timing only
      const err = await playWithinBudget(pool, { exp, start: 0, count: 1_000_000_000 }, { timeoutMs: 1000, memoryMb: 512 }).then(() => null, (e: unknown) => e);
      const took = performance.now() - t0; // timing only
      expect(err).toBeInstanceOf(JobRefusal);
      expect((err as JobRefusal).final).toBe(false);
      expect((err as JobRefusal).message).toMatch(/budget of 1 s \(worker --job-timeout\)/);
      expect(took).toBeLessThan(10_000);
      const r = await playWithinBudget(pool, { exp, start: 0, count: 200 }, { timeoutMs: 60_000, memoryMb: 512 });
      expect(r.count).toBe(200);
    } finally {
      await pool.destroy();
    }
  }, 120_000);
});
