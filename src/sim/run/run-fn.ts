/**
 * How `solve` and `search` play each of their experiments (issue 15, issue 17): on this machine's threads, or on a
 * cluster through the Redis/BullMQ queue — then the experiment's text travels to the workers as data, with the exact
 * seed and stopping rule.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ChunkResult } from './chunk.js';
import type { Experiment } from '../experiment/load.js';
import { identityHash, journalIdentity, journalOptions, mergeIntoJournal, RunJournal } from './journal.js';
import { runExperiment, type RunOptions } from './run.js';
import type { ChunkStore } from './ndjson-lines.js';
import type { RunSummary } from '../stats/summary.js';
import { t } from '../../i18n/t.js';
import { testHold } from './test-hold.js';
import { shownPath } from '../input/shown-path.js';

/** Chunks already played and where to keep new ones; `file`: the journal on disk holding them, if any. */
export interface RunFnJournal {
  readonly done: ChunkStore;
  append(m: number, r: ChunkResult): void;
  readonly file?: string;
}

/** Play `exp` (whose document is `text`) to its stopping rule; `journal`: chunks already played and where to keep new ones. */
export type RunFn = (exp: Experiment, text: string, journal?: RunFnJournal) => Promise<RunSummary>;

/**
 * Journal every experiment `inner` plays on disk (issue 29 item 4), as `run` does: one resume journal per experiment
 * identity (journal.ts; checksummed, fsync'd) in `dir`, so an interrupted `solve` or `search` — local or `--queue`
 * — continued with `--resume` replays the same sequence of experiments and merges the chunks already played instead
 * of playing them again (the answers are byte-identical); `journalLimitMb`: each journal's limit (`--journal-limit`). Chunks the caller keeps in memory are written to the disk
 * journal and those on disk are handed to the caller, both ways. Without `resume`, old journals are discarded.
 */
export function journaledRuns(inner: RunFn, dir: string, resume: boolean, packageVersion: string, log: (line: string) => void, journalLimitMb?: number): { run: RunFn; remove(): void } {
  if (!resume) rmSync(dir, { recursive: true, force: true });
  const run: RunFn = async (exp, text, outer) => {
    const id = journalIdentity(exp, packageVersion);
    const disk = RunJournal.open(join(dir, `${identityHash(id).slice(0, 20)}.ndjson`), id, resume, journalOptions(journalLimitMb));
    try {
      if (disk.done.size > 0) log(t('cli.resumingChunkSAlready', { size: disk.done.size, file: shownPath(disk.file) }).trimEnd());
      // One chunk at a time: the disk journal's chunks are read back from it only as they are handed on.
      if (outer) for (const m of [...disk.done.keys()].sort((a, b) => a - b)) if (!outer.done.has(m)) outer.append(m, disk.done.get(m)!);
      const merged = mergeIntoJournal(outer?.done ?? new Map(), disk);
      const summary = await inner(exp, text, { done: merged.done, append: (m, r) => { merged.append(m, r); outer?.append(m, r); }, file: disk.file });
      await testHold('experiment-played');
      return summary;
    } finally {
      disk.close();
    }
  };
  return { run, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** On `workers` local threads. */
export function localRun(workers: number): RunFn {
  return (exp, _text, journal) => runExperiment(exp, { workers, journal });
}

/**
 * On the cluster behind `url`: one coordinator per experiment played (queue.ts); `key`: the queue key, if any;
 * `redisTimeoutS`: give up after Redis has been away this long (`--redis-timeout`); `onProgress`: the merge's progress.
 */
export function queueRun(url: string, packageVersion: string, log: (line: string) => void, key: Buffer | null = null, redisTimeoutS?: number, onProgress?: RunOptions['onProgress']): RunFn {
  return async (exp, text, journal) => {
    const { QueueCoordinator } = await import('../queue/queue.js');
    // Chunks merged so far (the caller's, those only in Redis, then each new one): counted, not kept (journal.ts).
    let mergedChunks = journal?.done.size ?? 0;
    const mine = { done: journal?.done ?? new Map<number, ChunkResult>(), append: (m: number, r: ChunkResult) => { mergedChunks++; journal?.append(m, r); } };
    const c = await QueueCoordinator.open(url, exp, { file: exp.file, text, overrides: {}, exact: { seed: exp.seed, stop: exp.stop } }, packageVersion, {
      log, key, ...(redisTimeoutS !== undefined ? { redisTimeoutS } : {}), ...(journal?.file ? { journalFile: journal.file, merged: () => mergedChunks } : {}),
    });
    try {
      // Chunks already journaled by the caller are merged as they are; those only in Redis are journaled at once and
      // merged too; new ones are recorded.
      const merged = mergeIntoJournal(c.done, mine);
      const s = await runExperiment(exp, { workers: 0, journal: merged, executor: c, ...(onProgress ? { onProgress } : {}) });
      await c.close(true);
      return s;
    } catch (e) {
      await c.close(false);
      throw e;
    }
  };
}
