// report.html and summary.json: content, escaping, self-containment and the
// saved-data round trip (no browser; see report-html-browser.test.ts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCharts } from '../src/report/charts/all.js';
import { REPORT_DATA_FILE, REPORT_HTML_FILE, reportData, reportDataJson, type ReportData } from '../src/report/html/data.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { escapeHtml, inlineScript, jsonForScript } from '../src/report/html/escape.js';
import { REPORT_CSP } from '../src/report/html/page.js';
import { replayCommand } from '../src/report/html/replay.js';
import { buildReportHtml } from '../src/report/html/report.js';
import { runJson } from '../src/report/files/run-json.js';
import { writeResults } from '../src/report/files/write-results.js';
import type { RunSummary } from '../src/sim/stats/summary.js';
import { makeSummary } from './report-fixture.js';

const ENV = { packageVersion: '0.1.0', nodeVersion: 'v20.11.0', gitCommit: 'abc1234def' };
const WRITTEN_AT = new Date('2026-11-21T10:20:30.000Z');
const HOSTILE = `<script>alert("x")</script> & 'q' </script><!--`;

/** The fixture with user text that must be escaped: a hostile label, question and ruling. */
function hostileSummary(): RunSummary {
  const base = makeSummary();
  const variants = base.variants.map((v) => (v.name === 'grenades' ? { ...v, label: HOSTILE } : v));
  return makeSummary({
    variants,
    experiment: { ...base.experiment, question: 'LMG は 8 マガジンの価値がある? <u>bold</u> & more' },
    rulings: [...base.rulings, { id: 'x<y', choice: 'a&b', summary: '射撃 </td> "quoted"' }],
  });
}

const dataOf = (summary: RunSummary): ReportData => reportData(summary, runJson(summary, ENV), WRITTEN_AT);

/** The parsed JSON data island of the chart specs. */
function chartIsland(html: string): { name: string; id: string; spec: unknown }[] {
  const m = /<script type="application\/json" id="chart-specs">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'chart-specs island').not.toBeNull();
  return JSON.parse(m![1]) as { name: string; id: string; spec: unknown }[];
}

/** Assert that `html` contains / lacks `s` without printing the whole page on failure. */
function has(html: string, s: string, yes = true): void {
  expect(html.includes(s), `${yes ? 'missing' : 'unexpected'}: ${s}`).toBe(yes);
}

/** Assert that `html` matches / does not match `re`, without printing the whole page on failure. */
function matches(html: string, re: RegExp, yes = true): void {
  expect(re.test(html), `${yes ? 'no match' : 'unexpected match'}: ${re}`).toBe(yes);
}

/** The page without the three inlined bundles (the report's own markup). */
function ownMarkup(html: string): string {
  return html.replace(/<script>(?:(?!<\/script>)[\s\S])*<\/script>/g, (s) => (s.length > 20_000 ? '<script>BUNDLE</script>' : s));
}

describe('report.html content', () => {
  const summary = makeSummary();
  const html = buildReportHtml(dataOf(summary));
  const own = ownMarkup(html);

  it('leads with the question, then the headline answer and the summary table', () => {
    const h1 = own.indexOf('<h1>Is an LMG worth 8 magazines?</h1>');
    const answer = own.indexOf('Highest Clear rate: <strong>LMG 軽機関銃</strong> at 67.3%');
    const table = own.indexOf('<section id="summary">');
    expect(h1).toBeGreaterThan(0);
    expect(answer).toBeGreaterThan(h1);
    expect(table).toBeGreaterThan(answer);
    has(own, '<span class="v-better">2 better</span>, <span class="v-worse">1 worse</span>');
  });

  it('has every section in reading order', () => {
    const ids = ['summary', 'charts', 'paired', 'cost', 'metrics', 'rulings', 'run', 'replay'];
    const at = ids.map((id) => own.indexOf(`<section id="${id}">`));
    for (const [i, p] of at.entries()) expect(p, ids[i]).toBeGreaterThan(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('shows rates with CIs, paired differences with p-values, and cost-effectiveness', () => {
    has(own, '<span class="est">67.3%</span><span class="ci">[66.6, 67.9]</span>');
    has(own, '<span class="est">+4.1 pp</span><span class="ci">[+3.2, +5.0]</span>');
    has(own, '<span class="p">p &lt; 0.001</span>');
    has(own, '▼ worse');
    // LMG: +4.1 pp for 8 magazines = +0.51 pp per magazine; flank-first costs nothing extra.
    has(own, '<strong>+0.51 pp</strong>');
    matches(own, /Flank first[\s\S]*?title="same cost as the baseline">—/);
  });

  it('lists the rulings, the run metadata and the replay commands', () => {
    for (const r of summary.rulings) {
      has(own, `<code>${r.id}</code>`);
      has(own, r.summary);
    }
    for (const s of ['20240607', 'fixed 20000 games per variant', '20,000 per variant × 4 variants = 80,000', '12.5 s', '6,400 games/s',
      'abc1234def', 'v20.11.0', '2026-11-21 10:20:30 UTC', '<dt>Workers</dt><dd>8</dd>', 'a3f1c2d4e5b6']) {
      has(own, s);
    }
    has(own, 'npx balance-lab replay experiments/lmg-worth-8-magazines.yaml --variant &lt;name&gt; --game &lt;i&gt; --seed 20240607');
    has(own, 'npx balance-lab replay experiments/lmg-worth-8-magazines.yaml --variant flank-first --game 0 --seed 20240607');
  });

  it('embeds exactly the Vega-Lite specs of charts/*.vl.json', () => {
    const island = chartIsland(html);
    const charts = buildCharts(summary);
    expect(island.map((c) => c.name)).toEqual(charts.map((c) => c.name));
    for (const [i, c] of charts.entries()) {
      expect(island[i].spec).toEqual(JSON.parse(JSON.stringify(c.spec)));
      has(own, `<div class="vega" id="${island[i].id}" data-chart="${c.name}"`);
    }
  });
});

describe('report.html is self-contained', () => {
  const html = buildReportHtml(dataOf(makeSummary()));
  const own = ownMarkup(html);

  it('inlines Vega, Vega-Lite and vega-embed and loads nothing', () => {
    has(html, 'Vega 6.4.0, Vega-Lite 6.4.1, vega-embed 7.3.0 (inlined)');
    expect(html.length).toBeGreaterThan(500_000);
    expect(own.match(/<script\b[^>]*>/g)).toEqual(['<script>', '<script>', '<script>', '<script type="application/json" id="chart-specs">', '<script>']);
    matches(own, /<(link|img|iframe|object|embed|base|source|video|audio)\b/i, false);
    matches(own, /\bsrc\s*=/i, false);
    matches(own, /@import|url\(/i, false);
    for (const [, href] of own.matchAll(/href="([^"]*)"/g)) expect(href.startsWith('#'), href).toBe(true);
    matches(html, /sourceMappingURL/, false);
  });

  it('forbids every load through its Content-Security-Policy', () => {
    expect(REPORT_CSP.startsWith("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline';")).toBe(true);
    expect(REPORT_CSP).not.toMatch(/https?:|\*|'self'|file:|unsafe-eval/);
    has(own, `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(REPORT_CSP)}">`);
  });
});

describe('report.html escapes user text', () => {
  const summary = hostileSummary();
  const html = buildReportHtml(dataOf(summary));
  const own = ownMarkup(html);

  it('escapes labels, questions and rulings in the markup', () => {
    const escaped = escapeHtml(HOSTILE);
    expect(escaped).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &lt;/script&gt;&lt;!--');
    has(own, `<span class="vlabel">${escaped}</span>`);
    has(own, '<h1>LMG は 8 マガジンの価値がある? &lt;u&gt;bold&lt;/u&gt; &amp; more</h1>');
    has(own, '<title>LMG は 8 マガジンの価値がある? &lt;u&gt;bold&lt;/u&gt; &amp; more — balance-lab</title>');
    has(own, '<code>x&lt;y</code>');
    has(own, '射撃 &lt;/td&gt; &quot;quoted&quot;');
    has(own, 'alert("x")', false);
    has(own, '<u>bold</u>', false);
    expect(own.match(/<\/script>/g)).toHaveLength(5);
    has(own, '<!--', false);
  });

  it('keeps the labels intact inside the chart data island', () => {
    const island = chartIsland(html);
    const values = (island[0].spec as { data: { values: { variant: string }[] } }).data.values;
    expect(values.map((v) => v.variant)).toContain(HOSTILE);
  });
});

describe('escaping helpers', () => {
  it('jsonForScript cannot close a script element and parses back to the value', () => {
    const value = { a: '</script><!-- & \u2028 \u2029 >', n: [1, 2.5], jp: '射撃' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('inlineScript escapes script and comment openers and drops source maps', () => {
    const code = 'var s = "</script>", t = \'<script\', c = "<!--";\n//# sourceMappingURL=x.js.map\n';
    const out = inlineScript(code);
    expect(out).not.toMatch(/<\/script|<script|<!--|sourceMappingURL/i);
    const read = new Function(`${out}; return [s, t, c];`) as () => string[];
    expect(read()).toEqual(['</script>', '<script', '<!--']);
  });

  it('replayCommand quotes variant names for the shell', () => {
    expect(replayCommand('npx balance-lab replay x.yaml --variant <name> --game <i>', "it's $HOME", 7)).toBe(
      `npx balance-lab replay x.yaml --variant 'it'\\''s $HOME' --game 7`,
    );
  });
});

describe('summary.json', () => {
  it('round-trips: the page rebuilt from the saved text is identical', () => {
    const data = dataOf(hostileSummary());
    const back = parseReportData(reportDataJson(data), 'summary.json');
    expect(back.summary).toEqual(data.summary);
    expect(buildReportHtml(back)).toBe(buildReportHtml(data));
  });

  it('saves NaN as null and reads it back as NaN (shown as —)', () => {
    const base = makeSummary();
    const v = base.variants[1];
    const nanV = { ...v, values: v.values.map((x, i) => (i === 0 ? { ...x, mean: { estimate: 2, lo: NaN, hi: NaN }, sd: NaN } : x)), pairedRates: v.pairedRates.map((p) => ({ ...p, p: NaN })) };
    const data = dataOf(makeSummary({ variants: [base.variants[0], nanV] }));
    const text = reportDataJson(data);
    expect(text).toContain('"lo": null');
    const back = parseReportData(text, 'summary.json');
    expect(back.summary.variants[1].values[0].mean.lo).toBeNaN();
    expect(back.summary.variants[1].pairedRates[0].p).toBeNaN();
    const html = buildReportHtml(back);
    expect(html).toBe(buildReportHtml(data));
    has(ownMarkup(html), 'NaN', false);
  });

  it.each([
    ['not JSON', '{', /summary\.json: not valid JSON/],
    ['another file', '{"experiment": {}}', /summary\.json: format: not a balance-lab summary/],
    ['a newer version', JSON.stringify({ format: 'balance-lab-summary', formatVersion: 99 }), /formatVersion: unsupported version 99 \(allowed: 1\)/],
  ])('rejects %s with one message naming the file', (_, text, message) => {
    expect(() => parseReportData(text, 'summary.json')).toThrow(message);
  });

  it('names the JSON path of a missing or mistyped field', () => {
    const data = JSON.parse(reportDataJson(dataOf(makeSummary())));
    delete data.summary.variants[2].rates[0].rate.hi;
    expect(() => parseReportData(JSON.stringify(data), 'x/summary.json')).toThrow('x/summary.json: summary.variants[2].rates[0].rate.hi: missing');
    data.summary.variants[2].rates[0].rate.hi = 'high';
    expect(() => parseReportData(JSON.stringify(data), 's.json')).toThrow('s.json: summary.variants[2].rates[0].rate.hi: expected a number');
    data.summary.metrics.rates = [];
    expect(() => parseReportData(JSON.stringify(data), 's.json')).toThrow(/summary\.metrics\.rates: no rates/);
  });
});

describe('writeResults writes summary.json and report.html', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'report-html-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes both before run.json, and the page matches the one rebuilt from summary.json', async () => {
    const out = join(root, 'results', 'x');
    const files = await writeResults(makeSummary(), out, { ...ENV, writtenAt: WRITTEN_AT });
    expect(files.slice(-3)).toEqual([REPORT_DATA_FILE, REPORT_HTML_FILE, 'run.json']);
    const saved = await readFile(join(out, REPORT_DATA_FILE), 'utf8');
    const html = await readFile(join(out, REPORT_HTML_FILE), 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ format: 'balance-lab-summary', formatVersion: 1, writtenAt: '2026-11-21T10:20:30.000Z' });
    expect(JSON.parse(saved).run).toEqual(JSON.parse(await readFile(join(out, 'run.json'), 'utf8')));
    expect(buildReportHtml(parseReportData(saved, 'summary.json'))).toBe(html);
    for (const c of chartIsland(html)) {
      expect(c.spec).toEqual(JSON.parse(await readFile(join(out, 'charts', `${c.name}.vl.json`), 'utf8')));
    }
  });
});
