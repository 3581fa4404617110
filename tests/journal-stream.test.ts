/**
 * Journals and partial files are read line by line in bounded memory (issue 39 item 8; src/sim/run/ndjson-lines.ts):
 * before, both were read as one string, and past V8's longest string (~512 MB) `--resume` and `merge` ended in an
 * internal error. A file that large cannot be built cheaply here, so the reader's chunk size and line limit are
 * injected small: lines cut at every chunk boundary (inside a multi-byte UTF-8 character too), CR LF, a last line
 * without its newline, a line over the limit, the journal's size limit, and the heap a resume keeps.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { LineTooLong, ndjsonLines, readLineAt } from '../src/sim/run/ndjson-lines.js';
import { chunkLine, identityHash, identityLine, RunJournal, type JournalIdentity } from '../src/sim/run/journal.js';
import type { ChunkResult } from '../src/sim/run/chunk.js';
import { InputError } from '../src/sim/input/input-error.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { readPartials, runShard } from '../src/sim/queue/shard.js';
import { fileURLToPath } from 'node:url';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const root = mkdtempSync(join(tmpdir(), 'balance-lab-jstream-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The lines `ndjsonLines` reads from a file holding `text`, with `chunkBytes` read at a time. */
function linesOf(text: string | Buffer, chunkBytes: number, maxLineBytes?: number) {
  const file = join(root, 'lines.txt');
  writeFileSync(file, text);
  const fd = openSync(file, 'r');
  try {
    return [...ndjsonLines(fd, { chunkBytes, ...(maxLineBytes !== undefined ? { maxLineBytes } : {}) })].map((l) => ({ ...l, again: readLineAt(fd, l.offset, l.bytes) }));
  } finally {
    closeSync(fd);
  }
}

describe('ndjsonLines', () => {
  const text = '{"a":"ジャーナル"}\n\n{"b":"負傷3 🎲"}\r\n{"c":1}\n{"torn":';
  const want = ['{"a":"ジャーナル"}', '', '{"b":"負傷3 🎲"}', '{"c":1}', '{"torn":'];

  it('splits on LF at every chunk size: lines across chunk boundaries, UTF-8 cut mid-character, CR LF, a last line without LF', () => {
    for (let size = 1; size <= Buffer.byteLength(text) + 1; size++) {
      const got = linesOf(text, size);
      expect(got.map((l) => l.text), `chunk ${size}`).toEqual(want);
      expect(got.map((l) => l.terminated)).toEqual([true, true, true, true, false]);
      expect(got.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
      // Each line is found again at its offset (what a resume reads back when it merges the chunk).
      expect(got.map((l) => l.again)).toEqual(want);
    }
  });

  it('a file ending in its newline has no empty last line; an empty file has no line', () => {
    expect(linesOf('{"a":1}\n', 3).map((l) => l.text)).toEqual(['{"a":1}']);
    expect(linesOf('', 3)).toEqual([]);
  });

  it('a line over the limit is refused before more than the limit is held, naming its line', () => {
    expect(() => linesOf('short\n' + 'x'.repeat(100) + '\n', 8, 50)).toThrow(LineTooLong);
    try {
      linesOf('short\n' + 'x'.repeat(100), 8, 50);
    } catch (e) {
      expect((e as LineTooLong).line).toBe(2);
    }
    expect(linesOf('x'.repeat(50) + '\n', 8, 50)).toHaveLength(1);
  });
});

/** A journal identity of a run with `variants` variants (no experiment needed: the journal only compares it). */
const ID: JournalIdentity = {
  format: 'balance-lab-journal', formatVersion: 1, experimentHash: 'e'.repeat(64), compiledHash: 'c'.repeat(64), packageVersion: 'test',
  seed: 7, stop: { kind: 'games', games: 1_000_000 }, chunk: 1000, variants: ['baseline', 'lmg'],
};

/** Chunk m: two accumulators of `n` float64s with values from m (dense: every slot non-zero; or sparse). */
function chunk(m: number, n: number, sparse = false): ChunkResult {
  const data = [0, 1].map((v) => Float64Array.from({ length: n }, (_, i) => (sparse && i % 50 !== 0 ? 0 : m * 1000 + v * 7 + i * 0.5 + 0.25)));
  return { start: m * 1000, count: 1000, data, draws: m * 3, policyDraws: m };
}

const bytesOf = (r: ChunkResult): number[][] => r.data.map((d) => [...new Uint8Array(d.buffer, d.byteOffset, d.byteLength)]);

/** Write a journal of chunks 0…k−1 as a run would, and return its path. */
function journalWith(name: string, k: number, n: number, sparse = false): string {
  const file = join(root, name, 'journal.ndjson');
  const j = RunJournal.open(file, ID, false);
  for (let m = 0; m < k; m++) j.append(m, chunk(m, n, sparse));
  j.close();
  return file;
}

describe('resume reads the journal line by line', () => {
  it('with a tiny read size every chunk comes back byte-exact, and the resumed journal goes on', () => {
    const file = journalWith('tiny', 12, 40, true);
    const j = RunJournal.open(file, ID, true, { chunkBytes: 7 });
    expect(j.done.size).toBe(12);
    for (let m = 0; m < 12; m++) expect(bytesOf(j.done.get(m)!)).toEqual(bytesOf(chunk(m, 40, true)));
    j.append(12, chunk(12, 40, true));
    j.close();
    const again = RunJournal.open(file, ID, true, { chunkBytes: 5 });
    expect(again.done.size).toBe(13);
    expect(bytesOf(again.done.get(12)!)).toEqual(bytesOf(chunk(12, 40, true)));
    again.close();
  });

  it('a journal whose newlines became CR LF resumes (and is written back with LF); a torn last line is dropped', () => {
    const file = journalWith('crlf', 4, 20);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\n/g, '\r\n') + chunkLine(4, chunk(4, 20), identityHash(ID)).slice(0, 60));
    const j = RunJournal.open(file, ID, true, { chunkBytes: 16 });
    expect(j.done.size).toBe(4);
    expect(bytesOf(j.done.get(3)!)).toEqual(bytesOf(chunk(3, 20)));
    j.close();
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a damaged line is refused naming the file and its line, with nothing rewritten', () => {
    const file = journalWith('damaged', 5, 20);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[3] = lines[3].replace('"draws":6', '"draws":7');
    const text = lines.join('\n');
    writeFileSync(file, text);
    expect(() => RunJournal.open(file, ID, true, { chunkBytes: 9 })).toThrow(/journal\.ndjson:4: this chunk line is damaged/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a line longer than any journal line is refused as damaged, not read into memory', () => {
    const file = journalWith('long', 2, 20);
    writeFileSync(file, readFileSync(file, 'utf8') + 'x'.repeat(5000) + '\n');
    expect(() => RunJournal.open(file, ID, true, { chunkBytes: 64, maxLineBytes: 4096 })).toThrow(/journal\.ndjson:4: this chunk line is damaged/);
  });

  it('resuming a journal keeps where its chunks lie, not the chunks: the heap kept is bounded whatever its size', () => {
    // 160 chunks of two dense accumulators of 16,384 float64s: a 56 MB journal, 42 MB of chunks decoded. Before
    // (one string, every chunk decoded into the map): over 42 MB kept; now a few hundred bytes a chunk.
    const file = journalWith('big', 160, 16_384);
    expect(statSync(file).size).toBeGreaterThan(50e6);
    gc();
    const before = process.memoryUsage();
    const j = RunJournal.open(file, ID, true);
    gc();
    gc(); // external buffers of the lines read are released over two collections
    const after = process.memoryUsage();
    const kept = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(j.done.size).toBe(160);
    expect(kept).toBeLessThan(16e6); // a few MB of noise at most; before, ≥ 42 MB
    expect(bytesOf(j.done.get(159)!)).toEqual(bytesOf(chunk(159, 16_384)));
    j.close();
  });
});

describe('a journal has a size limit per run', () => {
  it('an append past the limit is refused (exit code 2, the file and what to do), the journal kept whole for a resume with a larger limit', () => {
    const file = join(root, 'limit', 'journal.ndjson');
    const line = chunkLine(0, chunk(0, 20), identityHash(ID)).length + 1;
    const limit = identityLine(ID).length + 1 + 3 * line + 10;
    const j = RunJournal.open(file, ID, false, { limitBytes: limit });
    for (let m = 0; m < 3; m++) j.append(m, chunk(m, 20));
    let err: unknown;
    try {
      j.append(3, chunk(3, 20));
    } catch (e) {
      err = e;
    }
    j.close();
    expect(err).toBeInstanceOf(InputError);
    const msg = (err as Error).message;
    expect(msg).toContain(file);
    expect(msg).toContain('reached its limit');
    expect(msg).toContain('(chunks recorded: 3)');
    expect(msg).toContain('--resume and a larger --journal-limit');
    expect(statSync(file).size).toBeLessThanOrEqual(limit);
    // Resuming with the same limit is refused at once (nothing is lost); with a larger one it goes on.
    const size = statSync(file).size;
    expect(() => RunJournal.open(file, ID, true, { limitBytes: limit - 20 })).toThrow(/reached its limit/);
    expect(statSync(file).size).toBe(size);
    const more = RunJournal.open(file, ID, true, { limitBytes: limit * 2 });
    expect(more.done.size).toBe(3);
    more.append(3, chunk(3, 20));
    more.close();
  });
});

describe('merge reads partial files line by line', () => {
  const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
  const text = readFileSync(FLAGSHIP, 'utf8');
  const GAMES = 2 * loadExperiment(FLAGSHIP).chunk + 10; // three chunks: shard 1 of 2 holds 0 and 2
  const files = [1, 2].map((k) => join(root, `part-${k}.ndjson`));

  it('with a 5-byte read size and CR LF newlines the chunks are those of the partials, byte-exact; one changed after reading is refused when merged', async () => {
    const e = loadExperiment(FLAGSHIP, { games: GAMES, seed: 3 });
    for (const [i, f] of files.entries()) await runShard(e, text, { games: GAMES, seed: 3 }, i + 1, 2, 0, f, 'test');
    const whole = readPartials(files, 'test');
    const want = [0, 1, 2].map((m) => bytesOf(whole.chunks.get(m)!));
    whole.close();
    writeFileSync(files[1], readFileSync(files[1], 'utf8').replace(/\n/g, '\r\n'));
    const small = readPartials(files, 'test', { chunkBytes: 5 });
    expect(small.chunks.size).toBe(3);
    expect([0, 1, 2].map((m) => bytesOf(small.chunks.get(m)!))).toEqual(want);
    // The chunk is read and checked again when merged: a byte changed in between is refused with its file and line.
    const fd = openSync(files[0], 'r+');
    const raw = readFileSync(files[0]);
    const at = raw.indexOf('"data":["', raw.indexOf(10) + 1) + 20; // a byte offset (the header holds Japanese text)
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, at);
    writeSync(fd, Buffer.from([b[0] === 65 ? 66 : 65]), 0, 1, at);
    closeSync(fd);
    expect(() => small.chunks.get(0)).toThrow(new RegExp(`part-1\\.ndjson:2: `));
    small.close();
  });
});
