/**
 * The resume journal of a local run (issue 17): every chunk merged is appended, as one line of JSON, to
 * `<parent>/.<results folder>.staging/journal.ndjson` at once (it survives the process: Ctrl-C, `kill -9`) and
 * flushed to disk (fsync) in the background, one fsync for all the lines written while the previous one ran, so the
 * run's main thread never waits for the disk (a power cut may lose the last lines, whose chunks a resume plays
 * again); `balance-lab run … --resume` merges the chunks already played instead of playing them again. Chunks are
 * keyed by their index, their accumulators stored byte-exact (base64 of the Float64Array, or of its non-zero slots: encodeAccumulator), so a resumed run merges
 * exactly the same numbers in the same order and writes byte-identical results.
 *
 * The first line is the run's identity: experiment file hash, a hash of the compiled experiment (rulings, scenario,
 * catalogue), seed, stopping rule, chunk size, variants and package version. A journal whose identity differs is
 * refused (an InputError, exit code 2) rather than merged into wrong numbers.
 *
 * Checksums (issue 29 item 6): the identity line carries `sum`, the SHA-256 of the identity, and every chunk line
 * carries `run` (the first 16 hex digits of that hash) and `sum`, the SHA-256 of the run hash and the line without
 * `sum`. A flipped bit, a chunk of another run (another seed, experiment, version or chunking) or a relabelled chunk
 * (`m` changed) fails its sum and is refused (exit code 2) naming the file and line; only a last line cut short by
 * a crash (no newline after it) is dropped and played again.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fsync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ChunkResult } from './chunk.js';
import type { Experiment } from '../experiment/load.js';
import { t } from '../../i18n/t.js';
import { InputError } from '../input/input-error.js';

/** What a journal belongs to; two runs with equal identities produce identical chunks. */
export interface JournalIdentity {
  readonly format: 'balance-lab-journal';
  readonly formatVersion: 1;
  readonly experimentHash: string;
  readonly compiledHash: string;
  readonly packageVersion: string;
  readonly seed: number;
  readonly stop: Experiment['stop'];
  readonly chunk: number;
  readonly variants: readonly string[];
}

/** The identity of a run of `exp` with this package version. */
export function journalIdentity(exp: Experiment, packageVersion: string): JournalIdentity {
  return {
    format: 'balance-lab-journal',
    formatVersion: 1,
    experimentHash: exp.hash,
    compiledHash: createHash('sha256').update(JSON.stringify(exp.compiled)).digest('hex'),
    packageVersion,
    seed: exp.seed,
    stop: exp.stop,
    chunk: exp.chunk,
    variants: exp.compiled.variants.map((v) => v.name),
  };
}

/** SHA-256 (hex) of an identity (or a partial's header) without its own `sum`: what every chunk line is bound to. */
export function identityHash(id: object): string {
  const { sum: _sum, ...rest } = id as { sum?: unknown };
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** The identity line of a journal or partial: the identity and its `sum`. */
export function identityLine(id: object): string {
  return JSON.stringify({ ...id, sum: identityHash(id) });
}

/** Whether a parsed identity line carries its `sum` and the sum holds (a journal written before checksums existed has none). */
export function identityIntact(head: object): boolean {
  const sum = (head as { sum?: unknown }).sum;
  return typeof sum === 'string' && sum === identityHash(head);
}

/** The journal file of the results folder `outDir` (in its staging area, a hidden sibling folder). */
export function journalPath(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.staging`, 'journal.ndjson');
}

/** The most float64s a sparse accumulator may declare (128 MiB): a hostile line cannot make a reader allocate more. */
const MAX_SPARSE_LENGTH = 1 << 24;
const SPARSE = /^!(\d{1,9}):([A-Za-z0-9+/]*={0,2}):([A-Za-z0-9+/]*={0,2})$/;

/**
 * An accumulator as text, byte-exact: base64 of its float64s (dense), or, when fewer than a twelfth of them are
 * non-zero (an A&A chunk's accumulators are ~2% non-zero: 3.4 MB dense), `!length:indices:values` — base64 of the
 * non-zero slots' indices (uint32) and of their raw 8 bytes. "Non-zero" means any bit set, so −0 and every NaN payload
 * are kept as they are. ('!' and ':' are not base64, so the two forms cannot be confused.)
 */
export function encodeAccumulator(a: Float64Array): string {
  const w = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
  let nz = 0;
  for (let i = 0; i < w.length; i += 2) if ((w[i] | w[i + 1]) !== 0) nz++;
  if (nz * 12 >= a.length) return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  const idx = new Uint32Array(nz), val = new Uint32Array(nz * 2);
  for (let i = 0, j = 0; i < a.length; i++) {
    const lo = w[2 * i], hi = w[2 * i + 1];
    if ((lo | hi) === 0) continue;
    idx[j] = i;
    val[2 * j] = lo;
    val[2 * j + 1] = hi;
    j++;
  }
  return `!${a.length}:${Buffer.from(idx.buffer).toString('base64')}:${Buffer.from(val.buffer).toString('base64')}`;
}

/** The accumulator {@link encodeAccumulator} wrote, or null when `s` is not one (any length, index or size off). */
export function decodeAccumulator(s: string): Float64Array | null {
  if (s.charCodeAt(0) !== 33) {
    const b = Buffer.from(s, 'base64');
    if (b.byteLength % 8 !== 0) return null;
    const out = new Float64Array(b.byteLength / 8);
    new Uint8Array(out.buffer).set(b);
    return out;
  }
  const m = SPARSE.exec(s);
  if (m === null) return null;
  const n = Number(m[1]);
  const ib = Buffer.from(m[2], 'base64'), vb = Buffer.from(m[3], 'base64');
  if (n > MAX_SPARSE_LENGTH || ib.byteLength % 4 !== 0 || vb.byteLength !== 2 * ib.byteLength) return null;
  const k = ib.byteLength / 4, idx = new Uint32Array(k), val = new Uint32Array(2 * k);
  new Uint8Array(idx.buffer).set(ib);
  new Uint8Array(val.buffer).set(vb);
  const out = new Float64Array(n), w = new Uint32Array(out.buffer);
  for (let j = 0, prev = -1; j < k; j++) {
    const i = idx[j];
    if (i <= prev || i >= n) return null;
    w[2 * i] = val[2 * j];
    w[2 * i + 1] = val[2 * j + 1];
    prev = i;
  }
  return out;
}

/** Which fields of two identities differ (for the refusal message). */
export function differences(a: JournalIdentity, b: JournalIdentity): string[] {
  const names: Record<string, string> = {
    experimentHash: 'experiment file', compiledHash: 'compiled experiment (rulings, scenario or catalogue)', packageVersion: 'package version',
    seed: 'seed', stop: 'stopping rule (--games / --target-error)', chunk: 'chunk size', variants: 'variants',
  };
  return Object.keys(names).filter((k) => JSON.stringify(a[k as keyof JournalIdentity]) !== JSON.stringify(b[k as keyof JournalIdentity])).map((k) => names[k]);
}

/**
 * Make `dir` (the staging folder) this user's own: created with mode 0700; an existing one must be a real folder
 * (not a symlink) owned by this user, else an InputError naming it (issue 39 item 9: another local user could plant
 * `.NAME.staging` or its journal as a symlink and have the run write through it).
 */
export function privateFolder(dir: string): void {
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const st = lstatSync(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  if (!st.isDirectory() || st.isSymbolicLink() || (uid >= 0 && st.uid !== uid)) {
    throw new InputError(dir, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir } }, { id: 'hostile.stagingAllowed' });
  }
}

/**
 * Create `file` afresh for writing, never through a symlink: whatever stands at its name is removed first (a symlink
 * is removed itself, not followed), then the file is created exclusively with O_NOFOLLOW and mode 0600; a name
 * taken again in between is an InputError, not a write elsewhere.
 */
export function createExclusive(file: string): number {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    return openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (err) {
    throw new InputError(file, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir: file } }, { id: 'hostile.stagingAllowed' });
  }
}

/** An open journal: the chunks already recorded, and appending new ones. */
export class RunJournal {
  private fd: number;
  /** Lines written since the last fsync began; an fsync is running; close() came while it ran. */
  private dirty = false;
  private syncing = false;
  private closing = false;
  /** Chunk lines in the file: those it held when opened, and those appended since. */
  private recorded: number;

  private constructor(readonly file: string, readonly done: Map<number, ChunkResult>, fd: number, private readonly run: string) {
    this.fd = fd;
    this.recorded = done.size;
  }

  /**
   * Chunks recorded in the journal: those it held when opened (`done`) and every one appended since. Appended chunks
   * are written, not kept in memory: a long run's memory does not grow with its chunks.
   */
  get chunks(): number {
    return this.recorded;
  }

  /**
   * Open the journal for a run. `resume`: read the chunks recorded by an interrupted run with the same identity
   * (an InputError naming the journal and what differs if it belongs to another run; a journal that does not exist
   * resumes nothing). Without `resume` any old journal is discarded and a new one started.
   */
  static open(file: string, id: JournalIdentity, resume: boolean): RunJournal {
    const done = new Map<number, ChunkResult>();
    if (resume && existsSync(file)) {
      if (lstatSync(file).isSymbolicLink()) throw new InputError(file, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir: file } }, { id: 'hostile.stagingAllowed' });
      const lines = readFileSync(file, 'utf8').split('\n');
      let head: JournalIdentity;
      try {
        head = JSON.parse(lines[0]) as JournalIdentity;
      } catch {
        throw new InputError(file, 1, '', { id: 'run.notBalanceLabJournal' }, { id: 'run.journalWrittenBalanceLab' });
      }
      if (typeof head !== 'object' || head === null || head.format !== 'balance-lab-journal') throw new InputError(file, 1, '', { id: 'run.notBalanceLabJournal' }, { id: 'run.journalWrittenBalanceLab' });
      // A journal written before checksums existed (issue 29 item 6) has no `sum` at all: accepted when its identity is
      // this run's and every chunk line is a well-formed chunk of this run, with a warning that nothing was verified.
      const unverified = Object.keys(head).sort().join() === Object.keys(id).sort().join();
      if (!unverified && !identityIntact(head)) throw new InputError(file, 1, '', { id: 'security.identityDamaged' }, { id: 'security.runWithoutResume' });
      const diff = differences(head, id);
      if (diff.length > 0) {
        throw new InputError(file, 1, '', { id: 'run.journalBelongsAnotherRun', params: { diff: diff.join(', ') } }, { id: 'run.sameExperimentFileSeed' });
      }
      // Every complete line after the identity is a chunk whose sum holds; a last line cut short by a crash (no
      // newline after it) is ignored and played again; any other damage is refused.
      const run = identityHash(id);
      for (let i = 1; i < lines.length; i++) {
        if (lines[i] === '') continue;
        const c = unverified ? uncheckedChunkLine(lines[i], id) : verifyChunkLine(lines[i], run);
        if (c === 'torn' && i === lines.length - 1) break;
        if (c === 'torn' || c === 'bad') throw new InputError(file, i + 1, '', { id: 'security.chunkDamaged' }, { id: 'security.runWithoutResume' });
        if (done.has(c.m)) throw new InputError(file, i + 1, '', { id: 'security.chunkTwice', params: { m: c.m } }, { id: 'security.runWithoutResume' });
        done.set(c.m, c.result);
      }
      // Rewritten below with checksums: a later resume verifies them.
      if (unverified) process.stderr.write(`${t('security.journalUnverified', { file, n: done.size })}\n`);
    }
    privateFolder(dirname(file));
    let fd: number;
    if (done.size > 0) {
      // Rewrite the kept lines (dropping a torn tail), then append.
      const keep = [identityLine(id), ...[...done.entries()].map(([m, r]) => line(m, r, identityHash(id)))].join('\n') + '\n';
      fd = createExclusive(file);
      writeSync(fd, keep);
    } else {
      fd = createExclusive(file);
      writeSync(fd, identityLine(id) + '\n');
    }
    fsyncSync(fd);
    return new RunJournal(file, done, fd, identityHash(id));
  }

  /** Record chunk `m`: written at once, flushed to disk by a background fsync. */
  append(m: number, r: ChunkResult): void {
    writeSync(this.fd, line(m, r, this.run) + '\n');
    this.recorded++;
    this.dirty = true;
    this.syncInBackground();
  }

  /** An fsync on the libuv pool; when it ends with lines written meanwhile, another one. */
  private syncInBackground(): void {
    if (this.syncing || !this.dirty || this.fd < 0) return;
    this.syncing = true;
    this.dirty = false;
    const fd = this.fd;
    fsync(fd, () => {
      this.syncing = false;
      if (this.closing) {
        // close() came while this fsync ran: it synced the rest; the descriptor is released here.
        closeSync(fd);
        return;
      }
      this.syncInBackground();
    });
  }

  /** Flush what is written to disk and close the file (the journal stays for a later --resume). */
  close(): void {
    if (this.fd < 0) return;
    fsyncSync(this.fd);
    if (this.syncing) this.closing = true;
    else closeSync(this.fd);
    this.fd = -1;
  }

  /** The run finished and its results are written: delete the journal and its staging folder. */
  remove(): void {
    this.close();
    rmSync(dirname(this.file), { recursive: true, force: true });
  }
}

/**
 * A journal for the run driver that also merges the chunks in `others` (a queue run's results already in Redis, or
 * chunks an inverse question keeps in memory): those not yet in `journal` are written to it at once (so losing
 * their source later loses none of them), and every chunk merged from now on is appended. Appended chunks are only
 * written: neither `journal.done` nor the returned `done` keeps them, so the memory of a long run (`run --queue`
 * over 10⁷ games: 10⁴ chunks) does not grow with its chunks (issue 27; before, each chunk's accumulators stayed in
 * `journal.done` until the run ended).
 */
export function mergeIntoJournal(others: ReadonlyMap<number, ChunkResult>, journal: { readonly done: Map<number, ChunkResult>; append(m: number, r: ChunkResult): void }): { readonly done: ReadonlyMap<number, ChunkResult>; append(m: number, r: ChunkResult): void } {
  for (const [m, r] of [...others.entries()].sort((a, b) => a[0] - b[0])) {
    if (journal.done.has(m)) continue;
    journal.append(m, r);
    journal.done.set(m, r);
  }
  return {
    done: new Map(journal.done),
    append(m, r) {
      journal.append(m, r);
    },
  };
}

function lineSum(run: string, body: string): string {
  return createHash('sha256').update(run).update('\n').update(body).digest('hex');
}

/**
 * One chunk as a line of JSON (byte-exact accumulators). With `run` (the {@link identityHash} of the run) the line
 * carries `run` (its first 16 hex digits) and `sum`, which {@link verifyChunkLine} checks.
 */
export function chunkLine(m: number, r: ChunkResult, run?: string): string {
  const fields = { m, start: r.start, count: r.count, data: r.data.map(encodeAccumulator), draws: r.draws, policyDraws: r.policyDraws };
  if (run === undefined) return JSON.stringify(fields);
  const body = JSON.stringify({ ...fields, run: run.slice(0, 16) });
  return `${body.slice(0, -1)},"sum":"${lineSum(run, body)}"}`;
}

/**
 * Read and check a line written by {@link chunkLine} with `run`: the chunk, `'torn'` when the line is not JSON
 * (cut short), or `'bad'` when its sum does not hold (a flipped bit, another run's chunk, a relabelled chunk).
 */
export function verifyChunkLine(text: string, run: string): { m: number; result: ChunkResult } | 'torn' | 'bad' {
  const at = text.lastIndexOf(',"sum":"');
  if (at < 0 || !text.endsWith('"}')) {
    try {
      JSON.parse(text);
    } catch {
      return 'torn';
    }
    return 'bad';
  }
  const body = `${text.slice(0, at)}}`;
  const sum = text.slice(at + 8, -2);
  if (sum !== lineSum(run, body)) {
    try {
      JSON.parse(text);
    } catch {
      return 'torn';
    }
    return 'bad';
  }
  const c = readChunkLine(body);
  return c === null ? 'bad' : c;
}

/**
 * A chunk line of a journal written before checksums existed: `'torn'` when it is not JSON, `'bad'` unless it is
 * exactly a chunk of the run `id` (no checksum fields, chunk index and games matching the chunking and stopping rule,
 * one accumulator per variant, all of the same whole number of float64s).
 */
function uncheckedChunkLine(text: string, id: JournalIdentity): { m: number; result: ChunkResult } | 'torn' | 'bad' {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'torn';
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'bad';
  const keys = Object.keys(raw).sort().join(',');
  if (keys !== 'count,data,draws,m,policyDraws,start') return 'bad';
  const { m, start, count, data, draws, policyDraws } = raw as { m: unknown; start: unknown; count: unknown; data: unknown; draws: unknown; policyDraws: unknown };
  const cap = id.stop.kind === 'games' ? id.stop.games : id.stop.maxGames;
  if (!Number.isSafeInteger(m) || (m as number) < 0 || start !== (m as number) * id.chunk || (start as number) >= cap) return 'bad';
  if (count !== Math.min(id.chunk, cap - (start as number))) return 'bad';
  if (!Number.isSafeInteger(draws) || (draws as number) < 0 || !Number.isSafeInteger(policyDraws) || (policyDraws as number) < 0) return 'bad';
  if (!Array.isArray(data) || data.length !== id.variants.length) return 'bad';
  if (!data.every((d) => typeof d === 'string' && d.length > 0 && d.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(d))) return 'bad';
  const bytes = (data as string[]).map((d) => Buffer.from(d, 'base64').byteLength);
  if (bytes.some((n) => n % 8 !== 0 || n !== bytes[0])) return 'bad';
  return readChunkLine(text) ?? 'bad';
}

/** Read a line written by {@link chunkLine}; null when it is not one (a torn line). */
export function readChunkLine(text: string): { m: number; result: ChunkResult } | null {
  let c: { m: number; start: number; count: number; data: string[]; draws: number; policyDraws: number };
  try {
    c = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof c !== 'object' || c === null || !Number.isInteger(c.m) || !Array.isArray(c.data)) return null;
  const data: Float64Array[] = [];
  for (const d of c.data) {
    const a = typeof d === 'string' ? decodeAccumulator(d) : null;
    if (a === null) return null;
    data.push(a);
  }
  return { m: c.m, result: { start: c.start, count: c.count, data, draws: c.draws, policyDraws: c.policyDraws } };
}

const line = chunkLine;
