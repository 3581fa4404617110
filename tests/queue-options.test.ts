// Issue 29 follow-ups that need no server: --redis-timeout is an option of every command that takes --queue (run,
// check, solve, search), with the same meaning and validation and its help in both languages; a refusal is final
// (the coordinator fails the run at once) exactly when every worker would make it alike.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en, ja } from '../src/i18n/areas/queue.js';
import { JobRefusal, readJob, readRunSpec } from '../src/sim/queue/job.js';
import { runId } from '../src/sim/queue/queue.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const cli = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
const flat = (s: string): string => s.replace(/\s+/g, '');

describe('--redis-timeout', () => {
  for (const cmd of ['run', 'check', 'solve', 'search']) {
    it(`${cmd}: listed in the help in English and Japanese, and validated the same way`, () => {
      for (const [lang, text] of [['en', en['queue.redisTimeoutOption']], ['ja', ja['queue.redisTimeoutOption']]] as const) {
        const h = cli(['--lang', lang, cmd, '--help']);
        expect(h.status).toBe(0);
        expect(h.stdout).toContain('--redis-timeout <s>');
        expect(flat(h.stdout)).toContain(flat(text));
      }
      for (const bad of ['0', '86401', 'x']) {
        const r = cli([cmd, FLAGSHIP, '--queue', 'redis://127.0.0.1:1', '--redis-timeout', bad]);
        expect(r.status, `${cmd} --redis-timeout ${bad}`).toBe(2);
        expect(r.stderr).toMatch(/--redis-timeout/);
      }
    });
  }
});

describe('final refusals', () => {
  const refusal = (f: () => unknown): JobRefusal => {
    try {
      f();
    } catch (e) {
      if (e instanceof JobRefusal) return e;
      throw e;
    }
    throw new Error('not refused');
  };
  it('a malformed job or an unreadable spec is final; a signature check depends on the worker\'s key and is not', () => {
    expect(refusal(() => readJob({ run: '../x', m: 0, start: 0, count: 1 }, null)).final).toBe(true);
    expect(refusal(() => readRunSpec('a'.repeat(20), Buffer.from('not gzip'), null, null, runId)).final).toBe(true);
    expect(refusal(() => readRunSpec('a'.repeat(20), null, null, null, runId)).final).toBe(true);
    const key = Buffer.from('k3y-'.repeat(6));
    expect(refusal(() => readJob({ run: 'a'.repeat(20), m: 0, start: 0, count: 1 }, key)).final).toBe(false);
    expect(refusal(() => readRunSpec('a'.repeat(20), Buffer.from('x'), 'f'.repeat(64), key, runId)).final).toBe(false);
  });
});
