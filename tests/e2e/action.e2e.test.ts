// The balance-lab GitHub Action, end to end (issue 25): `npm pack` builds the package; its contents stand for the
// Action's checkout (`github.action_path`), with this repository's node_modules linked in as the result of the
// install step's `npm ci` (which needs the registry). A temporary Git repository with a bare remote plays the
// designer's repository: `init` (from the packed CLI) writes the workflow; its jobs' steps run in order, and a
// `uses:` of the balance-lab Action runs action.yml's own steps in order, with GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
// GITHUB_WORKSPACE and GITHUB_ACTION_PATH set as the runner sets them. GitHub's own actions (checkout, setup-node,
// upload-artifact, upload-pages-artifact, deploy-pages) have no meaning outside GitHub: for them the test checks
// what they would receive (the Node version, the folder to upload).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-action-'));
const actionPath = join(root, 'package');
const ws = join(root, 'designer');
const remote = join(root, 'remote.git');
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Step { name?: string; id?: string; uses?: string; run?: string; if?: string; with?: Record<string, string>; env?: Record<string, string>; shell?: string; 'working-directory'?: string }
interface StepRun { step: Step; code: number; stdout: string; stderr: string; skipped: boolean }

const git = (args: string[], cwd = ws) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'd', GIT_AUTHOR_EMAIL: 'd@example.com', GIT_COMMITTER_NAME: 'd', GIT_COMMITTER_EMAIL: 'd@example.com' } });

/** `${{ … }}` of a step, for the expressions action.yml and the generated workflow use. */
function expr(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_w, e: string) => {
    if (e === 'github.action_path') return actionPath;
    const m = /^inputs\.([\w-]+)$/.exec(e);
    if (m) return inputs[m[1]] ?? '';
    if (e === '!cancelled()') return 'true';
    throw new Error(`expression not handled by the test: ${e}`);
  });
}

/** An `if:` of action.yml or the workflow: always(), !cancelled(), inputs.x == 'v', joined by &&. */
function condition(cond: string | undefined, inputs: Record<string, string>, failed: boolean): boolean {
  if (cond === undefined) return !failed;
  const c = cond.replace(/^\$\{\{\s*|\s*\}\}$/g, '');
  const always = /always\(\)|!cancelled\(\)/.test(c);
  const parts = c.split('&&').map((p) => p.trim()).filter((p) => !/^(always\(\)|!cancelled\(\))$/.test(p));
  const ok = parts.every((p) => {
    const m = /^inputs\.([\w-]+)\s*==\s*'([^']*)'$/.exec(p);
    if (!m) throw new Error(`condition not handled by the test: ${p}`);
    return inputs[m[1]] === m[2];
  });
  return (always || !failed) && ok;
}

function runScript(script: string, cwd: string, env: Record<string, string>): { code: number; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, encoding: 'utf8', timeout: 280_000, env: { ...process.env, ...env } });
  return { code: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The runner's environment of one job. */
function jobEnv(tag: string): Record<string, string> {
  const summary = join(root, `summary-${tag}.md`), output = join(root, `output-${tag}.txt`);
  writeFileSync(summary, '');
  writeFileSync(output, '');
  return {
    GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_REPOSITORY: 'designer/scenarios',
    GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '1', GITHUB_ACTIONS: 'true',
    GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@example.com', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@example.com',
  };
}

/** GitHub's own actions: what they would receive. */
function githubAction(uses: string, w: Record<string, string>, cwd: string): { code: number; stdout: string } {
  if (uses.startsWith('actions/checkout@')) return { code: 0, stdout: 'checkout: the workspace is the repository' };
  if (uses.startsWith('actions/setup-node@')) {
    expect(w['node-version']).toBe('lts/*');
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
    return { code: 0, stdout: `node ${process.version}` };
  }
  if (uses.startsWith('actions/upload-artifact@')) return { code: existsSync(join(cwd, w.path)) ? 0 : 1, stdout: `artifact ${w.name}: ${w.path}` };
  if (uses.startsWith('actions/upload-pages-artifact@')) return { code: existsSync(join(cwd, w.path, 'index.html')) ? 0 : 1, stdout: `pages: ${w.path}` };
  if (uses.startsWith('actions/deploy-pages@')) return { code: 0, stdout: 'deploy' };
  throw new Error(`unknown action ${uses}`);
}

/** Run action.yml's steps in order with `with` as the inputs (defaults from action.yml). */
function runAction(w: Record<string, string>, env: Record<string, string>): StepRun[] {
  const action = parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { using: string; steps: Step[] } };
  expect(action.runs.using).toBe('composite');
  const inputs: Record<string, string> = {};
  for (const [k, v] of Object.entries(action.inputs)) inputs[k] = w[k] ?? v.default ?? '';
  const runs: StepRun[] = [];
  let failed = false;
  for (const step of action.runs.steps) {
    if (!condition(step.if, inputs, failed)) { runs.push({ step, code: 0, stdout: '', stderr: '', skipped: true }); continue; }
    let r: { code: number; stdout: string; stderr?: string };
    if (step.uses) r = githubAction(step.uses, Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expr(String(v), inputs)])), ws);
    else {
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(String(v), inputs)]));
      const cwd = step['working-directory'] ? expr(step['working-directory'], inputs) : ws;
      r = runScript(expr(step.run!, inputs), cwd, { ...env, ...stepEnv, GITHUB_ACTION_PATH: actionPath });
    }
    runs.push({ step, code: r.code, stdout: r.stdout, stderr: r.stderr ?? '', skipped: false });
    if (r.code !== 0) failed = true;
  }
  return runs;
}

/** Run one job of the generated workflow: its steps in order; the balance-lab Action through runAction. */
function runJob(job: { steps: Step[] }, env: Record<string, string>): StepRun[] {
  const runs: StepRun[] = [];
  let failed = false;
  for (const step of job.steps) {
    if (!condition(step.if, {}, failed)) { runs.push({ step, code: 0, stdout: '', stderr: '', skipped: true }); continue; }
    if (step.uses?.startsWith('balance-lab/balance-lab@')) {
      const inner = runAction(step.with ?? {}, env);
      runs.push(...inner);
      if (inner.some((x) => x.code !== 0)) failed = true;
      continue;
    }
    const r = step.uses ? { ...githubAction(step.uses, step.with ?? {}, ws), stderr: '' } : runScript(step.run!, ws, env);
    runs.push({ step, ...r, skipped: false });
    if (r.code !== 0) failed = true;
  }
  return runs;
}

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
  const init = spawnSync(process.execPath, [join(actionPath, 'bin', 'balance-lab.js'), 'init'], { cwd: ws, encoding: 'utf8' });
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
    expect(scripts).toEqual(expect.arrayContaining(['app.js', 'vega-text.js']));
    for (const src of scripts) {
      const code = readFileSync(join(app, src), 'utf8');
      expect(code).toBe(readFileSync(join(actionPath, 'dist-web', src), 'utf8'));
      expect(() => new Script(code, { filename: src }), src).not.toThrow();
    }
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
