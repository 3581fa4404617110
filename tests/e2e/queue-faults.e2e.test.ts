// Issue 29 follow-ups on a real Debian redis-server (its own, so killing it disturbs no other test):
// - Redis killed in the instant after the coordinator connected, before its first command (held there by the
//   BALANCE_LAB_TEST_HOLD=after-connect hook, so the order is exact, not timed): one line, then exit 2 after
//   --redis-timeout naming the journal — for `run` and for `solve` (whose --redis-timeout is honoured too).
// - `solve --queue` killed after its first experiment (the experiment-played pause point), Redis then flushed:
//   `--resume` merges the chunks from its journal on disk and prints the same answer as a local solve.
// - A chunk refused by a worker in a way every worker would refuse alike fails the run at once (exit 2, the worker's
//   reason), instead of being handed to another worker five times.
import { existsSync, unlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { exited, ownRedis, until } from './redis-server.js';
import { QUEUE_NAME } from '../../src/sim/queue/queue.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FLAG = join(REPO, 'experiments/lmg-worth-8-magazines.yaml');
const own = ownRedis('qfault');
const root = own.root;
const spawnLogged = own.spawnLogged;
const noStack = (text: string): void => {
  expect(text).not.toMatch(/\n\s+at .*:\d+/);
  expect(text).not.toMatch(/ECONNREFUSED|Unhandled error event|internal error/);
};

describe('Redis lost right after the coordinator connected', () => {
  const lostAtStart = async (args: string[], tag: string): Promise<string> => {
    const hold = join(root, `hold-${tag}`);
    const c = spawnLogged([...args, '--queue', '--redis-timeout', '2'], { BALANCE_LAB_TEST_HOLD: `after-connect:${hold}` });
    await until('the coordinator connected and holds', () => existsSync(hold) || c.exitCode !== null, 60_000);
    expect(c.exitCode, c.text()).toBe(null);
    await own.server().kill();
    unlinkSync(hold); // let it go on: its first command meets a dead Redis
    const code = await exited(c);
    await own.server().start();
    expect(code, c.text()).toBe(2);
    return c.text();
  };

  it('run: one line, then exit 2 after --redis-timeout naming the journal', async () => {
    const text = await lostAtStart(['run', FLAG, '--games', '2000', '--seed', '3', '--out', join(root, 'run-out')], 'run');
    expect(text.match(/lost Redis at/g)?.length).toBe(1);
    expect(text).toMatch(/did not answer for 2 s; giving up\. The 0 chunk\(s\) merged so far are journaled in .*journal\.ndjson/);
    noStack(text);
  }, 120_000);

  it('solve: --redis-timeout is honoured the same way', async () => {
    const text = await lostAtStart(['solve', join(REPO, 'experiments/lmg-break-even.yaml'), '--out', join(root, 'solve-out')], 'solve');
    expect(text.match(/lost Redis at/g)?.length).toBe(1);
    expect(text).toMatch(/did not answer for 2 s; giving up\. The 0 chunk\(s\) merged so far are journaled in .*\.solve-out\.staging/);
    noStack(text);
  }, 120_000);
});

describe('a refusal every worker would make alike', () => {
  it('fails the run at once with exit 2 and the worker\'s reason, not after 5 hand-overs', async () => {
    const queue = new Queue(QUEUE_NAME, { connection: own.server().client() });
    queue.on('error', () => undefined);
    try {
      const c = spawnLogged(['run', FLAG, '--games', '2000', '--seed', '4', '--out', join(root, 'refused-out'), '--queue']);
      await until('jobs queued', async () => (await queue.getWaitingCount()) > 0 || c.exitCode !== null, 60_000);
      // The run's spec made unreadable: a worker refuses it (a final refusal: every worker would read the same spec).
      const [specKey] = await own.redis().keys('balance-lab:run:*');
      await own.redis().hset(specKey!, 'spec', Buffer.from('not gzip at all'));
      const w = spawnLogged(['worker', '--queue', '--workers', '1', '--lock-ms', '1000']);
      const code = await exited(c);
      w.kill('SIGTERM');
      await exited(w);
      const text = c.text();
      expect(code, text).toBe(2);
      expect(text).toMatch(/every worker would refuse it alike \(not retried\): refused by balance-lab:.*not gzip'd JSON/);
      expect(text).not.toMatch(/refused or failed this chunk/);
      expect(text.match(/^chunk 0: /gm)?.length).toBe(1);
      expect(text).not.toContain('[final]');
      noStack(text);
    } finally {
      await queue.close();
    }
  }, 120_000);
});

describe('solve --queue journals on disk', () => {
  it('killed after one experiment, Redis flushed: --resume merges the journal and gives the local answer', async () => {
    const SOLVE = join(REPO, 'experiments/lmg-break-even.yaml');
    const BIN = join(REPO, 'bin/balance-lab.js');
    const local = spawnSync(process.execPath, [BIN, 'solve', SOLVE, '--seed', '11', '--workers', '1', '--out', join(root, 'solve-local')], { encoding: 'utf8', timeout: 240_000 });
    expect(local.status, local.stderr).toBe(0);
    const w = spawnLogged(['worker', '--queue', '--workers', '1', '--lock-ms', '1000']);
    try {
      const out = join(root, 'solve-q');
      const hold = join(root, 'hold-solve-q');
      const c = spawnLogged(['solve', SOLVE, '--seed', '11', '--out', out, '--queue'], { BALANCE_LAB_TEST_HOLD: `experiment-played:${hold}` });
      await until('one experiment played', () => existsSync(hold) || c.exitCode !== null, 240_000);
      expect(c.exitCode, c.text()).toBe(null);
      c.kill('SIGKILL');
      await exited(c);
      await own.redis().flushall(); // nothing of the run is left in Redis: what is merged comes from the journal
      const again = spawnLogged(['solve', SOLVE, '--seed', '11', '--out', out, '--queue', '--resume']);
      expect(await exited(again), again.text()).toBe(0);
      expect(again.text()).toMatch(/resuming: [1-9]\d* chunk\(s\) already played are merged from .*\.solve-q\.staging/);
      for (const line of local.stdout.trim().split('\n')) expect(again.text()).toContain(line); // stderr lines come between
      noStack(again.text());
    } finally {
      w.kill('SIGTERM');
      await exited(w);
    }
  }, 300_000);
});
