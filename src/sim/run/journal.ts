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
import { closeSync, constants, existsSync, fsync, fsyncSync, lstatSync, mkdirSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ChunkResult } from './chunk.js';
import type { Experiment } from '../experiment/load.js';
import { t } from '../../i18n/t.js';
import { InputError } from '../input/input-error.js';
import { DEFAULT_JOURNAL_LIMIT_MB } from '../input/limits.js';
import { ChunkIndex, LineTooLong, ndjsonLines, openOrdinaryFile, readLineAt, type ChunkStore, type LineReadOptions } from './ndjson-lines.js';
import { shownPath } from '../input/shown-path.js';

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
 * Create `file` afresh for writing (and reading, with `readable`), never through a symlink: whatever stands at its
 * name is removed first (a symlink is removed itself, not followed), then the file is created exclusively with
 * O_NOFOLLOW and mode 0600; a name taken again in between is an InputError, not a write elsewhere.
 */
export function createExclusive(file: string, readable = false): number {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    return openSync(file, (readable ? constants.O_RDWR : constants.O_WRONLY) | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (err) {
    throw new InputError(file, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir: file } }, { id: 'hostile.stagingAllowed' });
  }
}

const MB = 1024 * 1024;

/** The InputError of a journal that has reached its limit of `limit` bytes with `chunks` chunks recorded. */
function journalLimitError(file: string, limit: number, chunks: number): InputError {
  const mb = String(Math.round((limit / MB) * 1000) / 1000);
  return new InputError(file, undefined, '', { id: 'run.journalLimit', params: { mb, n: chunks } }, { id: 'run.journalLimitAllowed', params: { mb } });
}

/** The chunk line `text` of the run whose identity hash is `run`, if its sum holds and it is chunk `m`; else null. */
export function checkedChunk(text: string, m: number, run: string): ChunkResult | null {
  const c = verifyChunkLine(text, run);
  return typeof c === 'object' && c.m === m ? c.result : null;
}

/**
 * Read and check the journal `file` (open as `fd`) of the run `id` (identity hash `run`) line by line, pushing each
 * chunk line to keep onto `kept`; an InputError naming the file and line for anything that does not hold. Returns
 * whether the journal was written before checksums existed (its lines are then written again with them).
 */
function readJournal(file: string, fd: number, id: JournalIdentity, run: string, kept: Kept[], opts: LineReadOptions): boolean {
  const notJournal = (): InputError => new InputError(file, 1, '', { id: 'run.notBalanceLabJournal' }, { id: 'run.journalWrittenBalanceLab' });
  const damaged = (at: number): InputError => new InputError(file, at, '', { id: 'security.chunkDamaged' }, { id: 'security.runWithoutResume' });
  const lines = ndjsonLines(fd, opts);
  try {
    const first = lines.next();
    let head: JournalIdentity;
    try {
      head = JSON.parse(first.done === true ? '' : first.value.text) as JournalIdentity;
    } catch {
      throw notJournal();
    }
    if (typeof head !== 'object' || head === null || head.format !== 'balance-lab-journal') throw notJournal();
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
    const seen = new Set<number>();
    for (const l of lines) {
      if (l.text === '') continue;
      const c = unverified ? uncheckedChunkLine(l.text, id) : verifyChunkLine(l.text, run);
      if (c === 'torn' && !l.terminated) break;
      if (c === 'torn' || c === 'bad') throw damaged(l.line);
      if (seen.has(c.m)) throw new InputError(file, l.line, '', { id: 'security.chunkTwice', params: { m: c.m } }, { id: 'security.runWithoutResume' });
      seen.add(c.m);
      kept.push({ m: c.m, offset: l.offset, bytes: l.bytes, legacy: unverified });
    }
    return unverified;
  } catch (e) {
    if (e instanceof LineTooLong) throw e.line === 1 ? notJournal() : damaged(e.line);
    throw e;
  }
}

/** Options of {@link RunJournal.open}. */
export interface JournalOptions extends LineReadOptions {
  /** The most bytes the journal may hold (default {@link DEFAULT_JOURNAL_LIMIT_MB} MB; `--journal-limit`). */
  readonly limitBytes?: number;
}

/** The journal's options for `--journal-limit MB` (undefined: the default). */
export function journalOptions(mb: number | undefined): JournalOptions {
  return mb === undefined ? {} : { limitBytes: mb * MB };
}

/** A kept chunk line of the journal being resumed: where it lies, and whether it must be written again with its sum. */
interface Kept {
  readonly m: number;
  readonly offset: number;
  readonly bytes: number;
  readonly legacy: boolean;
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

  private constructor(readonly file: string, readonly done: ChunkIndex, fd: number, private readonly run: string, private bytes: number, private readonly limit: number) {
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
   *
   * The old journal is read line by line (ndjson-lines.ts) and every line checked before anything is written; its
   * chunks are then copied into the new journal and {@link RunJournal.done} keeps where they lie, not the chunks:
   * a journal of any size resumes in bounded memory. One over `opts.limitBytes` is refused before it is touched.
   */
  static open(file: string, id: JournalIdentity, resume: boolean, opts: JournalOptions = {}): RunJournal {
    const limit = opts.limitBytes ?? DEFAULT_JOURNAL_LIMIT_MB * MB;
    const run = identityHash(id);
    const kept: Kept[] = [];
    let old = -1;
    let unverified = false;
    try {
      if (resume && existsSync(file)) {
        if (lstatSync(file).isSymbolicLink()) throw new InputError(file, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir: file } }, { id: 'hostile.stagingAllowed' });
        const opened = openOrdinaryFile(file, true);
        if (!('fd' in opened)) throw new InputError(file, undefined, '', { id: 'hostile.stagingNotOwn', params: { dir: file } }, { id: 'hostile.stagingAllowed' });
        old = opened.fd;
        unverified = readJournal(file, old, id, run, kept, opts);
        const size = identityLine(id).length + 1 + kept.reduce((n, k) => n + k.bytes + 1, 0);
        if (size > limit) throw journalLimitError(file, limit, kept.length);
        // Rewritten below with checksums: a later resume verifies them.
        if (unverified) process.stderr.write(`${t('security.journalUnverified', { file: shownPath(file), n: kept.length })}\n`);
      }
      privateFolder(dirname(file));
      // Opened for reading too: the chunks kept are read back from it when merged.
      const fd = createExclusive(file, true);
      const done = new ChunkIndex(checkedChunk, { problem: { id: 'security.chunkDamaged' }, allowed: { id: 'security.runWithoutResume' } });
      let bytes = writeSync(fd, identityLine(id) + '\n');
      // Copy the kept lines (dropping a torn tail), then append.
      for (const k of kept) {
        const text = readLineAt(old, k.offset, k.bytes);
        const out = k.legacy ? chunkLine(k.m, readChunkLine(text)!.result, run) : text;
        const n = writeSync(fd, out + '\n');
        done.add(k.m, { run, file, fd, line: done.size + 2, offset: bytes, bytes: n - 1 });
        bytes += n;
      }
      fsyncSync(fd);
      return new RunJournal(file, done, fd, run, bytes, limit);
    } finally {
      if (old >= 0) closeSync(old);
    }
  }

  /** Record chunk `m`: written at once, flushed to disk by a background fsync. */
  append(m: number, r: ChunkResult): void {
    this.write(m, r);
  }

  /** Record chunk `m` as {@link RunJournal.append} does, and hold it in `done` (as its place in the file). */
  keep(m: number, r: ChunkResult): void {
    const at = this.bytes, line = this.recorded + 2;
    const n = this.write(m, r);
    this.done.add(m, { run: this.run, file: this.file, fd: this.fd, line, offset: at, bytes: n - 1 });
  }

  /** Write chunk `m`'s line; its length in bytes (with its newline). */
  private write(m: number, r: ChunkResult): number {
    const text = line(m, r, this.run) + '\n';
    const n = Buffer.byteLength(text);
    // Refused before it is written: the journal stays whole, and a resume with a larger limit goes on from it.
    if (this.bytes + n > this.limit) throw journalLimitError(this.file, this.limit, this.recorded);
    writeSync(this.fd, text);
    this.bytes += n;
    this.recorded++;
    this.dirty = true;
    this.syncInBackground();
    return n;
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

/** A journal as the run driver sees it: the chunks it holds, appending new ones, and (a RunJournal) keeping them findable. */
export interface JournalSink {
  readonly done: ChunkStore;
  append(m: number, r: ChunkResult): void;
  /** Append chunk `m` and hold it in `done` from now on (read back from the file when asked for). */
  keep?(m: number, r: ChunkResult): void;
}

/** The chunks of `a` and those of `b` (`a` first). */
function unionStore(a: ChunkStore, b: ReadonlyMap<number, ChunkResult>): ChunkStore {
  if (b.size === 0) return a;
  return {
    get size() {
      let n = a.size;
      for (const m of b.keys()) if (!a.has(m)) n++;
      return n;
    },
    has: (m) => a.has(m) || b.has(m),
    get: (m) => a.get(m) ?? b.get(m),
    keys: () => new Set([...a.keys(), ...b.keys()]),
  };
}

/**
 * A journal for the run driver that also merges the chunks in `others` (a queue run's results already in Redis, or
 * chunks an inverse question keeps in memory): those not yet in `journal` are written to it at once (so losing
 * their source later loses none of them), and every chunk merged from now on is appended. Appended chunks are only
 * written: neither `journal.done` nor the returned `done` keeps them, so the memory of a long run (`run --queue`
 * over 10⁷ games: 10⁴ chunks) does not grow with its chunks (issue 27; before, each chunk's accumulators stayed in
 * `journal.done` until the run ended). A {@link RunJournal} keeps the chunks of `others` as places in its file
 * (issue 39 item 8), any other journal in memory (the caller holds them there already).
 */
export function mergeIntoJournal(others: ChunkStore, journal: JournalSink): { readonly done: ChunkStore; append(m: number, r: ChunkResult): void } {
  const extra = new Map<number, ChunkResult>();
  for (const m of [...others.keys()].sort((a, b) => a - b)) {
    if (journal.done.has(m)) continue;
    const r = others.get(m)!;
    if (journal.keep) {
      journal.keep(m, r);
    } else {
      journal.append(m, r);
      extra.set(m, r);
    }
  }
  return {
    done: unionStore(journal.done, extra),
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
