// Issue 29: `check --queue` journals the chunks it merges beside the baseline, as run/solve/search do. On a real
// Debian redis-server: the coordinator is held after merging chunks 0 and 1 (BALANCE_LAB_TEST_HOLD=two-chunks-merged,
// so the instant is exact, not timed), SIGKILLed, and Redis flushed; `check --queue --resume` merges the two chunks
// from its journal, plays the rest on the worker, and prints byte-for-byte the table of an uninterrupted local check.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exited, ownRedis, until } from './redis-server.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin/balance-lab.js');
const FLAG = join(REPO, 'experiments/lmg-worth-8-magazines.yaml');
const own = ownRedis('qcheck');
const root = own.root;
const spawnLogged = own.spawnLogged;

describe('check --queue --resume', () => {
  it('killed after two chunks, Redis flushed: --resume merges them from the journal and prints the local table', async () => {
    mkdirSync(join(root, 'baselines'));
    const baseline = join(root, 'baselines', 'flag.json');
    copyFileSync(join(REPO, 'results/baselines/lmg-worth-8-magazines.json'), baseline);
    const args = ['check', FLAG, '--baseline', baseline, '--games', '8000', '--seed', '5']; // 4 chunks of 2,000
    const local = spawnSync(process.execPath, [BIN, ...args, '--workers', '1'], { encoding: 'utf8', timeout: 240_000 });
    expect(local.status, local.stderr).toBe(0);

    const w = spawnLogged(['worker', '--queue', '--workers', '1', '--lock-ms', '1000']);
    try {
      const hold = join(root, 'hold');
      const c = spawnLogged([...args, '--queue'], { BALANCE_LAB_TEST_HOLD: `two-chunks-merged:${hold}` });
      await until('two chunks merged', () => existsSync(hold) || c.exitCode !== null, 240_000);
      expect(c.exitCode, c.text()).toBe(null);
      c.kill('SIGKILL');
      await exited(c);
      unlinkSync(hold);
      const staging = join(root, 'baselines', '.flag.json.check.staging');
      const [journal] = readdirSync(staging);
      expect(readFileSync(join(staging, journal), 'utf8').trim().split('\n')).toHaveLength(3); // identity + chunks 0, 1
      await own.redis().flushall(); // nothing of the run is left in Redis: what is merged comes from the journal

      const again = spawn(process.execPath, [BIN, ...args, '--queue', '--resume'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REDIS_URL: own.server().url() } });
      own.children.push(again);
      let stdout = '', stderr = '';
      again.stdout.on('data', (d) => { stdout += String(d); });
      again.stderr.on('data', (d) => { stderr += String(d); });
      const code = await exited(again);
      expect(code, stderr).toBe(local.status);
      expect(stderr).toMatch(/resuming: 2 chunk\(s\) already played are merged from .*\.flag\.json\.check\.staging/);
      expect(stdout).toBe(local.stdout); // byte-identical
      expect(stderr).not.toMatch(/\n\s+at .*:\d+|internal error/);
      expect(readdirSync(join(root, 'baselines'))).toEqual(['flag.json']); // journal and lock removed
    } finally {
      w.kill('SIGTERM');
      await exited(w);
    }
  }, 300_000);
});
