// Resume after interruption (issue 17): a local run journals every merged chunk; after kill -9 (at different
// points, twice in a row) or Ctrl-C the same command with --resume finishes it, and its CSVs are byte-identical to an
// uninterrupted run. A journal from another run (different seed, or an edited experiment file) is refused (exit 2).
// Real child processes, real signals.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { journalPath } from '../src/sim/run/journal.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ARGS = ['--games', '40000', '--workers', '1', '--seed', '5', '--quiet'];

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'run', ...args], { encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const chunksIn = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"m"')).length : 0);

/** Start a run and stop it with `signal` once its journal holds at least `atChunks` chunks. */
async function interrupt(exp: string, out: string, extra: string[], atChunks: number, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'run', exp, ...ARGS, ...extra, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += String(d); });
  const file = journalPath(out);
  const t0 = performance.now(); // timing only (a test's poll)
  while (chunksIn(file) < atChunks) {
    if (performance.now() - t0 > 120_000) throw new Error('the run never journaled enough chunks'); // timing only
    if (child.exitCode !== null) throw new Error(`the run ended before it could be interrupted: ${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill(signal);
  const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
  return { code, stderr };
}

const csvs = (dir: string) => ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));

describe('run --resume', () => {
  const ref = join(root, 'ref');
  it('an uninterrupted run writes its results and leaves no journal behind', () => {
    const r = run([FLAGSHIP, ...ARGS, '--out', ref]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(journalPath(ref))).toBe(false);
  });

  it('kill -9 twice at different points, then --resume: byte-identical CSVs, no half-written results meanwhile', async () => {
    const out = join(root, 'killed');
    const first = await interrupt(FLAGSHIP, out, [], 2, 'SIGKILL');
    expect(first.code).toBe(null);
    expect(existsSync(out)).toBe(false);
    const kept = chunksIn(journalPath(out));
    expect(kept).toBeGreaterThanOrEqual(2);
    const second = await interrupt(FLAGSHIP, out, ['--resume'], kept + 3, 'SIGKILL');
    expect(second.code).toBe(null);
    expect(chunksIn(journalPath(out))).toBeGreaterThanOrEqual(kept + 3);
    const done = run([FLAGSHIP, ...ARGS, '--out', out, '--resume']);
    expect(done.code, done.stderr).toBe(0);
    expect(csvs(out)).toEqual(csvs(ref));
    expect(existsSync(journalPath(out))).toBe(false);
  });

  it('Ctrl-C (SIGINT) keeps the journal and prints how to resume (exit 130)', async () => {
    const out = join(root, 'ctrl-c');
    const r = await interrupt(FLAGSHIP, out, [], 1, 'SIGINT');
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('Resume with:');
    expect(r.stderr).toContain('--resume');
    const done = run([FLAGSHIP, ...ARGS, '--out', out, '--resume']);
    expect(done.code, done.stderr).toBe(0);
    expect(csvs(out)).toEqual(csvs(ref));
  });

  it('a journal past --journal-limit stops the run (exit 2, the journal named, what to do); --resume with a larger limit finishes it byte-identically', () => {
    // Issue 39 item 8. Each flagship chunk line is ~0.9 MB: a 1 MB journal holds one.
    const games = ['--games', '3000', '--workers', '1', '--seed', '5', '--quiet'];
    const out = join(root, 'limited'), whole = join(root, 'unlimited');
    const first = spawnSync(process.execPath, [BIN, 'run', FLAGSHIP, ...games, '--out', out, '--journal-limit', '1'], { encoding: 'utf8', timeout: 240_000 });
    expect(first.status).toBe(2);
    expect(first.stderr).toContain(`${journalPath(out)}: the resume journal has reached its limit of 1 MB (chunks recorded: 1)`);
    expect(first.stderr).toContain('--resume and a larger --journal-limit');
    expect(existsSync(out)).toBe(false);
    expect(chunksIn(journalPath(out))).toBe(1);
    const done = spawnSync(process.execPath, [BIN, 'run', FLAGSHIP, ...games, '--out', out, '--resume', '--journal-limit', '10'], { encoding: 'utf8', timeout: 240_000 });
    expect(done.status, done.stderr).toBe(0);
    expect(spawnSync(process.execPath, [BIN, 'run', FLAGSHIP, ...games, '--out', whole], { encoding: 'utf8', timeout: 240_000 }).status).toBe(0);
    expect(csvs(out)).toEqual(csvs(whole));
  });

  it('a journal of another run is refused: a different seed, or an edited experiment file (exit 2, nothing written)', async () => {
    const exp = join(root, 'flagship-copy.yaml');
    copyFileSync(FLAGSHIP, exp);
    const out = join(root, 'mismatch');
    await interrupt(exp, out, [], 1, 'SIGKILL');
    const seed = spawnSync(process.execPath, [BIN, 'run', exp, '--games', '40000', '--workers', '1', '--seed', '6', '--quiet', '--out', out, '--resume'], { encoding: 'utf8' });
    expect(seed.status).toBe(2);
    expect(seed.stderr).toMatch(/journal\.ndjson:1: the journal belongs to another run \(different seed\); refusing to resume/);
    writeFileSync(exp, readFileSync(exp, 'utf8').replace('seed: 20261121', 'seed: 20261121\n# edited'));
    const edited = run([exp, ...ARGS, '--out', out, '--resume']);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/different experiment file/);
    expect(existsSync(out)).toBe(false);
  });
});
