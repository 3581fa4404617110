// Issue 29 item 6: every journal line and partial carries a checksum bound to the run identity (experiment hash,
// seed, package version, chunking). A flipped bit, a chunk from another seed or a relabelled chunk is refused by
// --resume and merge (an InputError: exit 2, nothing merged); an honest journal still resumes, and a last line
// cut short by a crash is dropped and played again. In-process (the CLI paths are covered by cli-resume/cli-shards).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { runChunk } from '../src/sim/run/chunk.js';
import { InputError } from '../src/sim/input/input-error.js';
import { RunJournal, chunkLine, journalIdentity } from '../src/sim/run/journal.js';
import { readPartials, runShard } from '../src/sim/queue/shard.js';

const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-sums-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const V = '0.1.0';

function exp(seed: number): Experiment {
  return { ...loadExperiment(FLAGSHIP, { games: 60, seed }), chunk: 20 };
}

/** A journal of `e` holding chunks 0..2. */
function journal(e: Experiment, file: string): void {
  const j = RunJournal.open(file, journalIdentity(e, V), false);
  for (let m = 0; m < 3; m++) j.append(m, runChunk(e, m * 20, 20));
  j.close();
}

function refusedOnResume(file: string, e: Experiment): InputError {
  try {
    RunJournal.open(file, journalIdentity(e, V), true).close();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('resumed');
}

/** Flip one bit of byte `at` of line `n` (0-based) of a file, keeping it valid UTF-8 text where possible. */
function flipBit(file: string, n: number, at: (line: string) => number, bit = 1): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = at(lines[n]);
  lines[n] = lines[n].slice(0, i) + String.fromCharCode(lines[n].charCodeAt(i) ^ bit) + lines[n].slice(i + 1);
  writeFileSync(file, lines.join('\n'));
}

describe('journal checksums', () => {
  const e1 = exp(1), e2 = exp(2);

  /** A journal as balance-lab wrote it before checksums: identity and chunk lines without `sum` or `run`. */
  const oldJournal = (e: Experiment, file: string, edit: (lines: string[]) => void = () => undefined): void => {
    const lines = [JSON.stringify(journalIdentity(e, V)), ...[0, 1, 2].map((m) => chunkLine(m, runChunk(e, m * 20, 20)))];
    edit(lines);
    writeFileSync(file, `${lines.join('\n')}\n`);
  };

  it('a journal written before checksums resumes when it is this run\'s and well-formed, with a warning; it is rewritten with checksums', () => {
    const f = join(root, 'old.ndjson');
    oldJournal(e1, f);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let warned: string;
    try {
      const j = RunJournal.open(f, journalIdentity(e1, V), true);
      expect([...j.done.keys()]).toEqual([0, 1, 2]);
      expect(j.done.get(2)!.data).toEqual(runChunk(e1, 40, 20).data);
      j.close();
      warned = err.mock.calls.map((c) => String(c[0])).join('');
      err.mockClear();
      const again = RunJournal.open(f, journalIdentity(e1, V), true); // now checksummed: no warning
      expect(again.done.size).toBe(3);
      again.close();
      expect(err.mock.calls.length).toBe(0);
    } finally {
      err.mockRestore();
    }
    expect(warned.split('\n').filter(Boolean)).toHaveLength(1);
    expect(warned).toMatch(/written by a balance-lab without checksums; its 3 chunk\(s\) match this run .* could not be checksum-verified/);
    expect(readFileSync(f, 'utf8').split('\n')[0]).toMatch(/"sum":"[0-9a-f]{64}"/);
  });

  it('an old journal of another run, with a relabelled or malformed chunk, or a mix of old and new lines is refused', () => {
    const cases: [string, Experiment, (lines: string[]) => void, RegExp][] = [
      ['seed', e2, () => undefined, /belongs to another run.*seed/],
      ['relabelled', e1, (l) => { l[2] = l[2]!.replace('"m":1,', '"m":2,'); }, /:3: .*damaged/],
      ['extra-key', e1, (l) => { l[1] = l[1]!.replace('{"m":0,', '{"m":0,"x":1,'); }, /:2: .*damaged/],
      ['short-data', e1, (l) => { l[3] = l[3]!.replace(/"data":\["[^"]*",/, '"data":['); }, /:4: .*damaged/],
      ['mixed', e1, (l) => { l[2] = chunkLine(1, runChunk(e1, 20, 20), 'f'.repeat(64)); }, /:3: .*damaged/],
    ];
    for (const [name, e, edit, re] of cases) {
      const f = join(root, `old-${name}.ndjson`);
      oldJournal(e, f, edit);
      expect(refusedOnResume(f, e1).message, name).toMatch(re);
    }
  });

  it('a journal or partial whose first line is JSON but not an object is not balance-lab\'s (exit 2, not a TypeError)', () => {
    for (const first of ['null', '5', '"x"']) {
      const f = join(root, 'not-object.ndjson');
      writeFileSync(f, `${first}\n`);
      expect(refusedOnResume(f, e1).message).toMatch(/not a balance-lab (resume )?journal/);
      try {
        readPartials([f], V);
        throw new Error('merged');
      } catch (err) {
        expect(err).toBeInstanceOf(InputError);
        expect((err as Error).message).toContain(`${f}:1: not a balance-lab partial file`);
      }
    }
  });

  it('an honest journal resumes every chunk; a torn last line is dropped', () => {
    const f = join(root, 'honest.ndjson');
    journal(e1, f);
    const j = RunJournal.open(f, journalIdentity(e1, V), true);
    expect([...j.done.keys()]).toEqual([0, 1, 2]);
    expect(j.done.get(1)!.data).toEqual(runChunk(e1, 20, 20).data);
    j.close();
    writeFileSync(f, readFileSync(f, 'utf8').slice(0, -40)); // cut inside the last line
    const k = RunJournal.open(f, journalIdentity(e1, V), true);
    expect([...k.done.keys()]).toEqual([0, 1]);
    k.close();
  });

  it('a flipped bit in the accumulators, the counts or the identity is refused with the line', () => {
    // Each flip lands on a different part of the line; a base64 digit flipped by bit 1 stays base64.
    const spots: [number, (l: string) => number][] = [
      [2, (l) => l.indexOf('"data":["') + 20],
      [2, (l) => l.indexOf('"count":') + 8],
      [3, (l) => l.indexOf('"draws":') + 8],
      [1, (l) => l.indexOf('"sum":"') + 10],
    ];
    for (const [n, at] of spots) {
      const f = join(root, `flip-${n}-${spots.findIndex((s) => s[1] === at)}.ndjson`);
      journal(e1, f);
      flipBit(f, n, at);
      const err = refusedOnResume(f, e1);
      expect(err.line).toBe(n + 1);
      expect(err.message).toMatch(/damaged or belongs to another run|identity line is damaged/);
    }
    const h = join(root, 'flip-head.ndjson');
    journal(e1, h);
    flipBit(h, 0, (l) => l.indexOf('"chunk":') + 8);
    expect(refusedOnResume(h, e1).message).toMatch(/identity line is damaged|belongs to another run/);
  });

  it('a chunk of another seed, and a relabelled chunk, are refused', () => {
    const a = join(root, 'seed1.ndjson'), b = join(root, 'seed2.ndjson');
    journal(e1, a);
    journal(e2, b);
    const la = readFileSync(a, 'utf8').split('\n'), lb = readFileSync(b, 'utf8').split('\n');
    writeFileSync(a, [la[0], la[1], lb[2], la[3], ''].join('\n'));
    expect(refusedOnResume(a, e1).line).toBe(3);
    journal(e1, a);
    const lines = readFileSync(a, 'utf8').split('\n');
    lines[2] = lines[2].replace('{"m":1,', '{"m":7,');
    writeFileSync(a, lines.join('\n'));
    expect(refusedOnResume(a, e1).message).toMatch(/a\.?.*damaged or belongs to another run|damaged or belongs to another run/);
  });
});

describe('partial checksums', () => {
  const text = readFileSync(FLAGSHIP, 'utf8');
  const GAMES = 2 * loadExperiment(FLAGSHIP).chunk + 10; // three chunks: shard 1 of 2 holds 0 and 2
  const parts = async (e: Experiment, tag: string) => {
    const fs = [1, 2].map((k) => join(root, `${tag}-p${k}.json`));
    for (const [i, f] of fs.entries()) await runShard(e, text, { games: GAMES, seed: e.seed }, i + 1, 2, 0, f, V);
    return fs;
  };
  const refused = (files: string[]): InputError => {
    try {
      readPartials(files, V);
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      return err as InputError;
    }
    throw new Error('merged');
  };

  it('honest partials merge; flipped, foreign, relabelled, moved or repeated chunks are refused', async () => {
    // Partials carry the experiment file and its overrides, so the chunk size is the file's (1000): 3 chunks.
    const big1 = loadExperiment(FLAGSHIP, { games: GAMES, seed: 1 });
    const big2 = loadExperiment(FLAGSHIP, { games: GAMES, seed: 2 });
    const [p1, p2] = await parts(big1, 's1');
    const [q1] = await parts(big2, 's2');
    expect(readPartials([p1, p2], V).chunks.size).toBe(3);
    const save = readFileSync(p1, 'utf8');
    const lines = save.split('\n');
    // A flipped bit.
    flipBit(p1, 1, (l) => l.indexOf('"data":["') + 30);
    expect(refused([p1, p2]).message).toMatch(/damaged, relabelled or belongs to another run/);
    // A chunk of the other seed's run, same index.
    writeFileSync(p1, [lines[0], readFileSync(q1, 'utf8').split('\n')[1], lines[2], ''].join('\n'));
    expect(refused([p1, p2]).line).toBe(2);
    // A relabelled chunk (chunk 2 renamed 0).
    writeFileSync(p1, [lines[0], lines[2].replace('{"m":2,', '{"m":0,'), lines[2], ''].join('\n'));
    expect(refused([p1, p2]).message).toMatch(/damaged, relabelled or belongs to another run/);
    // A chunk moved into the other shard's file, and a file given twice.
    writeFileSync(p1, save);
    const p2lines = readFileSync(p2, 'utf8').split('\n');
    writeFileSync(join(root, 'moved.json'), [p2lines[0], lines[1], ''].join('\n'));
    expect(refused([p1, join(root, 'moved.json')]).message).toMatch(/chunk 0 does not belong to shard 2 of 2/);
    expect(refused([p1, p1, p2]).message).toMatch(/chunk 0 is also in/);
    // A header whose bytes changed (the seed edited to match another run).
    writeFileSync(join(root, 'edited.json'), save.replace('"seed":1,', '"seed":2,'));
    expect(refused([join(root, 'edited.json'), p2]).message).toMatch(/header is damaged \(its checksum does not hold\)/);
  });

  it('a partial written before checksums is refused as older (re-run that shard), one with a wrong checksum as damaged; exit 2 in both languages', async () => {
    const big = loadExperiment(FLAGSHIP, { games: GAMES, seed: 3 });
    const [p1, p2] = await parts(big, 's3');
    // As balance-lab wrote it before checksums: no `sum` in the header, no `run`/`sum` in the chunk lines.
    const [head, ...chunks] = readFileSync(p1, 'utf8').split('\n');
    const { sum: _sum, ...bare } = JSON.parse(head) as Record<string, unknown>;
    const old = join(root, 'old-p1.json');
    writeFileSync(old, [JSON.stringify(bare), ...chunks.map((l) => l.replace(/,"run":"[0-9a-f]+","sum":"[0-9a-f]+"}$/, '}'))].join('\n'));
    const e = refused([old, p2]);
    expect([e.file, e.line]).toEqual([old, 1]);
    expect(e.message).toContain('no checksum: it was written by an older balance-lab');
    expect(e.message).toContain('re-run that part with this version (run --shard 1/2 --partial FILE)');
    expect(e.message).not.toMatch(/damaged/);
    // A checksum present but wrong is damage, not age.
    const wrong = join(root, 'wrong-p1.json');
    writeFileSync(wrong, [JSON.stringify({ ...bare, sum: '0'.repeat(64) }), ...chunks].join('\n'));
    expect(refused([wrong, p2]).message).toMatch(/header is damaged \(its checksum does not hold\); nothing was merged/);
    expect(refused([wrong, p2]).message).not.toMatch(/older/);
    // The CLI: one line naming the file, exit 2, nothing written, in English and Japanese.
    const bin = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
    const merge = (file: string, lang: string) => spawnSync(process.execPath, [bin, 'merge', file, p2, '--out', join(root, 'never'), '--lang', lang], { encoding: 'utf8', timeout: 60_000 });
    const en = merge(old, 'en');
    expect([en.status, en.stderr]).toEqual([2, `balance-lab: ${old}:1: this partial file has no checksum: it was written by an older balance-lab, before partials carried checksums, so its chunks cannot be verified; nothing was merged (allowed: a partial written by this version: re-run that part with this version (run --shard 1/2 --partial FILE))\n`]);
    const ja = merge(old, 'ja');
    expect(ja.status).toBe(2);
    expect(ja.stderr).toContain(`${old}:1: この部分結果ファイルにはチェックサムがありません`);
    expect(ja.stderr).toContain('run --shard 1/2 --partial FILE');
    const jaWrong = merge(wrong, 'ja');
    expect(jaWrong.status).toBe(2);
    expect(jaWrong.stderr).toContain(`${wrong}:1: この部分結果ファイルのヘッダが壊れています`);
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});
