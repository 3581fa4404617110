// The GitHub Action and the workflows balance-lab ships or writes (issue 25 items 1–3): action.yml, the release
// workflow, the example and every workflow `init` generates pass @action-validator/core (GitHub's schemas); the job
// summary's pieces (verdict lines, a moved-metrics table of at most 4 short columns, targets), annotations and
// the Pages index are built by src/action/, in both languages.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { initFiles } from '../src/cli/cmd-init.js';
import { buildSummary, MAX_CELL_WIDTH, MAX_COLUMNS, shortCell } from '../src/action/summary.js';
import { annotation } from '../src/action/annotations.js';
import { expandGlobs, globRegExp } from '../src/action/glob.js';
import { buildPagesSite, indexHtml } from '../src/action/pages.js';
import { InputError } from '../src/sim/input/input-error.js';
import { displayWidth } from '../src/report/display-width.js';
import { setLang } from '../src/i18n/lang.js';
import type { ExperimentRecord } from '../src/action/record.js';

function errorsOf(r: { errors: unknown[] }): unknown[] {
  return r.errors;
}

describe('schemas (@action-validator/core)', () => {
  it('action.yml is a valid composite action that sets up Node and runs balance-lab from its own checkout', () => {
    const text = readFileSync('action.yml', 'utf8');
    expect(errorsOf(validateAction(text))).toEqual([]);
    expect(text).toContain('using: composite');
    expect(text).toContain('actions/setup-node@v4');
    expect(text).toContain('default: lts/*');
    expect(text).toContain('"$GITHUB_ACTION_PATH/bin/balance-lab.js"');
    expect(text).toContain('actions/upload-pages-artifact@v3');
    expect(text).toContain('actions/deploy-pages@v4');
  });

  it('the release workflow and the example are valid workflows', () => {
    for (const f of ['.github/workflows/release.yml', 'examples/github-actions-balance.yml']) expect(errorsOf(validateWorkflow(readFileSync(f, 'utf8'))), f).toEqual([]);
  });

  it('every workflow init writes is valid: default, several engines, Markdown scenarios inside and outside scenarios/', () => {
    const md = [{ rel: 'missions/port.md', stem: 'port', map: 'd33', id: 'x' }];
    const variants = [
      initFiles(['urban-assault']),
      initFiles(['urban-assault', 'robot-skirmish'], { lang: 'en' }),
      initFiles(['urban-assault'], { scenarios: md, scenariosDir: 'missions' }),
      initFiles(['urban-assault'], { scenarios: [{ ...md[0], rel: 'scenarios/training/port.md' }], scenariosDir: 'scenarios/training', action: 'me/balance-lab@main' }),
    ];
    for (const files of variants) {
      const wf = files.get('.github/workflows/balance.yml')!;
      expect(errorsOf(validateWorkflow(wf))).toEqual([]);
      expect(wf).toContain('workflow_dispatch');
      expect(wf).toContain('"**/*.md"');
      expect(wf).not.toMatch(/node-version: 20\b/);
    }
    expect(variants[2].get('.github/workflows/balance.yml')).toContain('BALANCE_LAB_SCENARIO_ROOTS: missions');
    expect(variants[3].get('.github/workflows/balance.yml')).toContain('uses: me/balance-lab@main');
  });
});

const rec = (over: Partial<ExperimentRecord>): ExperimentRecord => ({
  name: 'x', file: 'experiments/x.yaml', status: 'pass', moved: [], bandFailures: 0, question: '', answer: [], primary: 'win', targets: [], ...over,
});

describe('job summary', () => {
  const records: ExperimentRecord[] = [
    rec({ name: 'flagship', status: 'pass', report: 'flagship/report.html' }),
    rec({ name: 'tutorial-01-difficulty-with-a-long-name', status: 'fail', moved: [{ variant: 'shooting-normal', metric: 'magazines_spent', kind: 'mean', before: 23.28, now: 19.5 }, { variant: 'hard', metric: 'win', kind: 'rate', before: 0.542, now: 0.48 }], report: 'tutorial/report.html' }),
    rec({ name: 'broken', status: 'invalid', error: { where: 'experiments/broken.yaml:6', message: 'bad' } }),
  ];

  it('opens with one verdict line per experiment, then the moved metrics in a table of ≤ 4 columns of ≤ 18 columns each', () => {
    setLang('en');
    const md = buildSummary(records, { mode: 'check', pagesUrl: 'https://me.github.io/repo/', runUrl: null });
    const lines = md.split('\n');
    expect(lines.slice(2, 5)).toEqual([
      '✅ **flagship**: PASS — nothing moved  ',
      '❌ **tutorial-01-difficulty-with-a-long-name**: FAIL — 2 metric(s) moved, 0 band(s) not shown to hold  ',
      '⛔ **broken**: invalid input — experiments/broken.yaml:6  ',
    ]);
    const rows = lines.filter((l) => l.startsWith('|'));
    expect(rows.length).toBe(4);
    for (const r of rows) {
      const cells = r.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
      expect(cells.length).toBeLessThanOrEqual(MAX_COLUMNS);
      for (const c of cells) expect(displayWidth(c)).toBeLessThanOrEqual(MAX_CELL_WIDTH);
    }
    expect(md).toContain('[flagship](https://me.github.io/repo/flagship/report.html)');
    expect(md).not.toContain('broken/report.html');
  });

  it('speaks Japanese with --lang ja', () => {
    setLang('ja');
    const md = buildSummary(records, { mode: 'check', pagesUrl: null, runUrl: 'https://github.com/me/repo/actions/runs/1' });
    setLang('en');
    expect(md).toContain('✅ **flagship**: 合格 — 変化なし');
    expect(md).toContain('#### 変化した指標');
    expect(md).toContain('アーティファクト');
  });

  it('a cell longer than the limit is cut with …; a narrow one is kept', () => {
    expect(shortCell('short')).toBe('short');
    const cut = shortCell('a-very-long-experiment-name·variant·metric');
    expect(cut.endsWith('…')).toBe(true);
    expect(displayWidth(cut)).toBeLessThanOrEqual(MAX_CELL_WIDTH);
    expect(displayWidth(shortCell('全滅率全滅率全滅率全滅率全滅率'))).toBeLessThanOrEqual(MAX_CELL_WIDTH);
  });
});

describe('annotations, globs, Pages index', () => {
  it('an annotation names the file relative to the workspace and its line, and escapes what GitHub requires', () => {
    expect(annotation('error', '/ws', '/ws/experiments/a,b.yaml', 12, 'bad: 100%\nnext')).toBe('::error file=experiments/a%2Cb.yaml,line=12,title=balance-lab::bad: 100%25%0Anext');
    expect(annotation('warning', '/ws', '/ws/s.md', undefined, 'w')).toBe('::warning file=s.md,title=balance-lab::w');
  });

  it('globs: * within a segment, ** across, several patterns', () => {
    expect(globRegExp('experiments/*.yaml').test('experiments/a.yaml')).toBe(true);
    expect(globRegExp('experiments/*.yaml').test('experiments/sub/a.yaml')).toBe(false);
    expect(globRegExp('**/*.yaml').test('experiments/sub/a.yaml')).toBe(true);
    expect(globRegExp('**/*.yaml').test('a.yaml')).toBe(true);
    const found = expandGlobs('experiments/lmg-worth-8-magazines.yaml, experiments/tutorial-01-*.yaml', '.');
    expect(found).toEqual(['experiments/lmg-worth-8-magazines.yaml', 'experiments/tutorial-01-calibration-campaign.yaml', 'experiments/tutorial-01-calibration.yaml', 'experiments/tutorial-01-difficulty.yaml']);
  });

  it('the Pages index links every report, escapes names and fits a phone', () => {
    setLang('ja');
    const html = indexHtml([rec({ name: '<b>x</b>', report: 'x/report.html', question: '弾倉は足りるか' }), rec({ name: 'broken', status: 'invalid' })], '2026-11-26 15:00 UTC');
    setLang('en');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<a href="x/report.html">&lt;b&gt;x&lt;/b&gt;</a>');
    expect(html).toContain('入力エラー');
  });

  it('the Pages site carries the web app at app/ when asked, linked from the index; without it, no link', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bl-pages-app-'));
    try {
      const app = join(dir, 'dist-web');
      mkdirSync(join(app, 'sub'), { recursive: true });
      writeFileSync(join(app, 'index.html'), '<!doctype html><script src="app.js"></script>');
      writeFileSync(join(app, 'app.js'), 'void 0;');
      writeFileSync(join(app, 'vega-text.js'), 'void 0;');
      writeFileSync(join(app, 'sub', 'x.txt'), 'x');
      const site = join(dir, 'site');
      buildPagesSite([rec({ name: 'x' })], join(dir, 'results'), site, 'now', app);
      for (const f of ['index.html', 'app.js', 'vega-text.js', 'sub/x.txt']) expect(existsSync(join(site, 'app', f)), f).toBe(true);
      setLang('ja');
      const index = readFileSync(join(site, 'index.html'), 'utf8');
      expect(index).toContain('<a href="app/">');
      expect(indexHtml([rec({})], 'now', true)).toContain('<a href="app/">Web アプリを開く');
      setLang('en');
      expect(indexHtml([rec({})], 'now', true)).toContain('<a href="app/">Open the web app');
      expect(indexHtml([rec({})], 'now')).not.toContain('app/');
      // A folder that is not a built app is refused before anything is written.
      const site2 = join(dir, 'site2');
      expect(() => buildPagesSite([], join(dir, 'results'), site2, 'now', join(dir, 'results'))).toThrow(InputError);
      expect(existsSync(site2)).toBe(false);
    } finally {
      setLang('en');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('action.yml publishes the web app with pages true unless app is false: built if the checkout lacks it, then passed as --app', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { steps: { name?: string; if?: string; run?: string }[] } };
    expect(action.inputs.app.default).toBe('true');
    const build = action.runs.steps.find((s) => s.name === 'Build the web app')!;
    expect(build.if).toBe("inputs.pages == 'true' && inputs.app == 'true'");
    expect(build.run).toContain('npm run build:web');
    const run = action.runs.steps.find((s) => s.name === 'Run balance-lab')!;
    expect(run.run).toContain('--app "$GITHUB_ACTION_PATH/dist-web"');
    expect(action.runs.steps.indexOf(build)).toBeLessThan(action.runs.steps.indexOf(run));
  });
});
