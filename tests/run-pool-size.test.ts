// A run's pool starts no more threads than the run has chunks (issue 44: a thread with no chunk to play still loads its
// modules, on a core the run's main thread — which specialises the runners meanwhile — or a playing thread needs);
// the results do not depend on it.
import { afterEach, describe, expect, it } from 'vitest';
import { installPlatform, platform, type Platform } from '../src/sim/core/platform.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runChunk } from '../src/sim/run/chunk.js';
import { runExperiment } from '../src/sim/run/run.js';

const original = platform();
afterEach(() => installPlatform(original));

/** The platform with a pool that plays in this thread and records the threads asked for. */
function recording(asked: number[]): Platform {
  return {
    ...original,
    chunkPool(exp, workers) {
      asked.push(workers);
      return { inFlight: 2 * workers, run: (_m, start, count) => Promise.resolve().then(() => runChunk(exp as never, start, count)) };
    },
  };
}

describe('the pool of a run', () => {
  it('has as many threads as asked, or as the run has chunks when fewer', async () => {
    const exp = loadExperiment('experiments/lmg-worth-gunpyo-campaign.yaml', { games: 40 });
    const asked: number[] = [];
    installPlatform(recording(asked));
    const one = await runExperiment({ ...exp, chunk: 40 }, { workers: 2 }); // one chunk
    const three = await runExperiment({ ...exp, chunk: 10 }, { workers: 3 }); // four chunks
    expect(asked).toEqual([1, 3]);
    expect(JSON.stringify(three.variants)).toBe(JSON.stringify(one.variants));
    expect(three.workers).toBe(3); // what the run was asked for
  });
});
