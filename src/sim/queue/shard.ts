/**
 * Static shards for batch schedulers without a queue (issue 17 item 4): `run --shard K/N --partial FILE` plays
 * the chunks m with m mod N = K − 1 of a fixed-count run and writes them, byte-exact, to a partial file;
 * `merge FILE… --out DIR` checks that the partial files belong to one run and cover every chunk, and merges them in
 * chunk order through the ordinary run driver, so the results are byte-identical to a local run. A target-error run
 * cannot be sharded statically (its stop depends on the merged prefix): it needs the queue.
 */
import { writeFileAtomically } from '../run/atomic-file.js';
import { closeSync } from 'node:fs';
import { refuseRead } from '../input/scenario-path.js';
import { ChunkIndex, LineTooLong, ndjsonLines, openOrdinaryFile, type ChunkStore, type LineReadOptions } from '../run/ndjson-lines.js';
import { Piscina } from 'piscina';
import { runChunk, specialisedShipment, type ChunkResult } from '../run/chunk.js';
import { compileExperiment, type Experiment, type Overrides } from '../experiment/load.js';
import { t } from '../../i18n/t.js';
import { InputError } from '../input/input-error.js';
import { checkedChunk, chunkLine, differences, identityHash, identityIntact, identityLine, journalIdentity, verifyChunkLine, type JournalIdentity } from '../run/journal.js';
import { workerFile } from '../run/worker-file.js';
import { Source } from '../input/schema.js';
import type { ChunkTask } from '../run/worker.js';

/** The header of a partial file: the run's identity, the experiment itself (as data) and the shard. */
export interface PartialHeader extends JournalIdentity {
  readonly shard: { readonly k: number; readonly n: number };
  readonly source: { readonly file: string; readonly text: string; readonly overrides: Overrides };
}

/** Chunk indices of a run of `exp` (fixed game count). */
export function chunkCount(exp: Experiment): number {
  if (exp.stop.kind !== 'games') throw new InputError(exp.file, undefined, 'stop', { id: 'run.targetErrorRunCannot' }, { id: 'run.fixedGameCountStop' });
  return Math.ceil(exp.stop.games / exp.chunk);
}

/**
 * Play shard k of n (1-based) of `exp` on `workers` threads (0: in-process) and write the partial file (atomically,
 * through an exclusively created temporary file: atomic-file.ts). Returns the number of chunks written.
 */
export async function runShard(exp: Experiment, text: string, overrides: Overrides, k: number, n: number, workers: number, partial: string, packageVersion: string): Promise<number> {
  const total = chunkCount(exp);
  const mine: number[] = [];
  for (let m = k - 1; m < total; m += n) mine.push(m);
  const size = exp.chunk, cap = (exp.stop as { games: number }).games;
  const pool = workers > 0 ? new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: workers, maxThreads: workers }) : null;
  // The threads load their modules while this one specialises the runners once for all of them (pe-shipment.ts).
  const shipped = pool ? specialisedShipment(exp) : null;
  const task = (m: number): ChunkTask => ({ exp, start: m * size, count: Math.min(size, cap - m * size), shipped });
  let results: ChunkResult[];
  try {
    results = await Promise.all(mine.map((m) => (pool ? pool.run(task(m)) : Promise.resolve().then(() => { const t = task(m); return runChunk(t.exp, t.start, t.count); }))));
  } finally {
    if (pool) await pool.destroy();
  }
  const header: PartialHeader = { ...journalIdentity(exp, packageVersion), shard: { k, n }, source: { file: exp.file, text, overrides } };
  const run = identityHash(journalIdentity(exp, packageVersion));
  const body = [identityLine(header), ...mine.map((m, i) => chunkLine(m, results[i], run))].join('\n') + '\n';
  writeFileAtomically(partial, body);
  return mine.length;
}

/** `K/N` of a partial's (unverified) shard field, as the user typed it for `run --shard`; `K/N` when malformed. */
function shardText(shard: unknown): string {
  const { k, n } = (shard ?? {}) as { k?: unknown; n?: unknown };
  return Number.isSafeInteger(k) && Number.isSafeInteger(n) ? `${k}/${n}` : 'K/N';
}

/**
 * Read partial files, check they are shards of one run and together hold every chunk; returns the experiment
 * (recompiled from the data the partial files carry, checked against their hash), the chunks by index, and `close`
 * (call it once merged). Each file is read line by line and its chunks are kept as places in it (ndjson-lines.ts),
 * read and checked again when merged: partial files of any size merge in bounded memory (issue 39 item 8).
 */
export function readPartials(files: readonly string[], packageVersion: string, opts: LineReadOptions = {}): { exp: Experiment; chunks: ChunkStore; close(): void } {
  if (files.length === 0) throw new InputError(t('cli.commandLine'), undefined, 'FILE', { id: 'run.noPartialFileGiven' }, { id: 'run.oneMoreFilesWritten' });
  const fds: number[] = [];
  const close = (): void => {
    for (const fd of fds.splice(0)) closeSync(fd);
  };
  try {
    return { ...readOpenPartials(files, packageVersion, opts, fds), close };
  } catch (e) {
    close();
    throw e;
  }
}

/** {@link readPartials}, with every file it opens pushed onto `fds`. */
function readOpenPartials(files: readonly string[], packageVersion: string, opts: LineReadOptions, fds: number[]): { exp: Experiment; chunks: ChunkStore } {
  let first: PartialHeader | null = null;
  let exp: Experiment | null = null;
  const chunks = new ChunkIndex(checkedChunk, { problem: { id: 'security.partialChunkDamaged' }, allowed: { id: 'security.partialAgain' } });
  const from = new Map<number, string>();
  for (const f of files) {
    // An ordinary file only (/dev/zero, a pipe or /proc file is refused without being read).
    const opened = openOrdinaryFile(f);
    if (!('fd' in opened)) refuseRead(f, opened);
    const fd = opened.fd;
    fds.push(fd);
    const lines = ndjsonLines(fd, opts);
    let at = 1;
    try {
      const top = lines.next();
      let head: PartialHeader;
      try {
        head = JSON.parse(top.done === true ? '' : top.value.text) as PartialHeader;
      } catch {
        throw new InputError(f, 1, '', { id: 'run.notBalanceLabPartial' }, { id: 'run.fileWrittenRunShard' });
      }
      if (typeof head !== 'object' || head === null || head.format !== 'balance-lab-journal' || !head.shard || !head.source) throw new InputError(f, 1, '', { id: 'run.notBalanceLabPartial' }, { id: 'run.fileWrittenRunShard' });
      // No checksum at all: written before partials carried them (issue 29 item 6); a present but wrong one: damaged.
      // Neither is merged (an unverifiable chunk could be wrong without anyone noticing).
      if (!Object.prototype.hasOwnProperty.call(head, 'sum')) throw new InputError(f, 1, '', { id: 'security.partialNoChecksum' }, { id: 'security.partialRerun', params: { shard: shardText(head.shard) } });
      if (!identityIntact(head)) throw new InputError(f, 1, '', { id: 'security.partialDamaged' }, { id: 'security.partialAgain' });
      if (first === null) {
        first = head;
        exp = compileExperiment(Source.parse(head.source.file, head.source.text), head.source.overrides);
        const now = journalIdentity(exp, packageVersion);
        const diff = differences(head, now);
        if (diff.length > 0) throw new InputError(f, 1, '', { id: 'run.shardWasPlayedDifferent', params: { diff: diff.join(', ') } }, { id: 'run.partialFilesWrittenVersion' });
      } else {
        const diff = differences(first, head);
        if (diff.length > 0 || head.shard.n !== first.shard.n) throw new InputError(f, 1, '', { id: 'run.notShardSameRun', params: { file: files[0], value: [...diff, ...(head.shard.n !== first.shard.n ? ['shard count'] : [])].join(', ') } }, { id: 'run.shards1NOne' });
      }
      // Chunks are bound to the run's identity (not the shard's header): a chunk of another seed or run fails its sum.
      const { shard: _shard, source: _source, sum: _sum, ...identity } = head as PartialHeader & { sum?: string };
      const run = identityHash(identity);
      for (const l of lines) {
        at = l.line;
        if (l.text === '') continue;
        const c = verifyChunkLine(l.text, run);
        if (c === 'torn') throw new InputError(f, l.line, '', { id: 'run.damagedChunkLine' }, { id: 'run.fileRunShardWrote' });
        if (c === 'bad') throw new InputError(f, l.line, '', { id: 'security.partialChunkDamaged' }, { id: 'security.partialAgain' });
        if (c.m % head.shard.n !== head.shard.k - 1) throw new InputError(f, l.line, '', { id: 'security.partialWrongShard', params: { m: c.m, k: head.shard.k, n: head.shard.n } }, { id: 'security.partialAgain' });
        const other = from.get(c.m);
        if (other !== undefined) throw new InputError(f, l.line, '', { id: 'security.partialChunkTwice', params: { m: c.m, other } }, { id: 'security.partialAgain' });
        from.set(c.m, f);
        chunks.add(c.m, { run, file: f, fd, line: l.line, offset: l.offset, bytes: l.bytes });
      }
    } catch (e) {
      if (e instanceof LineTooLong) throw e.line === 1 ? new InputError(f, 1, '', { id: 'run.notBalanceLabPartial' }, { id: 'run.fileWrittenRunShard' }) : new InputError(f, Math.max(at, e.line), '', { id: 'run.damagedChunkLine' }, { id: 'run.fileRunShardWrote' });
      throw e;
    }
  }
  const total = chunkCount(exp!);
  const missing: number[] = [];
  for (let m = 0; m < total; m++) if (!chunks.has(m)) missing.push(m);
  if (missing.length > 0) {
    const shards = [...new Set(missing.map((m) => (m % first!.shard.n) + 1))];
    throw new InputError(files[0], undefined, '', { id: 'run.chunksMissingShard', params: { missingCount: missing.length, total, value: shards.length > 1 ? 's' : '', shards: shards.join(', '), n: first!.shard.n } }, { id: 'run.everyShard1N' });
  }
  return { exp: exp!, chunks };
}
