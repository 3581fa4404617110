// Issue 29 items 7, 8, 9, 12: the results folder. --out is checked before anything is simulated (a folder holding
// files balance-lab did not write, /proc, a path under a file: exit 2 at once); a results folder carries a marker;
// a lock refuses a second live run on the same folder naming the other process, a stale lock is taken over; Ctrl-C
// while the results are written leaves no temporary folder and prints the resume hint; bad merge --out / --partial
// paths and check --update under a file exit 2 with a message; check warns about a baseline of another version.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RESULTS_MARKER_FILE, checkOutFolder } from '../src/report/files/out-folder.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-out-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[], cwd = root) {
  const t0 = performance.now(); // timing only (a test's bound)
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, seconds: (performance.now() - t0) / 1000 };
}
const run = (out: string, extra: string[] = [], cwd = root) => cli(['run', FLAGSHIP, '--games', '200', '--workers', '0', '--quiet', '--out', out, ...extra], cwd);

describe('--out', () => {
  it('--out . in a project holding run.json, src/ and .env is refused before simulating; nothing is touched', () => {
    const proj = join(root, 'proj');
    mkdirSync(join(proj, 'src'), { recursive: true });
    writeFileSync(join(proj, 'run.json'), '{}');
    writeFileSync(join(proj, '.env'), 'PW=x');
    writeFileSync(join(proj, 'src', 'a.ts'), 'x');
    const r = cli(['run', FLAGSHIP, '--games', '2000000', '--workers', '0', '--quiet', '--out', '.'], proj);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: the results folder holds 2 file\(s\) balance-lab did not write \(\.env, src\)/);
    expect(r.seconds).toBeLessThan(60); // 2,000,000 games were never played
    expect(readdirSync(proj).sort()).toEqual(['.env', 'run.json', 'src']);
    expect(readdirSync(root).filter((n) => n.startsWith('.proj'))).toEqual([]);
  });

  it('solve and search check --out before playing: a project folder is refused, not deleted; their own folder is replaced', () => {
    for (const [cmd, file, own] of [['solve', 'lmg-break-even', 'solve.json'], ['search', 'best-loadout-shooting-normal', 'search.json']] as const) {
      const exp = fileURLToPath(new URL(`../experiments/${file}.yaml`, import.meta.url));
      const proj = join(root, `proj-${cmd}`);
      mkdirSync(join(proj, 'src'), { recursive: true });
      writeFileSync(join(proj, 'src', 'a.ts'), 'x');
      const r = cli([cmd, exp, '--workers', '1', '--quiet', '--out', proj]);
      expect(r.code, cmd).toBe(2);
      expect(r.stderr).toMatch(/--out: .*src/);
      expect(readdirSync(join(proj, 'src'))).toEqual(['a.ts']);
      // A folder of its own kind (written by an earlier solve/search) may be replaced.
      const mine = join(root, `own-${cmd}`);
      mkdirSync(mine);
      writeFileSync(join(mine, own), '{}');
      writeFileSync(join(mine, 'report.html'), '');
      expect(() => checkOutFolder(mine)).not.toThrow();
    }
  });

  it('a user file added to a results folder is kept: the folder is refused', () => {
    const out = join(root, 'res');
    expect(run(out).code).toBe(0);
    const marker = JSON.parse(readFileSync(join(out, RESULTS_MARKER_FILE), 'utf8'));
    expect(marker).toMatchObject({ tool: 'balance-lab', experiment: 'lmg-worth-8-magazines', seed: expect.any(Number) });
    expect(marker.files).toContain('summary.csv');
    expect(run(out).code).toBe(0); // its own folder is replaced
    writeFileSync(join(out, 'notes.md'), 'mine');
    const r = run(out);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/1 file\(s\) balance-lab did not write \(notes\.md\)/);
    expect(readFileSync(join(out, 'notes.md'), 'utf8')).toBe('mine');
  });

  it('a non-empty folder, /proc/x, /proc/self and a path under a file: exit 2 at once', () => {
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'x.txt'), 'x');
    writeFileSync(join(root, 'afile'), 'x');
    for (const [out, re] of [
      [other, /not a results folder \(no run\.json\): it holds x\.txt/],
      ['/proc/x', /--out: cannot create files in \/proc/],
      ['/proc/self', /--out: the folder is not empty and is not a results folder/],
      [join(root, 'afile', 'sub'), /--out: cannot write here: .*afile is not a folder/],
    ] as const) {
      const r = cli(['run', FLAGSHIP, '--games', '2000000', '--workers', '0', '--quiet', '--out', out]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.seconds).toBeLessThan(60);
    }
  });

  it('a live lock refuses a second run naming the process; a stale lock is taken over and removed', () => {
    writeFileSync(join(root, '.locked.lock'), JSON.stringify({ pid: process.pid, host: hostname() }));
    const r = run(join(root, 'locked'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`another run (process ${process.pid} on ${hostname()}) is writing this folder or its resume journal`);
    expect(existsSync(join(root, 'locked'))).toBe(false);
    writeFileSync(join(root, '.stale.lock'), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname() }));
    expect(run(join(root, 'stale')).code).toBe(0);
    expect(existsSync(join(root, '.stale.lock'))).toBe(false);
  });

  it('two live runs on one --out: the second is refused while the first runs, the first finishes', async () => {
    const out = join(root, 'twice');
    const first = spawn(process.execPath, [BIN, 'run', FLAGSHIP, '--games', '20000', '--workers', '1', '--quiet', '--out', out], { stdio: 'ignore' });
    const lock = join(root, '.twice.lock');
    const t0 = performance.now(); // timing only
    while (!existsSync(lock) && performance.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    const second = run(out);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`another run (process ${first.pid} on ${hostname()})`);
    const code = await new Promise<number | null>((r) => first.on('exit', (c) => r(c)));
    expect(code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('Ctrl-C while the results are written: no temporary folder left, the resume hint, and --resume finishes', async () => {
    const out = join(root, 'ctrl-c');
    const child = spawn(process.execPath, [BIN, 'run', FLAGSHIP, '--games', '4000', '--workers', '0', '--quiet', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += String(d); });
    const t0 = performance.now(); // timing only
    let caught = false;
    while (child.exitCode === null && performance.now() - t0 < 120_000) {
      if (readdirSync(root).some((n) => n.startsWith('.ctrl-c.tmp-'))) {
        child.kill('SIGINT');
        caught = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const code = await new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.on('exit', (c) => r(c))));
    expect(caught, 'the temporary folder was seen').toBe(true);
    expect(code).toBe(130);
    expect(stderr).toContain('--resume');
    expect(readdirSync(root).filter((n) => n.startsWith('.ctrl-c.tmp-') || n === '.ctrl-c.lock')).toEqual([]);
    const again = cli(['run', FLAGSHIP, '--games', '4000', '--workers', '0', '--quiet', '--out', out, '--resume']);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(out, 'summary.csv'))).toBe(true);
  });
});

describe('merge, --partial and check --update paths', () => {
  it('bad merge --out and --partial paths exit 2 with a message, not an internal error', () => {
    writeFileSync(join(root, 'plain'), 'x');
    const p = join(root, 'p1.json');
    expect(cli(['run', FLAGSHIP, '--games', '100', '--workers', '0', '--quiet', '--shard', '1/1', '--partial', p]).code).toBe(0);
    for (const out of [join(root, 'plain', 'x'), '/proc/x', '/proc/self', join(root, 'plain')]) {
      const r = cli(['merge', p, '--out', out, '--quiet']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--out: /);
      expect(r.stderr).not.toMatch(/internal error/);
    }
    for (const partial of [join(root, 'plain', 'p.json'), '/proc/x/p.json', root]) {
      const r = cli(['run', FLAGSHIP, '--games', '100', '--workers', '0', '--quiet', '--shard', '1/1', '--partial', partial]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--partial: /);
    }
    for (const bad of [join(root, 'plain'), '/proc/self/environ', '/dev/zero']) {
      const r = cli(['merge', bad, '--out', join(root, 'm'), '--quiet']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).not.toMatch(/internal error|PATH=/);
    }
  });

  it('check --update into a path under a file: exit 2 before playing', () => {
    const r = cli(['check', FLAGSHIP, '--update', '--games', '200', '--workers', '0', '--quiet', '--baseline', join(root, 'plain', 'b.json')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--baseline: cannot write here: .*plain is not a folder/);
  });

  it('check warns about a baseline written by another package version', () => {
    const b = join(root, 'base.json');
    expect(cli(['check', FLAGSHIP, '--update', '--games', '200', '--workers', '0', '--quiet', '--baseline', b]).code).toBe(0);
    writeFileSync(b, readFileSync(b, 'utf8').replace(/"packageVersion": "[^"]*"/, '"packageVersion": "0.0.1"'));
    const r = cli(['check', FLAGSHIP, '--games', '200', '--workers', '0', '--quiet', '--baseline', b]);
    expect(r.stderr).toMatch(/warning: baseline .*base\.json was written by balance-lab 0\.0\.1, this is 0\.1\.0/);
  });
});
