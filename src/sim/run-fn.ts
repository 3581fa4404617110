/**
 * How `solve` and `search` play each of their experiments (issue 15, issue 17): on this machine's threads, or on a
 * cluster through the Redis/BullMQ queue — then the experiment's text travels to the workers as data, with the exact
 * seed and stopping rule.
 */
import type { ChunkResult } from './chunk.js';
import type { Experiment } from './experiment.js';
import { runExperiment } from './run.js';
import type { RunSummary } from './summary.js';

/** Play `exp` (whose document is `text`) to its stopping rule; `journal`: chunks already played and where to keep new ones. */
export type RunFn = (exp: Experiment, text: string, journal?: { readonly done: ReadonlyMap<number, ChunkResult>; append(m: number, r: ChunkResult): void }) => Promise<RunSummary>;

/** On `workers` local threads. */
export function localRun(workers: number): RunFn {
  return (exp, _text, journal) => runExperiment(exp, { workers, journal });
}

/**
 * On the cluster behind `url`: one coordinator per experiment played (queue.ts); `key`: the queue key, if any;
 * `redisTimeoutS`: give up after Redis has been away this long (`--redis-timeout`).
 */
export function queueRun(url: string, packageVersion: string, log: (line: string) => void, key: Buffer | null = null, redisTimeoutS?: number): RunFn {
  return async (exp, text, journal) => {
    const { QueueCoordinator } = await import('./queue.js');
    const c = await QueueCoordinator.open(url, exp, { file: exp.file, text, overrides: {}, exact: { seed: exp.seed, stop: exp.stop } }, packageVersion, { log, key, ...(redisTimeoutS !== undefined ? { redisTimeoutS } : {}) });
    try {
      // Chunks already journaled by the caller are merged as they are; those only in Redis too; new ones are recorded.
      const done = new Map([...c.done, ...(journal?.done ?? [])]);
      const s = await runExperiment(exp, { workers: 0, journal: { done, append: (m, r) => journal?.append(m, r) }, executor: c });
      await c.close(true);
      return s;
    } catch (e) {
      await c.close(false);
      throw e;
    }
  };
}
