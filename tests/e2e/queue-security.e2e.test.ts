// Issue 29 on a real Debian redis-server (with a password holding an unencoded "@"): crafted jobs pushed straight into
// BullMQ (files outside the scenario roots, /proc/self/environ, /etc/passwd, /dev/zero, a symlink out of a root,
// oversized and malformed jobs and specs, bad HMACs) fail once each with a message that quotes nothing, and the worker
// goes on playing; Redis killed and restarted empty mid-run, and killed for good (exit 2, then --resume), give CSVs
// byte-identical to a local run; a worker stops on SIGTERM within seconds with Redis gone; a wrong password says
// "authentication failed"; the fleet is seen and widens the in-flight window; a big experiment is stored once.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, freePort, RedisServer, spawnLogged as spawnLoggedIn, until, type Proc } from './redis-server.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { journalIdentity } from '../../src/sim/run/journal.js';
import { QUEUE_NAME, QueueCoordinator, resultsKey, runId } from '../../src/sim/queue/queue.js';
import { jobMac, packRunSpec, specKey, type RunSpec } from '../../src/sim/queue/job.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin/balance-lab.js');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const root = mkdtempSync(join(tmpdir(), 'balance-lab-qsec-'));
const PW = 'pa@ss-Zq9-secret'; // an unencoded @ in the URL's password
const CANARY = `canary-${randomBytes(6).toString('hex')}`;
const KEY = 'k3y-'.repeat(6);
const scenRoot = join(root, 'scen');
mkdirSync(scenRoot);
symlinkSync('/etc/passwd', join(scenRoot, 'escape.yaml'));
let server: RedisServer;
let redis: Redis;
let queue: Queue;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = new RedisServer(await freePort(), root, PW);
  await server.start();
  redis = server.client();
  queue = new Queue(QUEUE_NAME, { connection: server.client() });
  queue.on('error', () => undefined); // this test's own client, while the server is down
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await queue?.close().catch(() => undefined);
  redis?.disconnect();
  await server?.kill();
  rmSync(root, { recursive: true, force: true });
});

/** The URL as typed, with the @ in the password unencoded. */
const url = (): string => `redis://:${PW}@127.0.0.1:${server.port}`;

const spawnLogged = (args: string[], env: Record<string, string> = {}): Proc => spawnLoggedIn(args, { REDIS_URL: url(), BALANCE_LAB_CANARY: CANARY, ...env }, children);
const worker = (env: Record<string, string> = {}, threads = 1): Proc => spawnLogged(['worker', '--queue', '--workers', String(threads), '--lock-ms', '1000', '--scenario-root', scenRoot], env);
const stop = async (...ws: ChildProcess[]): Promise<void> => {
  for (const w of ws) w.kill('SIGTERM');
  await Promise.all(ws.map(exited));
};

/** Everything Redis holds, as text (to prove a secret never reached it). */
async function dumpRedis(): Promise<string> {
  let out = '';
  for (const k of await redis.keys('*')) {
    const type = await redis.type(k);
    if (type === 'string') out += (await redis.getBuffer(k))?.toString('latin1') ?? '';
    else if (type === 'hash') out += Object.values(await redis.hgetallBuffer(k)).map((b) => b.toString('latin1')).join('\n');
    else if (type === 'list') out += (await redis.lrange(k, 0, -1)).join('\n');
    else if (type === 'zset') out += (await redis.zrange(k, '0', '-1')).join('\n');
    else if (type === 'stream') out += JSON.stringify(await redis.xrange(k, '-', '+'));
    out += `\n${k}\n`;
  }
  return out;
}

const OPERATION = readFileSync(join(REPO, 'experiments/lmg-operation.yaml'), 'utf8');
const withScenario = (ref: string): string => OPERATION.replace(/^ {2}scenario: .*$/m, `  scenario: ${ref}`);
/** A legitimate experiment every worker can compile (a builtin: scenario). */
const LEGIT = join(root, 'legit.yaml');
writeFileSync(LEGIT, withScenario('builtin:tutorial-01-port'));

let serial = 0;
/** Store a spec and push a job for it straight into BullMQ (no coordinator); the job's id. */
async function push(text: string, opts: { file?: string; key?: Buffer; jobKey?: Buffer; data?: Record<string, unknown>; legit?: boolean } = {}): Promise<{ id: string; run: string }> {
  const base = journalIdentity(loadExperiment(LEGIT, { games: 400 }), VERSION);
  const identity = opts.legit ? base : { ...base, seed: 100_000 + serial };
  const run = runId(identity);
  const spec: RunSpec = { identity, source: { file: opts.file ?? LEGIT, text, overrides: { games: 400 } } };
  const packed = packRunSpec(run, spec, opts.key ?? null);
  await redis.hset(specKey(run), 'spec', packed.spec, 'mac', packed.mac);
  const id = `crafted-${serial++}`;
  const data = opts.data ?? { run, m: 0, start: 0, count: 400, ...(opts.jobKey ? { mac: jobMac(opts.jobKey, run, 0, 0, 400) } : {}) };
  await queue.add('chunk', data, { jobId: id, attempts: 5, backoff: { type: 'fixed', delay: 100 } });
  return { id, run };
}

async function outcome(id: string): Promise<{ state: string; reason: string; attempts: number }> {
  let state = '';
  await until(`job ${id} to end`, async () => {
    state = await queue.getJobState(id);
    return state === 'failed' || state === 'completed' || state === 'unknown';
  }, 60_000);
  const job = await queue.getJob(id);
  return { state, reason: job?.failedReason ?? '', attempts: job?.attemptsMade ?? -1 };
}

const SECRETS = [CANARY, PW, 'root:x:0:0', KEY];
const clean = (text: string): void => {
  for (const s of SECRETS) expect(text, `leaks ${s}`).not.toContain(s);
};

describe('crafted jobs pushed straight into BullMQ', () => {
  it('files outside the roots, /proc/self/environ, /etc/passwd, /dev/zero, a symlink out: each fails once, quoting nothing; the worker goes on', async () => {
    const w = worker();
    await until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 30_000);
    const refs = ['/proc/self/environ', '/etc/passwd', '/dev/zero', '/dev/stdin', '../../../../../../../../etc/passwd', join(scenRoot, 'escape.yaml'), 'builtin:../../package', '/proc/self/cmdline'];
    for (const ref of refs) {
      const { id } = await push(withScenario(ref), { file: '/srv/evil/evil.yaml' });
      const o = await outcome(id);
      expect(o.state, ref).toBe('failed');
      expect(o.attempts, `${ref}: failed once, not handed on`).toBe(1);
      expect(o.reason).toMatch(/refused by balance-lab:.*does not compile on this worker/);
      clean(o.reason);
    }
    // Malformed and oversized jobs and specs.
    const cases: [Record<string, unknown> | null, RegExp, (() => Promise<void>)?][] = [
      [{ source: { file: '/proc/self/environ', text: 'x' }, run: 'a'.repeat(20), m: 0, start: 0, count: 1 }, /job field job\.source is not allowed/],
      [{ run: 'a'.repeat(20), m: 0, start: 0, count: 1e9 }, /job field job\.count/],
      [{ run: '../../x', m: 0, start: 0, count: 1 }, /job field job\.run/],
    ];
    for (const [data, re] of cases) {
      const { id } = await push('x', { data: data! });
      const o = await outcome(id);
      expect([o.state, o.attempts]).toEqual(['failed', 1]);
      expect(o.reason).toMatch(re);
    }
    const big = await push('x');
    await redis.hset(specKey(big.run), 'spec', randomBytes(5 * 1024 * 1024));
    // The job of `big` was pushed before the spec grew: push another job of that run.
    await queue.add('chunk', { run: big.run, m: 1, start: 400, count: 400 }, { jobId: 'big-spec', attempts: 5 });
    const ob = await outcome('big-spec');
    expect(ob.state).toBe('failed');
    expect(ob.reason).toMatch(/more than 4194304|not gzip'd JSON/);
    // Still alive, and still playing: a legitimate job of a builtin: scenario completes.
    const ok = await push(readFileSync(LEGIT, 'utf8'), { legit: true });
    expect((await outcome(ok.id)).state).toBe('completed');
    expect(await redis.hexists(resultsKey(ok.run), '0')).toBe(1);
    expect(w.exitCode).toBe(null);
    clean(w.text());
    clean(await dumpRedis());
    await stop(w);
    expect(w.exitCode).toBe(0);
  }, 240_000);

  it('with a queue key: unsigned or wrongly signed jobs and specs are refused; a signed run plays byte-identical to local', async () => {
    const w = worker({ BALANCE_LAB_QUEUE_KEY: KEY });
    await until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 30_000);
    expect(w.text()).not.toMatch(/not authenticated/);
    const key = Buffer.from(KEY);
    const text = readFileSync(LEGIT, 'utf8');
    const unsigned = await push(text);
    expect((await outcome(unsigned.id)).reason).toMatch(/valid signature of this worker's queue key/);
    const wrong = await push(text, { key, jobKey: Buffer.from('another-key-another-key') });
    expect((await outcome(wrong.id)).reason).toMatch(/valid signature/);
    const specUnsigned = await push(text, { jobKey: key });
    expect((await outcome(specUnsigned.id)).reason).toMatch(/spec of run \w+ does not carry a valid signature/);
    // A coordinator with the key: jobs, spec and results are signed; the CSVs equal a local run's.
    const FLAG = join(REPO, 'experiments/lmg-worth-8-magazines.yaml');
    const local = spawnSync(process.execPath, [BIN, 'run', FLAG, '--games', '3000', '--seed', '5', '--workers', '1', '--quiet', '--out', join(root, 'k-local')], { encoding: 'utf8' });
    expect(local.status, local.stderr).toBe(0);
    const c = spawnLogged(['run', FLAG, '--games', '3000', '--seed', '5', '--quiet', '--queue', '--out', join(root, 'k-queued')], { BALANCE_LAB_QUEUE_KEY: KEY });
    expect(await exited(c), c.text()).toBe(0);
    expect(csvs(join(root, 'k-queued'))).toEqual(csvs(join(root, 'k-local')));
    clean(c.text());
    clean(w.text());
    await stop(w);
  }, 240_000);
});

const csvs = (dir: string) => ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));
/** The flagship in small chunks: many jobs. */
const EXP = join(root, 'flagship.yaml');
writeFileSync(EXP, readFileSync(join(REPO, 'experiments/lmg-worth-8-magazines.yaml'), 'utf8').replace(/^stop:[\s\S]*?\n(?=\S)/m, 'stop:\n  games: 40000\n  chunk: 500\n\n'));
const stored = async (): Promise<number> => {
  const keys = await redis.keys('balance-lab:results:*').catch(() => []);
  let n = 0;
  for (const k of keys) n += await redis.hlen(k).catch(() => 0);
  return n;
};
const noStack = (text: string): void => {
  expect(text).not.toMatch(/\n\s+at .*:\d+/);
  expect(text).not.toMatch(/ECONNREFUSED|Unhandled error event/);
};

describe('Redis lost mid-run', () => {
  let localDir = '';
  beforeAll(() => {
    localDir = join(root, 'flag-local');
    const r = spawnSync(process.execPath, [BIN, 'run', EXP, '--seed', '9', '--quiet', '--workers', '1', '--out', localDir], { encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
  });

  it('restarted empty: the coordinator says so in one line each, queues the chunks in flight again and finishes byte-identical', async () => {
    const ws = [worker(), worker()];
    const out = join(root, 'flag-restarted');
    const c = spawnLogged(['run', EXP, '--seed', '9', '--queue', '--out', out]);
    await until('8 chunks in Redis', async () => (await stored()) >= 8);
    await server.kill();
    await new Promise((r) => setTimeout(r, 2500));
    await server.start(); // empty: no persistence
    expect(await exited(c), c.text()).toBe(0);
    expect(csvs(out)).toEqual(csvs(localDir));
    const text = c.text();
    expect(text.match(/lost Redis at/g)?.length).toBe(1);
    expect(text.match(/answers again/g)?.length).toBe(1);
    expect(text.match(/lost this run's data \(restarted empty or flushed\)/g)?.length).toBe(1);
    noStack(text);
    clean(text);
    for (const w of ws) {
      expect(w.text().match(/lost Redis at/g)?.length ?? 0).toBeLessThanOrEqual(2);
      noStack(w.text());
      clean(w.text());
    }
    await stop(...ws);
  }, 300_000);

  it('gone for good: exit 2 after the stated timeout in one line, chunks journaled; --resume once Redis is back finishes byte-identical', async () => {
    const ws = [worker()];
    const out = join(root, 'flag-gone');
    const c = spawnLogged(['run', EXP, '--seed', '9', '--queue', '--out', out, '--redis-timeout', '4']);
    await until('6 chunks in Redis', async () => (await stored()) >= 6);
    await server.kill();
    const t0 = performance.now(); // timing only
    expect(await exited(c)).toBe(2);
    const took = (performance.now() - t0) / 1000; // timing only
    expect(took).toBeGreaterThanOrEqual(3.5);
    expect(took).toBeLessThan(20);
    const text = c.text();
    expect(text.match(/lost Redis at/g)?.length).toBe(1);
    expect(text).toMatch(/did not answer for 4 s; giving up\. The \d+ chunk\(s\) merged so far are journaled in .*journal\.ndjson/);
    expect(text).toMatch(/--resume/);
    noStack(text);
    clean(text);
    // The worker, its Redis gone, stops on SIGTERM within seconds.
    const t1 = performance.now(); // timing only
    await stop(ws[0]);
    expect((performance.now() - t1) / 1000).toBeLessThan(8); // timing only
    expect(ws[0].exitCode).toBe(0);
    await server.start();
    const merged = Number(/The (\d+) chunk\(s\) merged/.exec(text)![1]);
    expect(merged).toBeGreaterThan(0);
    const w2 = worker();
    const again = spawnLogged(['run', EXP, '--seed', '9', '--queue', '--out', out, '--resume']);
    expect(await exited(again), again.text()).toBe(0);
    expect(again.text()).toMatch(new RegExp(`resuming: ${merged} chunk`));
    expect(csvs(out)).toEqual(csvs(localDir));
    await stop(w2);
  }, 300_000);
});

describe('workers and SIGTERM', () => {
  it('stops within seconds: while connecting to a Redis that is not there, idle, and busy with a chunk', async () => {
    const nowhere = spawnLogged(['worker', '--queue', `redis://:${PW}@127.0.0.1:1`, '--workers', '1']);
    await until('connecting', () => /connecting to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/.test(nowhere.text()), 30_000);
    let t0 = performance.now(); // timing only
    await stop(nowhere);
    expect((performance.now() - t0) / 1000).toBeLessThan(3); // timing only
    expect(nowhere.exitCode).toBe(0);
    clean(nowhere.text());
    const w = worker();
    await until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 30_000);
    // Busy: a long chunk (40,000 flagship games in one job).
    const c = spawnLogged(['run', join(REPO, 'experiments/lmg-worth-8-magazines.yaml'), '--games', '40000', '--seed', '2', '--queue', '--out', join(root, 'long')]);
    await until('the worker took a chunk', async () => (await queue.getActiveCount()) > 0, 60_000);
    t0 = performance.now(); // timing only
    await stop(w);
    expect((performance.now() - t0) / 1000).toBeLessThan(10); // timing only
    expect(w.exitCode).toBe(0);
    c.kill('SIGINT');
    await exited(c);
  }, 120_000);
});

describe('passwords and fleet', () => {
  it('a wrong password says "authentication failed" at once and prints no part of it', () => {
    const t0 = performance.now(); // timing only
    const r = spawnSync(process.execPath, [BIN, 'run', EXP, '--queue', `redis://:wr0ng-Passw0rd@127.0.0.1:${server.port}`, '--out', join(root, 'nope')], { encoding: 'utf8', timeout: 60_000 });
    expect((performance.now() - t0) / 1000).toBeLessThan(8); // timing only
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/authentication failed/);
    expect(r.stderr).not.toMatch(/cannot reach Redis/);
    expect(r.stderr + r.stdout).not.toContain('wr0ng');
    const typo = spawnSync(process.execPath, [BIN, 'worker', '--queue', `redis//:${PW}@127.0.0.1:${server.port}`], { encoding: 'utf8', timeout: 60_000 });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/is not a Redis URL/);
    clean(typo.stderr);
  }, 60_000);

  it('the fleet is seen (BullMQ 6.7 client names) and the in-flight window grows with it', async () => {
    const ws = [worker({}, 2), worker({}, 3)];
    await Promise.all(ws.map((w) => until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 30_000)));
    const exp = loadExperiment(EXP, { seed: 77 });
    const c = await QueueCoordinator.open(url(), exp, { file: EXP, text: readFileSync(EXP, 'utf8'), overrides: { seed: 77 } }, VERSION, { inFlight: 1 });
    try {
      expect(c.inFlight).toBe(1);
      const f = await c.fleet();
      expect([f.workers, f.machines]).toEqual([2, 1]);
      expect(c.inFlight).toBe(2 * (2 + 3));
    } finally {
      await c.close(false);
    }
    await stop(...ws);
  }, 120_000);
});

describe('a big experiment is stored once per run (item 11)', () => {
  it('64 queued jobs of a 1.9 MB experiment add about one copy to Redis, not 64', async () => {
    await server.kill();
    await server.start();
    const big = join(root, 'big.yaml');
    const padding = Array.from({ length: 25_000 }, () => `# ${randomBytes(57).toString('base64')}`).join('\n');
    writeFileSync(big, `${readFileSync(EXP, 'utf8')}\n${padding}\n`);
    const size = readFileSync(big).length;
    expect(size).toBeGreaterThan(1_900_000);
    const before = Number(/used_memory_peak:(\d+)/.exec(await redis.info('memory'))![1]);
    const c = spawnLogged(['run', big, '--seed', '9', '--queue', '--out', join(root, 'big-out'), '--in-flight', '64']);
    await until('64 jobs queued', async () => (await queue.getWaitingCount()) >= 64, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    const after = Number(/used_memory_peak:(\d+)/.exec(await redis.info('memory'))![1]);
    c.kill('SIGINT');
    await exited(c);
    // One gzip'd copy (~1.5 MB of base64 padding) and 64 small jobs; 64 copies would be > 120 MB.
    expect(after - before).toBeLessThan(3 * size);
    process.stdout.write(`[item 11] experiment ${size} bytes, 64 jobs queued: Redis peak ${before} → ${after} bytes (+${after - before})\n`);
    await queue.obliterate({ force: true });
  }, 120_000);
});
