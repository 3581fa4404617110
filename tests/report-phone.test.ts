// Phone-first reports (issue 26 item 2) and their language: the invariants a 360–430 px screen needs, checked on the
// page text (the browser tests in tests/e2e/web-app*.e2e.test.ts measure the real width in Chromium and WebKit).
import { afterEach, describe, expect, it } from 'vitest';
import { fitChartSpec } from '../src/report/charts/fit.js';
import { buildCharts } from '../src/report/charts/all.js';
import { reportData } from '../src/report/html/data.js';
import { buildReportHtml } from '../src/report/html/report.js';
import { runJson } from '../src/report/files/run-json.js';
import { simplePage } from '../src/report/html/simple-page.js';
import { catalogue } from '../src/i18n/t.js';
import { setLang } from '../src/i18n/lang.js';
import { makeSummary } from './report-fixture.js';

const ENV = { packageVersion: '0.1.0', nodeVersion: 'v20.11.0', gitCommit: null };
const page = (): string => {
  const s = makeSummary();
  return buildReportHtml(reportData(s, runJson(s, ENV), new Date('2026-11-21T10:20:30.000Z')));
};
const ownMarkup = (html: string): string => html.replace(/<script>(?:(?!<\/script>)[\s\S])*<\/script>/g, (s) => (s.length > 20_000 ? '<script>BUNDLE</script>' : s));

afterEach(() => setLang('en'));

describe('phone-first report layout', () => {
  it('every kind of page has a viewport tag', () => {
    expect(page()).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(simplePage('x — solve', '<h1>q</h1>')).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('the summary table labels each cell with its column, so a narrow screen shows each variant as a card', () => {
    const own = ownMarkup(page());
    const table = /<table class="summary cards">[\s\S]*?<\/table>/.exec(own)?.[0] ?? '';
    const rows = table.match(/<tr>[\s\S]*?<\/tr>/g)!.slice(1);
    expect(rows.length).toBe(makeSummary().variants.length);
    for (const r of rows) {
      expect(r).toMatch(/<th scope="row" class="variant">/);
      expect(r).toContain('data-label="Clear rate 95% CI"');
      expect(r).toContain('data-label="vs baseline paired, pp, 95% CI"');
    }
    expect(own).toMatch(/@media \(max-width: 640px\)[\s\S]*table\.cards thead \{ display: none; \}/);
  });

  it('fitChartSpec at 390 px wraps a long subtitle into lines at its commas instead of cutting it (the paired-difference chart)', () => {
    for (const lang of ['ja', 'en'] as const) {
      setLang(lang);
      try {
        const paired = buildCharts(makeSummary()).find((c) => c.name.includes('paired'))!;
        const original = (paired.spec as unknown as { title: { subtitle: string } }).title.subtitle;
        const sub = (fitChartSpec(paired.spec as unknown as Record<string, unknown>, 390) as { title: { subtitle: unknown } }).title.subtitle;
        expect(Array.isArray(sub), lang).toBe(true);
        const lines = sub as string[];
        expect(lines.join(lang === 'ja' ? '' : ' ').replace(/\s+/g, ' ')).toBe(original.replace(/\s+/g, ' '));
        const px = (x: string) => Array.from(x).reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 12 : 7), 0);
        for (const l of lines) expect(px(l), l).toBeLessThanOrEqual(390 - 64);
        // A wide screen keeps the one line.
        expect((fitChartSpec(paired.spec as unknown as Record<string, unknown>, 1000) as { title: { subtitle: unknown } }).title.subtitle).toBe(original);
      } finally {
        setLang('en');
      }
    }
  });

  it('no page text asks to hover', () => {
    expect(ownMarkup(page())).not.toMatch(/\bhover\b(?![^<]*\{)/i);
    // Replay narration is exempt: a robot's hover movement (ホバー) is a rule term of the game, not a request to the reader.
    for (const lang of ['en', 'ja'] as const) for (const [id, text] of Object.entries(catalogue(lang))) if (!id.startsWith('rsReplay.')) expect(text, id).not.toMatch(/\bhover/i);
  });

  it('fitChartSpec: single views take the container width; facets never exceed the screen; labels and legends fit a phone', () => {
    for (const chart of buildCharts(makeSummary())) {
      const fitted = fitChartSpec(chart.spec as unknown as Record<string, unknown>, 360) as Record<string, any>;
      if (fitted.facet) expect(fitted.spec.width).toBeLessThanOrEqual(360 - 90);
      else expect(fitted.width).toBe('container');
      expect(fitted.config.legend.orient).toBe('bottom');
      const limits = JSON.stringify(fitted).match(/"labelLimit":\d+/g) ?? [];
      for (const l of limits) expect(Number(l.split(':')[1])).toBeLessThanOrEqual(130);
      expect(chart.spec).not.toBe(fitted); // the saved spec is untouched
      expect(JSON.stringify(chart.spec)).not.toContain('"container"');
    }
  });

  it('the page inlines the same fitting code it is tested with', () => {
    expect(page()).toContain(`var fit = ${fitChartSpec.toString()};`);
  });
});

describe('report language', () => {
  it('speaks Japanese with --lang ja: lang attribute, headings, verdicts; rule terms and labels as written', () => {
    setLang('ja');
    const own = ownMarkup(page());
    expect(own).toContain('<html lang="ja">');
    for (const s of ['<h2>要約</h2>', '<h2>グラフ</h2>', '<h2>基準との対応のある差</h2>', '<h2>費用対効果</h2>', '<h2>全指標</h2>', '<h2>適用した裁定</h2>', '<h2>実行情報</h2>', '<h2>1 ゲームを再生</h2>', '▲ 良い']) expect(own).toContain(s);
    expect(own).toContain('LMG 軽機関銃');
    expect(own).not.toContain('<h2>Summary</h2>');
  });

  it('speaks English by default, with the same structure', () => {
    const own = ownMarkup(page());
    expect(own).toContain('<html lang="en">');
    expect(own).toContain('<h2>Summary</h2>');
    expect(own.match(/<section id="/g)!.length).toBe((() => { setLang('ja'); const n = ownMarkup(page()).match(/<section id="/g)!.length; setLang('en'); return n; })());
  });
});
