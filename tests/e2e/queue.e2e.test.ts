// Cluster runs on a real Redis (issue 17 items 3 and 6): Debian's redis-server on 127.0.0.1 (a free port, a temporary
// folder), three `balance-lab worker` processes and a `run --queue` coordinator, all real child processes. One worker
// is killed with SIGKILL mid-run and the coordinator is killed once and started again with the same command; the CSVs
// must be byte-identical to a local run. A worker of another package version refuses the jobs (logged, in the failed
// job) and the coordinator gives up with exit 2 instead of computing wrong numbers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin/balance-lab.js');
const root = mkdtempSync(join(tmpdir(), 'balance-lab-queue-'));
let port = 0;
let server: ChildProcess;
let redis: Redis;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', root], { stdio: 'ignore' });
  redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: null });
  redis.on('error', () => undefined); // refused until the server is up
  for (let i = 0; i < 50 && (await redis.ping().catch(() => '')) !== 'PONG'; i++) await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  redis?.disconnect();
  server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const url = (): string => `redis://127.0.0.1:${port}`;
/** The flagship with small chunks, so a run has many jobs. */
const EXP = join(root, 'flagship.yaml');
writeFileSync(EXP, readFileSync(join(REPO, 'experiments/lmg-worth-8-magazines.yaml'), 'utf8').replace(/^stop:[\s\S]*?\n(?=\S)/m, 'stop:\n  games: 60000\n  chunk: 500\n\n'));
const ARGS = ['--seed', '9', '--quiet'];

function worker(bin = BIN, log = join(root, `worker-${children.length}.log`)): ChildProcess {
  const c = spawn(process.execPath, [bin, 'worker', '--queue', url(), '--workers', '1', '--lock-ms', '1000', '--scenario-root', REPO], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  c.stderr!.on('data', (d) => { text += String(d); writeFileSync(log, text); });
  children.push(c);
  return c;
}

function coordinator(out: string): ChildProcess & { stderr_: () => string } {
  const c = spawn(process.execPath, [BIN, 'run', EXP, ...ARGS, '--queue', url(), '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & { stderr_: () => string };
  let text = '';
  c.stderr!.on('data', (d) => { text += String(d); });
  c.stderr_ = () => text;
  children.push(c);
  return c;
}

/** Chunk results stored in Redis for the (one) run going on. */
async function stored(): Promise<number> {
  const keys = await redis.keys('balance-lab:results:*');
  return keys.length === 0 ? 0 : redis.hlen(keys[0]);
}

async function until(what: string, cond: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const t0 = performance.now(); // timing only (a test's poll)
  while (!(await cond())) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`); // timing only
    await new Promise((r) => setTimeout(r, 25));
  }
}

const exited = (c: ChildProcess): Promise<number | null> => (c.exitCode !== null ? Promise.resolve(c.exitCode) : new Promise((r) => c.on('exit', (code) => r(code))));
const csvs = (dir: string) => ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));

describe('run --queue on a real redis-server', () => {
  it('three workers, one killed mid-run, the coordinator killed and restarted: CSVs byte-identical to a local run', async () => {
    const local = join(root, 'local');
    const r = spawnSync(process.execPath, [BIN, 'run', EXP, ...ARGS, '--workers', '1', '--out', local], { encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);

    const ws = [worker(), worker(), worker()];
    const out = join(root, 'queued');
    const first = coordinator(out);
    await until('10 chunks in Redis', async () => (await stored()) >= 10);
    ws[0].kill('SIGKILL'); // a worker dies mid-chunk: its job stalls and goes to another worker
    await until('30 chunks in Redis', async () => (await stored()) >= 30);
    first.kill('SIGKILL'); // the coordinator dies; the results stay in Redis
    expect(await exited(first)).toBe(null);
    const kept = await stored();
    const second = coordinator(out);
    const code = await exited(second);
    expect(code, second.stderr_()).toBe(0);
    expect(kept).toBeGreaterThanOrEqual(30);
    expect(csvs(out)).toEqual(csvs(local));
    expect(await stored()).toBe(0); // the finished run's results are removed from Redis
    for (const w of ws.slice(1)) w.kill('SIGTERM');
    await Promise.all(ws.slice(1).map(exited));
  }, 240_000);

  it('a worker of another package version refuses the jobs; the coordinator stops with exit 2 naming the reason', async () => {
    // An install of another version: the same code with another version in its package.json.
    const other = join(root, 'other');
    cpSync(join(REPO, 'dist'), join(other, 'dist'), { recursive: true });
    cpSync(join(REPO, 'bin'), join(other, 'bin'), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(other, 'package.json'), JSON.stringify({ ...pkg, version: '0.0.0-other' }));
    symlinkSync(join(REPO, 'node_modules'), join(other, 'node_modules'));
    const log = join(root, 'other-worker.log');
    const w = worker(join(other, 'bin/balance-lab.js'), log);
    const c = coordinator(join(root, 'refused'));
    const code = await exited(c);
    expect(code).toBe(2);
    expect(c.stderr_()).toMatch(/refused .*package version .* ≠ this worker's 0\.0\.0-other/);
    expect(readFileSync(log, 'utf8')).toMatch(/refused chunk \d+ of run \w+: package version/);
    expect(c.stderr_()).not.toMatch(/Error: |at .*\.js:\d+/); // one clear message, no stack
    w.kill('SIGTERM');
    await exited(w);
  }, 120_000);

  it('check --queue gives the same verdict and table as a local check', async () => {
    const ws = [worker(), worker()];
    const FLAG = join(REPO, 'experiments/lmg-worth-8-magazines.yaml');
    const local = spawnSync(process.execPath, [BIN, 'check', FLAG, '--games', '4000', '--workers', '1', '--quiet'], { encoding: 'utf8', timeout: 120_000 });
    const queued = spawnSync(process.execPath, [BIN, 'check', FLAG, '--games', '4000', '--queue', url(), '--quiet'], { encoding: 'utf8', timeout: 120_000 });
    expect(queued.status, queued.stderr).toBe(local.status);
    expect(queued.stdout).toBe(local.stdout);
    for (const w of ws) w.kill('SIGTERM');
    await Promise.all(ws.map(exited));
  }, 240_000);

  it('solve and search --queue give the same answers as on local threads', async () => {
    const ws = [worker(), worker()];
    for (const [cmd, file] of [['solve', 'experiments/tutorial-01-calibration.yaml'], ['search', 'experiments/best-loadout-shooting-normal.yaml']]) {
      const local = spawnSync(process.execPath, [BIN, cmd, join(REPO, file), '--workers', '1', '--quiet', '--out', join(root, `${cmd}-local`)], { encoding: 'utf8', timeout: 240_000 });
      const queued = spawnSync(process.execPath, [BIN, cmd, join(REPO, file), '--queue', url(), '--quiet', '--out', join(root, `${cmd}-queued`)], { encoding: 'utf8', timeout: 240_000 });
      expect(local.status, local.stderr).toBe(0);
      expect(queued.status, queued.stderr).toBe(0);
      expect(queued.stdout).toBe(local.stdout);
    }
    for (const w of ws) w.kill('SIGTERM');
    await Promise.all(ws.map(exited));
  }, 480_000);

  it('the password in the URL is never printed', () => {
    const r = spawnSync(process.execPath, [BIN, 'run', EXP, ...ARGS, '--queue', `redis://user:s3cret@127.0.0.1:1/0`, '--out', join(root, 'nope')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1\/0/);
    expect(r.stderr + r.stdout).not.toContain('s3cret');
  }, 60_000);
});
