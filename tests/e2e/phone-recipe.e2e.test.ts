// The README's phone recipe, literally (issue 42): the designer pastes examples/github-actions-balance.yml, pins
// balance-lab to a commit (no release exists yet), adds an experiment on his Markdown scenario and pushes; the push is
// green with 「ベースライン未作成」 and a link to Run workflow; Run workflow commits the baselines; the next push is green;
// a changed number in his scenario turns the push after it red with the moved metric. The Action's checkout is
// balance-lab's source tree at that commit (`git archive`): no dist/, so its install step builds balance-lab there,
// with this repository's node_modules linked in for the packages `npm ci` would download. The workflow's jobs run
// as on GitHub (./action-runner.ts): each event runs the jobs whose `if:` it meets, when a changed file matches the
// workflow's path filters.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globRegExp } from '../../src/action/glob.js';
import { actionRunner, jobRuns, type EventContext, type Job, type StepRun } from './action-runner.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-phone-'));
const actionPath = join(root, 'balance-lab');
const ws = join(root, 'designer');
const remote = join(root, 'remote.git');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'd', GIT_AUTHOR_EMAIL: 'd@example.com', GIT_COMMITTER_NAME: 'd', GIT_COMMITTER_EMAIL: 'd@example.com' };
const git = (args: string[], cwd = ws) => execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv });
const { jobEnv, runJob } = actionRunner({ root, ws, actionPath, workflowRef: 'designer/scenarios/.github/workflows/balance.yml@refs/heads/main' });

interface Workflow { on: { push: { paths: string[] } }; jobs: Record<string, Job> }
let sha = '';
let n = 0;

/** What GitHub runs for an event: every job whose `if:` holds, when a changed file matches the paths filter. */
function onEvent(ev: EventContext, changed: readonly string[]): { job: string; runs: StepRun[]; summary: string }[] {
  const wf = parse(readFileSync(join(ws, '.github', 'workflows', 'balance.yml'), 'utf8')) as Workflow;
  if (ev.name !== 'workflow_dispatch' && !changed.some((f) => wf.on.push.paths.some((p) => globRegExp(p).test(f)))) return [];
  return Object.entries(wf.jobs).filter(([, j]) => jobRuns(j.if, ev)).map(([job, j]) => {
    const env = jobEnv(`${++n}`);
    const runs = runJob(j, env);
    return { job, runs, summary: readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8') };
  });
}

/** Commit and push on the default branch, then what the push runs. */
function push(message: string): ReturnType<typeof onEvent> {
  git(['add', '-A']);
  const changed = git(['diff', '--cached', '--name-only']).split('\n').filter((x) => x !== '');
  git(['commit', '-qm', message]);
  git(['push', '-q', 'origin', 'main']);
  return onEvent({ name: 'push', ref: 'main', defaultBranch: 'main' }, changed);
}

const failedStep = (runs: StepRun[]) => runs.find((r) => !r.skipped && r.code !== 0);

beforeAll(() => {
  sha = git(['rev-parse', 'HEAD'], REPO).trim();
  mkdirSync(actionPath);
  execFileSync('bash', ['-c', `git archive ${sha} | tar -x -C "${actionPath}"`], { cwd: REPO });
  symlinkSync(join(REPO, 'node_modules'), join(actionPath, 'node_modules'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  mkdirSync(join(ws, 'scenarios'), { recursive: true });
  git(['init', '-q', '-b', 'main']);
  git(['remote', 'add', 'origin', remote]);
  writeFileSync(join(ws, 'README.md'), '# scenarios\n');
  copyFileSync(join(REPO, 'tests', 'fixtures', 'markdown', 'training.md'), join(ws, 'scenarios', 'training.md'));
  git(['add', '-A']);
  git(['commit', '-qm', 'his scenarios']);
  git(['push', '-q', '-u', 'origin', 'main']);
}, 60_000);

describe('the phone recipe of the README', () => {
  it('the README gives these steps, in both languages', () => {
    const en = readFileSync(join(REPO, 'README.md'), 'utf8'), ja = readFileSync(join(REPO, 'README.ja.md'), 'utf8');
    for (const s of ['examples/github-actions-balance.yml', 'already pinned to a full commit SHA', 'Run workflow', 'no baseline yet', 'full commit SHA']) expect(en).toContain(s);
    for (const s of ['examples/github-actions-balance.yml', 'すでに balance-lab のコミットの完全な SHA で固定', 'Run workflow', 'ベースライン未作成', '完全な SHA']) expect(ja).toContain(s);
  });

  it('1–2: paste the workflow pinned to a commit, add an experiment, push: simulated, 「ベースライン未作成」 with the button, green', () => {
    const example = readFileSync(join(REPO, 'examples', 'github-actions-balance.yml'), 'utf8');
    expect(example.match(/balance-lab\/balance-lab@[0-9a-f]{40}\b/g)?.length).toBe(3);
    mkdirSync(join(ws, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(ws, '.github', 'workflows', 'balance.yml'), example.replace(/balance-lab\/balance-lab@[0-9a-f]{40}/g, `balance-lab/balance-lab@${sha}`));
    mkdirSync(join(ws, 'experiments'));
    writeFileSync(join(ws, 'experiments', 'port.yaml'), readFileSync(join(REPO, 'tests', 'fixtures', 'markdown', 'experiment.yaml'), 'utf8')
      .replace('scenario: training.md', 'scenario: ../scenarios/training.md').replace('games: 400', 'games: 2000'));
    const jobs = push('balance workflow and an experiment');
    expect(jobs.map((j) => j.job)).toEqual(['check-and-publish']);
    const [{ runs, summary }] = jobs;
    expect(failedStep(runs), JSON.stringify(failedStep(runs)?.stderr)).toBeUndefined();
    // At a commit the Action builds balance-lab from its source first; the web app for Pages too.
    expect(runs.find((r) => r.step.name === 'Install balance-lab from the action\'s checkout')!.stdout).not.toContain('prebuilt');
    expect(existsSync(join(actionPath, 'dist', 'cli', 'main.js'))).toBe(true);
    expect(summary).toContain('🆕 **md-training**: ベースライン未作成 — シミュレートのみ（比較なし） — [記録する（Run workflow）](https://github.com/designer/scenarios/actions/workflows/balance.yml)');
    expect(summary).toMatch(/^- normal: \d+\.\d% \[/m);
    expect(existsSync(join(ws, 'balance-lab-pages', 'md-training', 'report.html'))).toBe(true);
    expect(existsSync(join(ws, 'balance-lab-pages', 'app', 'index.html'))).toBe(true);
  });

  it('3: Run workflow records the baselines and commits them to the branch', () => {
    const jobs = onEvent({ name: 'workflow_dispatch', ref: 'main', defaultBranch: 'main' }, []);
    expect(jobs.map((j) => j.job)).toEqual(['update-baselines']);
    const [{ runs, summary }] = jobs;
    expect(failedStep(runs)).toBeUndefined();
    expect(summary).toContain('📝 **md-training**: ベースラインを更新しました');
    expect(summary).toMatch(/✅ ベースラインをコミットしました: [0-9a-f]+ \(results\/baselines\/\)/);
    expect(git(['show', '--name-only', '--format=%s', 'main'], remote).split('\n')).toEqual(expect.arrayContaining(['balance-lab: update baselines', 'results/baselines/md-training.json']));
    git(['pull', '-q', '--ff-only']);
  });

  it('4: the next push is green; a changed number in his scenario turns the push after it red with the moved metric', () => {
    writeFileSync(join(ws, 'README.md'), '# scenarios\n\nport: the training scenario\n');
    const green = push('notes');
    expect(green.map((j) => j.job)).toEqual(['check-and-publish']);
    expect(failedStep(green[0].runs)).toBeUndefined();
    expect(green[0].summary).toContain('✅ **md-training**: 合格 — 変化なし');

    const md = join(ws, 'scenarios', 'training.md');
    writeFileSync(md, readFileSync(md, 'utf8').replace('starting_magazines: { EASY: 20, NORMAL: 17, HARD: 15 }', 'starting_magazines: { EASY: 20, NORMAL: 6, HARD: 15 }').replace('- NORMAL：17', '- NORMAL：6'));
    const red = push('fewer magazines');
    expect(red.map((j) => j.job)).toEqual(['check-and-publish']);
    const { runs, summary } = red[0];
    expect(failedStep(runs)?.step.id).toBe('balance');
    expect(summary).toMatch(/❌ \*\*md-training\*\*: 不合格 — 変化した指標 \d+ 件/);
    const section = summary.slice(summary.indexOf('#### md-training'));
    expect(section).toContain('**変化した指標**');
    expect(section).toMatch(/^\| normal · [^|]+ \| [\d.]+%? → [\d.]+%? \| [−+][\d.]+(pp)? \[[−+][\d.]+, [−+][\d.]+\] \|$/m);
  });
});
