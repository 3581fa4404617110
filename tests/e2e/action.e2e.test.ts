// The balance-lab GitHub Action, end to end (issue 25): `npm pack` builds the package; its contents stand for the
// Action's checkout (`github.action_path`), with this repository's node_modules linked in as the result of the
// install step's `npm ci` (which needs the registry). A temporary Git repository with a bare remote plays the
// designer's repository: `init` (from the packed CLI) writes the workflow, whose jobs run as on GitHub
// (./action-runner.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Script, runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRunner, type Step } from './action-runner.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-action-'));
const actionPath = join(root, 'package');
const ws = join(root, 'designer');
const remote = join(root, 'remote.git');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (args: string[], cwd = ws) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'd', GIT_AUTHOR_EMAIL: 'd@example.com', GIT_COMMITTER_NAME: 'd', GIT_COMMITTER_EMAIL: 'd@example.com' } });

const { jobEnv, runAction, runJob } = actionRunner({ root, ws, actionPath });

let workflow: { on: Record<string, unknown>; jobs: Record<string, { steps: Step[] }> };

beforeAll(() => {
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: REPO, encoding: 'utf8', timeout: 280_000 });
  expect(packed.status, packed.stderr).toBe(0);
  // Lifecycle scripts may print before npm's JSON: read from the line that opens it.
  const json = packed.stdout.slice(packed.stdout.search(/^\[/m));
  const tarball = join(root, (JSON.parse(json) as { filename: string }[])[0].filename);
  execFileSync('tar', ['-xzf', tarball, '-C', root]);
  // The install step's npm ci, done: the package's dependencies (the registry is not used here).
  symlinkSync(join(REPO, 'node_modules'), join(actionPath, 'node_modules'));

  mkdirSync(join(ws, 'scenarios'), { recursive: true });
  execFileSync('git', ['init', '--bare', '-b', 'main', remote]);
  git(['init', '-b', 'main']);
  git(['remote', 'add', 'origin', remote]);
  writeFileSync(join(ws, 'README.md'), '# scenarios\n');
  // init from the packed CLI writes the workflow; the starter experiment is replaced by a quick one on his .md.
  const init = spawnSync(process.execPath, [join(actionPath, 'bin', 'balance-lab.js'), 'init', '--lang', 'ja'] /* the designer's language: the workflow's language: ja (issue 42) */, { cwd: ws, encoding: 'utf8' });
  expect(init.status, init.stderr).toBe(0);
  rmSync(join(ws, 'experiments', 'urban-assault.yaml'));
  rmSync(join(ws, 'scenarios', 'starter-port.yaml'));
  copyFileSync(join(REPO, 'tests/fixtures/markdown/training.md'), join(ws, 'scenarios', 'training.md'));
  writeFileSync(join(ws, 'experiments', 'port.yaml'), readFileSync(join(REPO, 'tests/fixtures/markdown/experiment.yaml'), 'utf8')
    .replace('scenario: training.md', 'scenario: ../scenarios/training.md').replace('games: 400', 'games: 300'));
  writeFileSync(join(ws, 'experiments', 'broken.yaml'), [
    'name: broken', 'game: urban-assault', 'seed: 1', 'operation:', '  scenario: ../scenarios/training.md', '  difficulty: NIGHTMARE',
    'squad:', '  leader: { sub_ability: shooting }', 'variants:', '  - { name: a, baseline: true }', '',
  ].join('\n'));
  git(['add', '-A']);
  git(['commit', '-qm', 'scenarios']);
  git(['push', '-q', '-u', 'origin', 'main']);
  workflow = parse(readFileSync(join(ws, '.github', 'workflows', 'balance.yml'), 'utf8')) as typeof workflow;
}, 300_000);

describe('the Action in a designer\'s repository', () => {
  it('the generated workflow: path filters including Markdown, a dispatch, Node LTS, the Action at this version', () => {
    const push = workflow.on.push as { paths: string[] };
    expect(push.paths).toEqual(expect.arrayContaining(['scenarios/**', 'experiments/**', 'rulesets/**', '**/*.md']));
    expect(Object.keys(workflow.on)).toContain('workflow_dispatch');
    const version = (JSON.parse(readFileSync(join(actionPath, 'package.json'), 'utf8')) as { version: string }).version;
    for (const job of Object.values(workflow.jobs)) expect(job.steps.some((s) => s.uses === `balance-lab/balance-lab@v${version}`)).toBe(true);
  });

  it('"update baselines" commits a new baseline and pushes it; the broken file is annotated and fails the step', () => {
    const env = jobEnv('update');
    const before = git(['rev-parse', 'HEAD'], remote).trim();
    const runs = runJob(workflow.jobs['update-baselines'], env);
    const action = runs.find((r) => r.step.id === 'balance')!;
    expect(action.code).toBe(1);
    expect(action.stdout).toMatch(/^::error file=experiments\/broken\.yaml,line=6,title=balance-lab::.*NIGHTMARE/m);
    const commit = runs[runs.length - 1];
    expect(commit.skipped).toBe(false);
    expect(commit.code, commit.stderr).toBe(0);
    const after = git(['rev-parse', 'HEAD'], remote).trim();
    expect(after).not.toBe(before);
    expect(git(['show', '--name-only', '--format=%s', after], remote).split('\n')).toEqual(expect.arrayContaining(['balance-lab: update baselines', 'results/baselines/md-training.json']));
    expect(readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8')).toContain('📝 **md-training**: ベースラインを更新しました');
  });

  it('check with Pages: verdict lines first, tables of ≤ 4 short columns, annotations, outputs, the Pages folder with its index', () => {
    const env = jobEnv('check');
    const runs = runJob(workflow.jobs['check-and-publish'], env);
    const action = runs.find((r) => r.step.id === 'balance')!;
    expect(action.code).toBe(1); // broken.yaml is invalid
    expect(action.stdout).toMatch(/^::error file=experiments\/broken\.yaml,line=6,title=balance-lab::/m);
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8').split('\n');
    expect(summary[0]).toBe('### balance-lab check: 実験 2 件');
    expect(summary.slice(2, 4)).toEqual(['⛔ **broken**: 入力エラー — experiments/broken.yaml:6  ', '✅ **md-training**: 合格 — 変化なし  ']);
    const rows = summary.filter((l) => l.startsWith('|'));
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(r.slice(1, -1).split(/(?<!\\)\|/).length).toBeLessThanOrEqual(4);
    expect(summary.join('\n')).toContain('(https://designer.github.io/scenarios/md-training/report.html)');
    const out = readFileSync(env.GITHUB_OUTPUT, 'utf8');
    expect(out).toContain('verdict=fail');
    expect(out).toContain(`pages=${join(ws, 'balance-lab-pages')}`);
    // The uploads ran after the failed step and found their folders.
    for (const name of ['Upload the results', 'Upload the Pages site', 'Deploy to GitHub Pages']) {
      const r = runs.find((x) => x.step.name === name)!;
      expect(r.skipped, name).toBe(false);
      expect(r.code, name).toBe(0);
    }
    const index = readFileSync(join(ws, 'balance-lab-pages', 'index.html'), 'utf8');
    expect(index).toContain('<a href="md-training/report.html">md-training</a>');
    expect(index).toContain('<meta name="viewport"');
    expect(existsSync(join(ws, 'balance-lab-pages', 'md-training', 'report.html'))).toBe(true);
    // The web app beside the reports (issue 26): app/ holds the packed dist-web/ (index.html and every script it
    // loads, each a script that compiles), linked from the index; the packed checkout had it, so nothing was rebuilt.
    const build = runs.find((x) => x.step.name === 'Build the web app')!;
    expect(build.skipped).toBe(false);
    expect(build.stdout).toContain('web app already built');
    expect(index).toContain('<a href="app/">');
    const app = join(ws, 'balance-lab-pages', 'app');
    const appIndex = readFileSync(join(app, 'index.html'), 'utf8');
    const scripts = [...appIndex.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(expect.arrayContaining(['app.js', 'vega-text.js', 'site-files.js']));
    for (const src of scripts) {
      const code = readFileSync(join(app, src), 'utf8');
      // site-files.js is the repository's files (issue 42), written by the Action; every other script is the packed one.
      if (src !== 'site-files.js') expect(code).toBe(readFileSync(join(actionPath, 'dist-web', src), 'utf8'));
      expect(() => new Script(code, { filename: src }), src).not.toThrow();
    }
    const site: { BL_SITE_FILES?: { experiments: string[]; files: [string, string][] } } = {};
    runInNewContext(readFileSync(join(app, 'site-files.js'), 'utf8'), { self: site });
    expect(site.BL_SITE_FILES?.experiments).toContain('experiments/port.yaml');
    expect(site.BL_SITE_FILES?.files.map(([p]) => p)).toContain('results/baselines/md-training.json');
  });

  it('run mode in English: the measured answer of each run and the targets', () => {
    const env = jobEnv('run');
    rmSync(join(ws, 'experiments', 'broken.yaml'));
    const runs = runAction({ experiments: 'experiments/port.yaml', mode: 'run', language: 'en' }, env);
    expect(runs.find((r) => r.step.id === 'balance')!.code).toBe(0);
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8');
    expect(summary.split('\n')[2]).toBe('📊 **md-training**: ran  ');
    expect(summary).toMatch(/#### md-training\n\nRules: seed-2026-02-28  \n\*\*Question\*\*: Does a scenario inside Markdown run.*\n- normal: \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(baseline\)/);
    expect(summary).toMatch(/\| 全滅 10–20% \| normal \| [\d.]+ \[[\d.]+–[\d.]+\] \| (met|below|above|undecided) \|/);
  });
});
