// Issue 27 target "memory per game stays flat": the run driver and its journals keep no chunk once it is merged, so
// a run of 10⁷ games (10⁴ chunks) holds no more than one of 10 chunks. Checked by reachability, not by timing or
// by memory figures: every chunk result is watched through a WeakRef, and after the run and a forced full garbage
// collection no watched result may still be alive. (The measured figures over 10⁷ games: scripts/memory-flat.mjs,
// docs/memory.md.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { runChunk, type ChunkResult } from '../src/sim/run/chunk.js';
import { loadExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { journalIdentity, mergeIntoJournal, RunJournal } from '../src/sim/run/journal.js';
import { runExperiment, type ChunkExecutor, type RunOptions } from '../src/sim/run/run.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-memory-flat-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CHUNKS = 40;
const exp: Experiment = { ...loadExperiment(FLAGSHIP, { games: CHUNKS * 5, seed: 11 }), chunk: 5 };

/** Plays every chunk here (as a pool would) and watches each result it hands to the driver. */
function watchingExecutor(watched: WeakRef<ChunkResult>[]): ChunkExecutor {
  return {
    inFlight: 3,
    run: async (_m, start, count) => {
      const r = runChunk(exp, start, count);
      watched.push(new WeakRef(r));
      return r;
    },
  };
}

/** Chunk results still reachable after the run, a macrotask (WeakRefs are kept within a job) and a full GC. */
async function alive(watched: WeakRef<ChunkResult>[]): Promise<number> {
  await new Promise((ok) => setTimeout(ok, 0));
  gc();
  return watched.filter((w) => w.deref() !== undefined).length;
}

/** Run `exp` (with `journal`, if any) and count the chunk results played that are still alive after it. */
async function play(journal: RunOptions['journal'], played = CHUNKS): Promise<number> {
  const watched: WeakRef<ChunkResult>[] = [];
  const s = await runExperiment(exp, { workers: 0, executor: watchingExecutor(watched), ...(journal ? { journal } : {}) });
  expect(s.gamesPerVariant).toBe(CHUNKS * 5);
  expect(watched).toHaveLength(played);
  return alive(watched);
}

describe('a run keeps no chunk once merged', () => {
  it('the driver alone', async () => {
    expect(await play(undefined)).toBe(0);
  });

  it('with the resume journal of a local run (run --out)', async () => {
    const journal = RunJournal.open(join(root, 'local.ndjson'), journalIdentity(exp, 'test'), false);
    expect(await play(journal)).toBe(0);
    expect(journal.chunks).toBe(CHUNKS);
    journal.close();
  });

  it('with the journal of a queue run or an inverse question (mergeIntoJournal): written, counted, not kept', async () => {
    const file = join(root, 'queue.ndjson');
    const journal = RunJournal.open(file, journalIdentity(exp, 'test'), false);
    // Chunk 0 is already in Redis: merged from there (kept for this run), every other chunk played and appended.
    const inRedis = new Map([[0, runChunk(exp, 0, 5)]]);
    const merged = mergeIntoJournal(inRedis, journal);
    expect(await play(merged, CHUNKS - 1)).toBe(0); // before issue 27's fix: 39, every appended chunk stayed in journal.done
    expect(journal.done.size).toBe(1);
    expect(journal.chunks).toBe(CHUNKS);
    journal.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1 + CHUNKS);
    // And a resume reads every one of them back.
    const again = RunJournal.open(file, journalIdentity(exp, 'test'), true);
    expect(again.done.size).toBe(CHUNKS);
    expect(again.chunks).toBe(CHUNKS);
    again.close();
  });
});
