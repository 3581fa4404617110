// Issue 39 item 1 on a real redis-server: a hostile job (a chunk far too long for the worker's --job-timeout) cannot
// hold the worker past its budget: each attempt is stopped at 2 s and refused, the run fails with exit 2 naming the
// budget, the worker stays up and the next run through it plays to the end.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited, ownRedis, until } from './redis-server.js';
import { tinyUa } from '../helpers/tiny-ua.js';

const own = ownRedis('qbudget');

describe('a queue job cannot hold a worker longer than its budget', () => {
  it('a chunk over --job-timeout 2 fails the run (exit 2, the budget named); the next run plays', async () => {
    const w = own.spawnLogged(['--lang', 'en', 'worker', '--workers', '1', '--job-timeout', '2']);
    await until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 60_000);
    const hostile = join(own.root, 'hostile.yaml');
    // The flagship's eleven variants with chunks of 1,000,000 games: minutes a chunk, far over the 2 s budget.
    const flagship = readFileSync(fileURLToPath(new URL('../../experiments/lmg-worth-8-magazines.yaml', import.meta.url)), 'utf8');
    writeFileSync(hostile, flagship.replace(/chunk: 2000\b/, 'chunk: 1000000').replace(/target_error: [0-9.]+/, 'target_error: 0.2'));
    const t0 = performance.now(); // timing only
    const bad = own.spawnLogged(['--lang', 'en', 'run', hostile, '--games', '2000000', '--queue', '--quiet', '--out', join(own.root, 'hostile-out')]);
    expect(await exited(bad), bad.text()).toBe(2);
    expect(bad.text()).toMatch(/budget of 2 s \(worker --job-timeout\)/);
    expect(performance.now() - t0).toBeLessThan(120_000); // timing only
    const honest = join(own.root, 'honest.yaml');
    writeFileSync(honest, tinyUa('honest', 'q', 10, '1d3+1', '').replace('stop: { games: 1000, chunk: 500 }', 'stop: { games: 400, chunk: 200 }'));
    const ok = own.spawnLogged(['--lang', 'en', 'run', honest, '--queue', '--quiet', '--out', join(own.root, 'honest-out')]);
    expect(await exited(ok), ok.text()).toBe(0);
    expect(w.exitCode).toBe(null);
    w.kill('SIGTERM');
    await exited(w);
  }, 300_000);
});
