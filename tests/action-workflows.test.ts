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
import { buildSummary, cell, MAX_COLUMNS } from '../src/action/summary.js';
import { annotation } from '../src/action/annotations.js';
import { expandGlobs, globRegExp } from '../src/action/glob.js';
import { buildPagesSite, indexHtml } from '../src/action/pages.js';
import { InputError } from '../src/sim/input/input-error.js';
import { setLang } from '../src/i18n/lang.js';
import type { ExperimentRecord } from '../src/action/record.js';

function errorsOf(r: { errors: unknown[] }): unknown[] {
  return r.errors;
}

/** Every `uses:` of a workflow or action text, with its line. */
function usesOf(text: string): string[] {
  return [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map((m) => `${m[1]}${m[2]}`);
}

describe('pinned Actions (his SECURITY.md: a full commit SHA for every third-party Action)', () => {
  const texts = (): [string, string][] => [
    ['action.yml', readFileSync('action.yml', 'utf8')],
    ['.github/workflows/release.yml', readFileSync('.github/workflows/release.yml', 'utf8')],
    ['examples/github-actions-balance.yml', readFileSync('examples/github-actions-balance.yml', 'utf8')],
    ['init (ja)', initFiles(['urban-assault'], { docLang: 'ja' }).get('.github/workflows/balance.yml')!],
    ['init (en)', initFiles(['urban-assault'], { docLang: 'en' }).get('.github/workflows/balance.yml')!],
  ];

  it('every Action but balance-lab itself is pinned to a 40-hex SHA with its version beside it', () => {
    for (const [name, text] of texts()) {
      const uses = usesOf(text).filter((u) => !u.startsWith('balance-lab/balance-lab@'));
      expect(uses.length, name).toBeGreaterThan(0);
      for (const u of uses) expect(u, name).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it('the example is the workflow init writes (English comments, a Japanese summary), under a header saying how to pin balance-lab to a commit', () => {
    // The example pins balance-lab to a commit where init writes the release tag; otherwise the two are one file.
    const example = readFileSync('examples/github-actions-balance.yml', 'utf8').replace(/(balance-lab\/balance-lab@)[0-9a-f]{40} # [^\n]*/g, '$1v0.1.0');
    const wf = initFiles(['urban-assault'], { docLang: 'en', lang: 'ja' }).get('.github/workflows/balance.yml')!;
    expect(example.endsWith(wf)).toBe(true);
    expect(example.slice(0, example.length - wf.length)).toMatch(/full 40-character SHA/);
    expect(usesOf(readFileSync('examples/github-actions-balance.yml', 'utf8')).filter((u) => /^balance-lab\/balance-lab@[0-9a-f]{40}\b/.test(u)).length).toBe(3);
  });

  it('each job states its own minimal permissions: read to check (and comment on the pull request), Pages to publish, write only to commit the baselines', () => {
    for (const lang of ['ja', 'en'] as const) {
      const wf = parse(initFiles(['urban-assault'], { docLang: lang }).get('.github/workflows/balance.yml')!) as { permissions: unknown; jobs: Record<string, { permissions: unknown; if: string }> };
      expect(wf.permissions).toEqual({ contents: 'read' });
      // The pull request's check keeps its table as one comment on it (issue 42 item 4).
      expect(wf.jobs.check.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
      expect(wf.jobs['check-and-publish'].permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' });
      expect(wf.jobs['update-baselines'].permissions).toEqual({ contents: 'write' });
      // A branch is checked once: by its pull request (the push job runs on the default branch only).
      expect(wf.jobs.check.if).toBe("github.event_name == 'pull_request'");
      expect(wf.jobs['check-and-publish'].if).toContain('github.ref_name == github.event.repository.default_branch');
    }
  });
});

describe('schemas (@action-validator/core)', () => {
  it('action.yml is a valid composite action that sets up Node and runs balance-lab from its own checkout', () => {
    const text = readFileSync('action.yml', 'utf8');
    expect(errorsOf(validateAction(text))).toEqual([]);
    expect(text).toContain('using: composite');
    expect(text).toContain('actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0');
    expect(text).toContain('default: lts/*');
    expect(text).toContain('"$GITHUB_ACTION_PATH/bin/balance-lab.js"');
    expect(text).toContain('actions/upload-pages-artifact@56afc609e74202658d3ffba0e8f6dda462b719fa # v3.0.1');
    expect(text).toContain('actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e # v4.0.5');
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
  const moved = (variant: string, metric: string, label: string, kind: 'rate' | 'mean', before: number, now: number, d: [number, number, number]) => ({ variant, metric, label, kind, before, now, diff: { estimate: d[0], lo: d[1], hi: d[2] } });
  const target = (metric: string, lo: number, hi: number, estimate: number, ciLo: number, ciHi: number, verdict: 'met' | 'missed' | 'undecided') => ({
    target: { metric, kind: 'rate' as const, lo, hi, variant: null, framework: 'd33' as const, where: 'x' }, variant: 'normal', estimate, lo: ciLo, hi: ciHi, verdict,
  });
  const records: ExperimentRecord[] = [
    rec({ name: 'flagship', status: 'pass', report: 'flagship/report.html', rules: 'dev-2026-05-09', question: 'Is the LMG worth 8 magazines?', answer: [
      { variant: 'kit', label: 'starting kit', estimate: 0.449, lo: 0.44, hi: 0.458, baseline: true },
      { variant: 'lmg', label: 'LMG', estimate: 0.207, lo: 0.2, hi: 0.215, baseline: false, diff: { estimate: -0.241, lo: -0.25, hi: -0.232 } },
    ] }),
    rec({ name: 'd33_lvl10-11_tutorial_01_port', status: 'fail', moved: [
      moved('shooting-normal', 'magazines_spent', 'magazines spent', 'mean', 23.28, 19.5, [-3.78, -4.41, -3.15]),
      moved('hard', 'win', 'success', 'rate', 0.542, 0.48, [-0.062, -0.08, -0.044]),
    ], targets: [target('win', 0.6, 0.8, 0.85, 0.83, 0.87, 'missed'), target('wiped', 0.1, 0.2, 0.05, 0.04, 0.06, 'missed'), target('win', 0.6, 0.8, 0.61, 0.58, 0.64, 'undecided')], report: 'tutorial/report.html' }),
    rec({ name: 'broken', status: 'invalid', error: { where: 'experiments/broken.yaml:6', message: 'bad' } }),
    rec({ name: 'new-one', status: 'nobaseline', report: 'new-one/report.html' }),
  ];
  const cellsOf = (row: string) => row.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());

  it('verdict lines first, then a section per experiment: its rules, question and answer, its moved metrics and targets in tables of ≤ 4 columns', () => {
    setLang('en');
    const md = buildSummary(records, { mode: 'check', pagesUrl: 'https://me.github.io/repo/', runUrl: null, updateUrl: 'https://github.com/me/repo/actions/workflows/balance.yml' });
    const lines = md.split('\n');
    expect(lines.slice(2, 6)).toEqual([
      '✅ **flagship**: PASS — nothing moved  ',
      '❌ **d33_lvl10-11_tutorial_01_port**: FAIL — 2 metric(s) moved, 0 band(s) not shown to hold  ',
      '⛔ **broken**: invalid input — experiments/broken.yaml:6  ',
      '🆕 **new-one**: no baseline yet — simulated, nothing compared — [record it (Run workflow)](https://github.com/me/repo/actions/workflows/balance.yml)  ',
    ]);
    for (const r of lines.filter((l) => l.startsWith('|'))) expect(cellsOf(r).length).toBeLessThanOrEqual(MAX_COLUMNS);
    const flagship = md.slice(md.indexOf('#### flagship'), md.indexOf('#### d33_lvl10'));
    expect(flagship).toContain('Rules: dev-2026-05-09');
    expect(flagship).toContain('**Question**: Is the LMG worth 8 magazines?');
    expect(flagship).toContain('- LMG: 20.7% [20.0%, 21.5%] (−24.1pp [−25.0, −23.2])');
    expect(flagship).toContain('[Open the report](https://me.github.io/repo/flagship/report.html)');
    const tut = md.slice(md.indexOf('#### d33_lvl10'), md.indexOf('#### new-one'));
    // Each moved row names its variant and metric in full (the experiment is the heading): nothing that identifies a row is cut.
    expect(tut).toContain('| shooting-normal · magazines spent | 23.28 → 19.50 | −3.78 [−4.41, −3.15] |');
    expect(tut).toContain('| hard · success | 54.2% → 48.0% | −6.2pp [−8.0, −4.4] |');
    expect(tut).not.toContain('…');
    // Targets under the experiment they belong to; a value above the band is "above", below it "below".
    expect(tut).toContain('| success 60–80% | normal | 85.0 [83.0–87.0] | above |');
    expect(tut).toContain('| 全滅 10–20% | normal | 5.0 [4.0–6.0] | below |');
    expect(tut).toContain('| success 60–80% | normal | 61.0 [58.0–64.0] | undecided |');
    expect(md).not.toContain('#### broken');
    expect(md).not.toContain('broken/report.html');
  });

  it('speaks Japanese with --lang ja: 未達 below a band, 超過 above it, one word for undecided', () => {
    setLang('ja');
    const md = buildSummary(records, { mode: 'check', pagesUrl: null, runUrl: 'https://github.com/me/repo/actions/runs/1', updateUrl: null });
    setLang('en');
    expect(md).toContain('✅ **flagship**: 合格 — 変化なし');
    expect(md).toContain('🆕 **new-one**: ベースライン未作成 — シミュレートのみ（比較なし） — 記録するには Actions タブ → このワークフロー → Run workflow');
    expect(md).toContain('**変化した指標**');
    expect(md).toContain('| 指標 | 基準 → 今回 | 差 [95%CI] |');
    expect(md).toContain('ルール: dev-2026-05-09');
    expect(md).toMatch(/\| 成功率 60–80% \| normal \| 85\.0 \[83\.0–87\.0\] \| 超過 \|/);
    expect(md).toMatch(/\| 全滅率 10–20% \| normal \| 5\.0 \[4\.0–6\.0\] \| 未達 \|/);
    expect(md).toContain('| 未確定 |');
    expect(md).not.toMatch(/未決|判定保留/);
    expect(md).toContain('アーティファクト');
  });

  it('a cell keeps its text whole: | is escaped and a line break becomes a space', () => {
    expect(cell('a|b\nc')).toBe('a\\|b c');
    const long = 'a-very-long-experiment-name · variant · metric';
    expect(cell(long)).toBe(long);
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
