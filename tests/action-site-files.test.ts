// The Action publishing the web app with the repository's files (issue 42): in a repository laid out by `init`,
// `balance-lab action --pages … --app …` run as the Action's step (GITHUB_* files set) writes app/site-files.js with
// his experiment, the scenario it reads and the baseline it records, and app/index.html loads it before app.js.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteFiles } from '../src/report/site/site-files.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const ws = mkdtempSync(join(tmpdir(), 'balance-lab-site-action-'));
const runner = mkdtempSync(join(tmpdir(), 'balance-lab-site-action-runner-'));
afterAll(() => { rmSync(ws, { recursive: true, force: true }); rmSync(runner, { recursive: true, force: true }); });

// A stand-in for the built app folder (what the Action copies; the browser test uses the real one).
const app = join(runner, 'dist-web');
mkdirSync(app);
writeFileSync(join(app, 'index.html'), '<!doctype html><body><script src="vega-text.js"></script>\n<script src="app.js"></script>\n</body>\n');
writeFileSync(join(app, 'app.js'), '');

describe('the Action publishes the app with the repository files', () => {
  it('writes app/site-files.js holding the experiment, its scenario and its baseline, loaded before app.js', () => {
    const init = spawnSync(process.execPath, [BIN, 'init'], { cwd: ws, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const summary = join(runner, 'summary.md'), output = join(runner, 'output.txt');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const r = spawnSync(process.execPath, [BIN, '--lang', 'ja', 'action', '--experiments', 'experiments/*.yaml', '--mode', 'update', '--games', '100', '--workers', '0',
      '--out', 'balance-lab-results', '--pages', 'balance-lab-pages', '--app', app], {
      cwd: ws, encoding: 'utf8', timeout: 110_000,
      env: { ...process.env, GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_REPOSITORY: 'designer/scenarios', GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '7' },
    });
    expect(r.status, r.stderr).toBe(0);
    const pages = join(ws, 'balance-lab-pages', 'app');
    const html = readFileSync(join(pages, 'index.html'), 'utf8');
    expect(html.indexOf('<script src="site-files.js"></script>')).toBeGreaterThan(html.indexOf('vega-text.js'));
    expect(html.indexOf('<script src="site-files.js"></script>')).toBeLessThan(html.indexOf('<script src="app.js"></script>'));
    const self: { BL_SITE_FILES?: unknown } = {};
    runInNewContext(readFileSync(join(pages, 'site-files.js'), 'utf8'), { self });
    const site = readSiteFiles(self.BL_SITE_FILES);
    expect(site.experiments).toEqual(['experiments/urban-assault.yaml']);
    const files = new Map(site.files);
    expect([...files.keys()]).toEqual(['experiments/urban-assault.yaml', 'results/baselines/urban-assault.json', 'scenarios/starter-port.yaml']);
    expect(files.get('experiments/urban-assault.yaml')).toBe(readFileSync(join(ws, 'experiments/urban-assault.yaml'), 'utf8'));
    expect(files.get('results/baselines/urban-assault.json')).toBe(readFileSync(join(ws, 'results/baselines/urban-assault.json'), 'utf8'));
    // The dist-web folder itself is left as it was: only the published copy carries his files.
    expect(readFileSync(join(app, 'index.html'), 'utf8')).not.toContain('site-files.js');
  });
});
