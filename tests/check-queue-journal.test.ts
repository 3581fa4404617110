// Issue 29: `check --queue` journals the chunks it merges beside the baseline (`.NAME.check.staging/`, the
// checksummed journals of src/sim/run/run-fn.ts journaledRuns, shared with run/solve/search), under the lock
// `.NAME.check.lock`; `--resume` merges them instead of playing them again. Here the check's journaling is driven
// by a local player that dies after two chunks (the queue's own player needs Redis: tests/e2e/queue-check-resume).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkJournalPlace, journaledCheck } from '../src/cli/cmd-check.js';
import { loadExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { lockPath } from '../src/report/files/out-folder.js';
import { runExperiment } from '../src/sim/run/run.js';
import type { RunFn } from '../src/sim/run/run-fn.js';

const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-check-journal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The summary without its timing (the only part that may differ between two plays). */
const numbers = (s: object): string => JSON.stringify(s, (k, v) => (['elapsedSeconds', 'gamesPerSecond', 'workers'].includes(k) ? undefined : v));

describe('check --queue journal', () => {
  const exp: Experiment = { ...loadExperiment(FLAGSHIP, { games: 100, seed: 7 }), chunk: 20 }; // 5 chunks
  const baseline = join(root, 'baselines', 'flag.json');

  it('an interrupted check run resumes from its journal beside the baseline: chunks 0–1 not played again, the same numbers', async () => {
    const whole = await runExperiment(exp, { workers: 0 });
    const played: number[] = [];
    // Plays locally; with `dieAt`, the process "dies" when chunk `dieAt` would be journaled.
    const player = (dieAt?: number): RunFn => (e, _text, journal) => runExperiment(e, {
      workers: 0,
      journal: { done: journal!.done, append: (m, r) => { if (m === dieAt) throw new Error('killed'); played.push(m); journal!.append(m, r); } },
    });
    const log: string[] = [];
    const first = journaledCheck(baseline, player(2), false, (l) => log.push(l));
    await expect(first.play(exp, FLAGSHIP)).rejects.toThrow('killed');
    const staging = join(root, 'baselines', '.flag.json.check.staging');
    const [journal] = readdirSync(staging);
    expect(readFileSync(join(staging, journal), 'utf8').trim().split('\n')).toHaveLength(3); // identity + chunks 0, 1
    // Its lock refuses a second live check on the same journal, naming the process.
    const lock = lockPath(checkJournalPlace(baseline));
    expect(lock).toBe(join(root, 'baselines', '.flag.json.check.lock'));
    let refused: unknown;
    try { journaledCheck(baseline, player(), true, () => undefined); } catch (e) { refused = e; }
    expect(refused).toBeInstanceOf(InputError);
    expect((refused as Error).message).toContain(`another run (process ${process.pid}`);
    rmSync(lock); // the interrupted process is gone (its exit removes its lock)

    played.length = 0;
    const again = journaledCheck(baseline, player(), true, (l) => log.push(l));
    const resumed = await again.play(exp, FLAGSHIP);
    expect(played).toEqual([2, 3, 4]);
    expect(log.join('\n')).toMatch(/resuming: 2 chunk\(s\) already played are merged from .*\.flag\.json\.check\.staging/);
    expect(numbers(resumed)).toBe(numbers(whole));
    again.finish();
    expect(readdirSync(join(root, 'baselines'))).toEqual([]); // journal and lock gone
  });

  it('without --resume an old journal is discarded and everything is played', async () => {
    const dying: RunFn = (e, _t, journal) => runExperiment(e, { workers: 0, journal: { done: journal!.done, append: (m, r) => { if (m === 1) throw new Error('killed'); journal!.append(m, r); } } });
    const first = journaledCheck(baseline, dying, false, () => undefined);
    await expect(first.play(exp, FLAGSHIP)).rejects.toThrow('killed');
    rmSync(lockPath(checkJournalPlace(baseline)));
    let chunks = 0;
    const fresh = journaledCheck(baseline, (e, _t, journal) => runExperiment(e, { workers: 0, journal: { done: journal!.done, append: (m, r) => { chunks++; journal!.append(m, r); } } }), false, () => undefined);
    await fresh.play(exp, FLAGSHIP);
    fresh.finish();
    expect(chunks).toBe(5);
    expect(existsSync(join(root, 'baselines', '.flag.json.check.staging'))).toBe(false);
  });

  it('--resume without --queue is refused: one line, exit 2, in English and Japanese', () => {
    const run = (lang: string) => spawnSync(process.execPath, [BIN, 'check', FLAGSHIP, '--resume', '--lang', lang], { encoding: 'utf8', timeout: 60_000, cwd: root });
    const en = run('en');
    expect([en.status, en.stderr]).toEqual([2, 'balance-lab: command line: --resume: only a check with --queue keeps a journal to resume (a local check is simply run again) (allowed: --queue)\n']);
    const ja = run('ja');
    expect(ja.status).toBe(2);
    expect(ja.stderr).toBe('balance-lab: コマンドライン: --resume: 再開できるジャーナルを残すのは --queue 付きのチェックだけです（ローカルのチェックはそのままやり直してください） （使える値: --queue）\n');
  });
});
