// The parts of cluster runs that need no server (issue 17): URL checks and redaction, the packed chunk format, and
// the run driver's executor hook — a run whose chunks come back out of order from an executor gives the same summary
// as a local run. The real Redis/BullMQ runs are in tests/e2e/queue.e2e.test.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runChunk } from '../src/sim/run/chunk.js';
import { runExperiment } from '../src/sim/run/run.js';
import { checkQueueUrl, packChunk, redact, unpackChunk } from '../src/sim/queue/queue.js';
import { chunkLine } from '../src/sim/run/journal.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));

describe('queue URLs', () => {
  it('redacts passwords, keeps the rest', () => {
    expect(redact('redis://user:pw@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redact('rediss://:pw@host:6380')).toBe('rediss://:***@host:6380');
    expect(redact('redis://host:6379')).toBe('redis://host:6379');
  });
  it('accepts redis:// and rediss://, refuses anything else (exit 2, without the password)', () => {
    expect(checkQueueUrl('rediss://u:p@h:1')).toBe('rediss://u:p@h:1');
    expect(() => checkQueueUrl('http://u:secret@h:1')).toThrow(/is not a Redis URL/);
    expect(() => checkQueueUrl(undefined)).toThrow(/no Redis URL/);
    const r = spawnSync(process.execPath, [BIN, 'run', FLAGSHIP, '--games', '100', '--queue', 'mysql://u:secret@h'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--queue: "mysql:\/\/u:\*\*\*@h" is not a Redis URL/);
    expect(r.stderr).not.toContain('secret');
  });
});

describe('chunks through the queue', () => {
  const exp = loadExperiment(FLAGSHIP, { games: 3000, seed: 4 });
  it('a packed chunk unpacks byte-exact (and is much smaller)', () => {
    const r = runChunk(exp, 0, 1000);
    const b = packChunk(3, r);
    const u = unpackChunk(b)!;
    expect(u.m).toBe(3);
    expect(u.result.data.map((d) => Buffer.from(d.buffer).toString('hex'))).toEqual(r.data.map((d) => Buffer.from(d.buffer).toString('hex')));
    expect(b.length * 5).toBeLessThan(chunkLine(3, r).length);
    expect(unpackChunk(Buffer.from('not gzip'))).toBeNull();
  });
  it('an executor that returns chunks out of order gives the summary of a local run', async () => {
    const local = await runExperiment(exp, { workers: 0 });
    const delays = [30, 0, 10, 5, 20, 0];
    const executor = { inFlight: 4, run: (m: number, start: number, count: number) => new Promise<ReturnType<typeof runChunk>>((res) => setTimeout(() => res(runChunk(exp, start, count)), delays[m % delays.length])) };
    const queued = await runExperiment(exp, { workers: 0, executor });
    const strip = (s: typeof local) => JSON.stringify({ ...s, elapsedSeconds: 0, gamesPerSecond: 0 });
    expect(strip(queued)).toBe(strip(local));
  });
});
