// Issue 29 item 4: `solve` and `search` journal every experiment they play, as `run` does (src/sim/run/run-fn.ts
// journaledRuns over journal.ts), so a run killed after some experiments — held exactly there by the
// BALANCE_LAB_TEST_HOLD=experiment-played pause point, then SIGKILLed — continues with --resume, merging the chunks
// already played, and prints the same answer as an uninterrupted run; a finished run leaves no journal behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const SOLVE = fileURLToPath(new URL('../experiments/lmg-break-even.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-inv-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const args = (out: string, extra: string[] = []): string[] => [BIN, 'solve', SOLVE, '--seed', '11', '--workers', '1', '--out', out, ...extra];

describe('solve --resume', () => {
  it('killed after its first experiment, continued with --resume: chunks merged from the journal, the same answer', async () => {
    const whole = spawnSync(process.execPath, args(join(root, 'whole')), { encoding: 'utf8', timeout: 240_000 });
    expect(whole.status, whole.stderr).toBe(0);
    expect(readdirSync(root).filter((n) => n.includes('staging'))).toEqual([]);

    const out = join(root, 'cut');
    const hold = join(root, 'hold');
    const c = spawn(process.execPath, args(out), { stdio: 'ignore', env: { ...process.env, BALANCE_LAB_TEST_HOLD: `experiment-played:${hold}` } });
    const gone = new Promise((r) => c.on('exit', r));
    for (let i = 0; i < 12_000 && !existsSync(hold) && c.exitCode === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(hold), 'one experiment was played').toBe(true);
    c.kill('SIGKILL');
    await gone;
    const journals = readdirSync(join(root, '.cut.staging'));
    expect(journals.length).toBe(1);

    const again = spawnSync(process.execPath, args(out, ['--resume']), { encoding: 'utf8', timeout: 240_000 });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/resuming: \d+ chunk\(s\) already played are merged from .*\.cut\.staging/);
    expect(again.stdout).toBe(whole.stdout);
    expect(existsSync(join(root, '.cut.staging'))).toBe(false);
  }, 300_000);
});
