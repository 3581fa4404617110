/**
 * Reading a resume journal or a partial file (one JSON value a line) with bounded memory at any size (issue 39
 * item 8: both were read as one string, and past V8's longest string, about 512 MB, `--resume` and `merge` ended
 * in an internal error). The file is read through its descriptor in chunks of {@link READ_CHUNK_BYTES} and split on
 * the newline byte, so a line cut by a chunk boundary — even inside a multi-byte UTF-8 character — is joined before
 * it is decoded; a line ending in CR LF loses its CR. Memory held: one chunk plus the line being read, which is at
 * most {@link MAX_LINE_BYTES} (no writer can write a longer line: it is one JavaScript string).
 *
 * {@link ChunkIndex} keeps where each verified chunk line lies instead of the chunk itself, and reads and checks a
 * chunk again only when the run merges it: a resumed run or a merge holds one chunk at a time, not the whole file.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { ChunkResult } from './chunk.js';
import type { BoundedRead } from '../core/platform.js';
import { InputError } from '../input/input-error.js';
import type { Msg } from '../../i18n/t.js';

/** Bytes read from the file at a time. */
export const READ_CHUNK_BYTES = 1 << 20;

/** The longest line read, in bytes: V8's longest string (2²⁹ − 24 characters), the longest line a writer can write. */
export const MAX_LINE_BYTES = 2 ** 29 - 24;

/** How a file is read: both injectable so tests can cut lines at every boundary with small sizes. */
export interface LineReadOptions {
  /** Bytes read at a time (default {@link READ_CHUNK_BYTES}). */
  readonly chunkBytes?: number;
  /** The longest line allowed (default {@link MAX_LINE_BYTES}). */
  readonly maxLineBytes?: number;
}

/** One line: its text (UTF-8, without its LF or CR LF), where it starts and how many bytes it spans before its LF. */
export interface NdjsonLine {
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
  /** Byte offset of the line's first byte. */
  readonly offset: number;
  /** Bytes of the line as stored, without its LF (with its CR, if any). */
  readonly bytes: number;
  /** False for a last line with no newline after it (cut short by a crash, perhaps). */
  readonly terminated: boolean;
}

/** A line longer than the reader allows: `line` is its number. */
export class LineTooLong extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is too long`);
  }
}

/** The text of a stored line: UTF-8, without a trailing CR. */
function decode(b: Buffer): string {
  const end = b.length > 0 && b[b.length - 1] === 13 ? b.length - 1 : b.length;
  return b.toString('utf8', 0, end);
}

/**
 * The lines of the open file `fd`, read from its start with positional reads (the descriptor's own position is left
 * alone, so a file being appended to can be read). Throws {@link LineTooLong} for a line over the limit, before
 * holding more than the limit.
 */
export function* ndjsonLines(fd: number, opts: LineReadOptions = {}): Generator<NdjsonLine> {
  const size = opts.chunkBytes ?? READ_CHUNK_BYTES;
  const max = opts.maxLineBytes ?? MAX_LINE_BYTES;
  const buf = Buffer.allocUnsafe(size);
  let parts: Buffer[] = [];
  let held = 0;
  let pos = 0;
  let start = 0;
  let line = 0;
  for (;;) {
    const n = readSync(fd, buf, 0, size, pos);
    if (n === 0) break;
    const view = buf.subarray(0, n);
    let from = 0;
    while (from < n) {
      const nl = view.indexOf(10, from);
      const end = nl < 0 ? n : nl;
      if (held + end - from > max) throw new LineTooLong(line + 1);
      if (nl < 0) {
        parts.push(Buffer.from(view.subarray(from, end)));
        held += end - from;
        break;
      }
      const piece = view.subarray(from, end);
      const whole = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
      line++;
      yield { text: decode(whole), line, offset: start, bytes: whole.length, terminated: true };
      parts = [];
      held = 0;
      from = nl + 1;
      start = pos + from;
    }
    pos += n;
  }
  if (held > 0) yield { text: decode(Buffer.concat(parts)), line: line + 1, offset: start, bytes: held, terminated: false };
}

/** The text of the line stored at `offset` (`bytes` long, without its LF) of the open file `fd`. */
export function readLineAt(fd: number, offset: number, bytes: number): string {
  const b = Buffer.allocUnsafe(bytes);
  let got = 0;
  while (got < bytes) {
    const n = readSync(fd, b, got, bytes - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return decode(b.subarray(0, got));
}

/**
 * Open `abs` for reading if it is an ordinary file (opening never blocks; the kind comes from the open descriptor),
 * else say why not, as the bounded reader does (scenario-path.ts words the refusal).
 */
export function openOrdinaryFile(abs: string, noFollow = false): { fd: number } | Exclude<BoundedRead, { text: string }> {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0) | (noFollow ? constants.O_NOFOLLOW ?? 0 : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    return code === 'EISDIR' ? { refused: 'folder' } : { refused: 'cannotOpen', code };
  }
  const st = fstatSync(fd);
  if (st.isFile()) return { fd };
  closeSync(fd);
  if (st.isDirectory()) return { refused: 'folder' };
  return { refused: 'notRegular', kind: st.isFIFO() ? 'fifo' : st.isCharacterDevice() ? 'char' : st.isBlockDevice() ? 'block' : st.isSocket() ? 'socket' : 'other' };
}

/** The chunks a run may merge without playing them: all a run driver asks of a journal (run.ts). */
export interface ChunkStore {
  readonly size: number;
  has(m: number): boolean;
  get(m: number): ChunkResult | undefined;
  /** The chunk indices held (in no particular order). */
  keys(): Iterable<number>;
}

/** Where one verified chunk line lies: the file, its descriptor, line number, offset and length, and its run's hash. */
export interface Place {
  readonly run: string;
  readonly file: string;
  readonly fd: number;
  readonly line: number;
  readonly offset: number;
  readonly bytes: number;
}

/**
 * Chunk lines already verified, kept as places in their files: {@link ChunkIndex.get} reads the line again and checks
 * it with `check` (its sum, its index), so memory does not grow with the chunks. A line that no longer holds (the file
 * changed after it was read) is an InputError naming the file and line with `damaged`.
 */
export class ChunkIndex implements ChunkStore {
  private readonly at = new Map<number, Place>();

  constructor(private readonly check: (text: string, m: number, run: string) => ChunkResult | null, private readonly damaged: { problem: Msg; allowed: Msg }) {}

  /** Keep chunk `m` as the line at `place`. */
  add(m: number, place: Place): void {
    this.at.set(m, place);
  }

  get size(): number {
    return this.at.size;
  }

  has(m: number): boolean {
    return this.at.has(m);
  }

  keys(): Iterable<number> {
    return this.at.keys();
  }

  get(m: number): ChunkResult | undefined {
    const p = this.at.get(m);
    if (p === undefined) return undefined;
    const r = this.check(readLineAt(p.fd, p.offset, p.bytes), m, p.run);
    if (r === null) throw new InputError(p.file, p.line, '', this.damaged.problem, this.damaged.allowed);
    return r;
  }
}
