// The GitHub Action before any baseline exists (issue 42): `balance-lab action --mode check` run as the Action's step
// runs it — in the workspace, with GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_REPOSITORY and GITHUB_WORKFLOW_REF set —
// simulates an experiment that has no baseline file, shows its results marked 「ベースライン未作成」 with a link to the
// workflow's Run workflow button, and stays green; `update` then records it, and the next check compares.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { updateButtonUrl } from '../src/action/run-action.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/markdown/', import.meta.url));
const ws = mkdtempSync(join(tmpdir(), 'balance-lab-no-baseline-'));
const runner = mkdtempSync(join(tmpdir(), 'balance-lab-no-baseline-runner-'));
afterAll(() => { rmSync(ws, { recursive: true, force: true }); rmSync(runner, { recursive: true, force: true }); });

mkdirSync(join(ws, 'scenarios'), { recursive: true });
mkdirSync(join(ws, 'experiments'), { recursive: true });
copyFileSync(join(FIXTURES, 'training.md'), join(ws, 'scenarios', 'training.md'));
writeFileSync(join(ws, 'experiments', 'port.yaml'), readFileSync(join(FIXTURES, 'experiment.yaml'), 'utf8')
  .replace('scenario: training.md', 'scenario: ../scenarios/training.md').replace('games: 400', 'games: 200'));

let step = 0;
function action(mode: string): { code: number | null; stdout: string; stderr: string; summary: string; output: string } {
  step++;
  const summary = join(runner, `summary-${step}.md`), output = join(runner, `output-${step}.txt`);
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const r = spawnSync(process.execPath, [BIN, '--lang', 'ja', 'action', '--experiments', 'experiments/*.yaml', '--mode', mode, '--out', 'balance-lab-results', '--workers', '0'], {
    cwd: ws, encoding: 'utf8', timeout: 110_000,
    env: {
      ...process.env, GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_REPOSITORY: 'designer/scenarios',
      GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '7', GITHUB_WORKFLOW_REF: 'designer/scenarios/.github/workflows/balance.yml@refs/heads/main',
    },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, summary: readFileSync(summary, 'utf8'), output: readFileSync(output, 'utf8') };
}

describe('the Action with no baseline yet', () => {
  it('check simulates, marks the experiment ベースライン未作成 with a link to Run workflow, answers its question, and passes', () => {
    const r = action('check');
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toContain('🆕 **md-training**: ベースライン未作成 — シミュレートのみ（比較なし） — [記録する（Run workflow）](https://github.com/designer/scenarios/actions/workflows/balance.yml)');
    expect(r.summary).toContain('**問い**: Does a scenario inside Markdown run');
    expect(r.summary).toMatch(/^- normal: \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(基準\)$/m);
    expect(r.summary).toContain('ルール: seed-2026-02-28');
    expect(r.summary).not.toContain('入力エラー');
    expect(r.stdout).toMatch(/^::warning file=experiments\/port\.yaml,title=balance-lab::ベースライン未作成/m);
    expect(r.output).toContain('verdict=pass');
    expect(existsSync(join(ws, 'balance-lab-results', 'md-training', 'report.html'))).toBe(true);
    expect(existsSync(join(ws, 'results', 'baselines', 'md-training.json'))).toBe(false);
  });

  it('the command line keeps refusing a check without its baseline (exit 2, naming the command that writes one)', () => {
    const r = spawnSync(process.execPath, [BIN, 'check', 'experiments/port.yaml', '--workers', '0', '--quiet'], { cwd: ws, encoding: 'utf8', timeout: 110_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--update');
  });

  it('update records the baseline; the next check compares with it and passes', () => {
    const u = action('update');
    expect(u.code, u.stderr).toBe(0);
    expect(u.summary).toContain('📝 **md-training**');
    expect(existsSync(join(ws, 'results', 'baselines', 'md-training.json'))).toBe(true);
    const c = action('check');
    expect(c.code, c.stderr).toBe(0);
    expect(c.summary).toContain('✅ **md-training**: 合格 — 変化なし');
    expect(c.stdout).not.toContain('::warning file=experiments/port.yaml,title=balance-lab::ベースライン未作成');
  });

  it('the button is the running workflow\'s page; without GITHUB_WORKFLOW_REF the Actions tab; outside GitHub none', () => {
    expect(updateButtonUrl({ GITHUB_REPOSITORY: 'a/b', GITHUB_WORKFLOW_REF: 'a/b/.github/workflows/my balance.yml@refs/pull/3/merge' })).toBe('https://github.com/a/b/actions/workflows/my%20balance.yml');
    expect(updateButtonUrl({ GITHUB_REPOSITORY: 'a/b', GITHUB_SERVER_URL: 'https://ghe.example' })).toBe('https://ghe.example/a/b/actions');
    expect(updateButtonUrl({})).toBeNull();
  });
});
