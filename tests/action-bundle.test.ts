// The prebuilt Action (issue 42 item 5): scripts/build-action.mjs bundles the compiled CLI with everything it needs,
// and a checkout holding that dist/ (what the release commits at the tag) runs action.yml's install step without
// installing anything and then `balance-lab action` with no node_modules anywhere above it, giving the same CSVs as
// the source tree's CLI. The start-up is timed here; the before (npm ci and the build at a commit) is in docs/commands.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-bundle-'));
const action = join(root, 'action');
const ws = join(root, 'ws');
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  mkdirSync(action, { recursive: true });
  execFileSync(process.execPath, [join(REPO, 'scripts', 'build-action.mjs'), action], { cwd: REPO, stdio: 'pipe' });
  // The rest of the tag's tree that the CLI reads at run time (no src/, no node_modules).
  for (const d of ['bin', 'templates', 'rulesets', 'scenarios', 'package.json', 'action.yml']) cpSync(join(REPO, d), join(action, d), { recursive: true });
  mkdirSync(join(ws, 'scenarios'), { recursive: true });
  mkdirSync(join(ws, 'experiments'), { recursive: true });
  copyFileSync(join(REPO, 'tests', 'fixtures', 'markdown', 'training.md'), join(ws, 'scenarios', 'training.md'));
  writeFileSync(join(ws, 'experiments', 'port.yaml'), readFileSync(join(REPO, 'tests', 'fixtures', 'markdown', 'experiment.yaml'), 'utf8')
    .replace('scenario: training.md', 'scenario: ../scenarios/training.md').replace('games: 400', 'games: 200'));
}, 120_000);

describe('the prebuilt Action', () => {
  it('holds the bundle, its workers and the Vega builds, and no node_modules', () => {
    for (const f of ['cli/main.js', 'cli/worker.js', 'cli/piscina/worker.js', 'vendor/vega/build/vega.min.js', 'vendor/vega-lite/build/vega-lite.min.js', 'vendor/vega-embed/build/vega-embed.min.js', 'action-bundle.json']) {
      expect(existsSync(join(action, 'dist', f)), f).toBe(true);
    }
    expect(existsSync(join(action, 'node_modules'))).toBe(false);
  });

  it('action.yml\'s install step installs nothing; the Action runs from the bundle, as the source CLI does', () => {
    const steps = (parse(readFileSync(join(action, 'action.yml'), 'utf8')) as { runs: { steps: { name?: string; run?: string }[] } }).runs.steps;
    const install = steps.find((s) => s.name === 'Install balance-lab from the action\'s checkout')!;
    let t0 = performance.now();
    const i = spawnSync('bash', ['-e', '-c', install.run!], { cwd: action, encoding: 'utf8' });
    const installSeconds = (performance.now() - t0) / 1000;
    expect(i.status, i.stderr).toBe(0);
    expect(i.stdout.trim()).toBe('prebuilt Action: nothing to install');
    expect(existsSync(join(action, 'node_modules'))).toBe(false);

    t0 = performance.now();
    const v = spawnSync(process.execPath, [join(action, 'bin', 'balance-lab.js'), '--version'], { cwd: ws, encoding: 'utf8' });
    const startSeconds = (performance.now() - t0) / 1000;
    expect(v.status, v.stderr).toBe(0);
    const summary = join(root, 'summary.md');
    writeFileSync(summary, '');
    const r = spawnSync(process.execPath, [join(action, 'bin', 'balance-lab.js'), '--lang', 'en', 'action', '--experiments', 'experiments/*.yaml', '--mode', 'run', '--out', 'out'], {
      cwd: ws, encoding: 'utf8', timeout: 110_000, env: { ...process.env, GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(summary, 'utf8')).toContain('📊 **md-training**: ran');
    const report = readFileSync(join(ws, 'out', 'md-training', 'report.html'), 'utf8');
    expect(report).toContain('vegaEmbed');
    const src = spawnSync(process.execPath, [join(REPO, 'bin', 'balance-lab.js'), 'run', 'experiments/port.yaml', '--out', 'src-out', '--quiet'], { cwd: ws, encoding: 'utf8', timeout: 110_000 });
    expect(src.status, src.stderr).toBe(0);
    expect(readFileSync(join(ws, 'out', 'md-training', 'summary.csv'), 'utf8')).toBe(readFileSync(join(ws, 'src-out', 'summary.csv'), 'utf8'));
    process.stdout.write(`prebuilt Action: install step ${installSeconds.toFixed(2)} s, balance-lab --version ${startSeconds.toFixed(2)} s\n`);
    expect(installSeconds + startSeconds).toBeLessThan(30);
  });
});
