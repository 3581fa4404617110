// The designer's plan where he reads it, on his phone (issue 41 item 5): in Debian's Chromium (playwright-core, never
// a downloaded browser) at 390×844 with touch, in Japanese —
//   - report.html of the plan's drill run: the section 設計者の8つの確認項目 as cards, every card inside the screen;
//   - report.html of the knob sweep: the trade-off charts drawn (作戦成功・全滅・じり貧, magazines at the final);
//   - the job summary's Markdown for the plan, drawn with GitHub's table style for Markdown (a block that scrolls
//     sideways only when its table cannot wrap): no table of his measures needs sideways scrolling;
//   - the web app: the plan experiment picked from its ready examples and run shows his measures as cards, and the
//     knob's trade-off charts; nothing wider than the phone, no console error.
// Screenshots go to test-artifacts/ (git-ignored).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSummary } from '../../src/action/summary.js';
import type { ExperimentRecord } from '../../src/action/record.js';
import { designerSummaryLines, type PlanSummary } from '../../src/report/designer-plan.js';
import { buildWeb, cli, DIST_WEB, REPO, writeIn } from './web-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true, locale: 'ja-JP' };
const ARTIFACTS = join(REPO, 'test-artifacts');

const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-plan-phone-'));
let browser: Browser;
let td1: Record<string, string>, knob: Record<string, string>;

beforeAll(async () => {
  buildWeb();
  td1 = cli(['--lang', 'ja', 'run', 'experiments/plan-td1.yaml', '--games', '300', '--workers', '2'], join(tmp, 'td1'));
  knob = cli(['--lang', 'ja', 'run', 'experiments/plan-td1-knob.yaml', '--games', '150', '--workers', '2'], join(tmp, 'knob'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A phone page that records console errors and uncaught exceptions. */
async function phone(url: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors, close: () => ctx.close() };
}

const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** The cards of `#designer`: each row's right edge, its label and its cells' data-labels. */
function cards(page: Page): Promise<{ right: number; label: string; cells: string[] }[]> {
  return page.$$eval('#designer tbody tr', (trs) => trs.map((tr) => ({
    right: tr.getBoundingClientRect().right,
    label: tr.querySelector('th')?.textContent ?? '',
    cells: [...tr.querySelectorAll('td')].map((td) => `${td.getAttribute('data-label')}=${td.textContent}`),
  })));
}

/** The Markdown GitHub shows in a job summary, to HTML: headings, paragraphs, lists, tables, bold, links. */
function markdownHtml(md: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inline = (s: string) => esc(s).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>').replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>').replace(/ {2}$/, '<br>');
  const cells = (l: string) => l.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => inline(c.trim().replace(/\\\|/g, '|')));
  const lines = md.split('\n'), out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const h = /^(#{1,6}) (.*)$/.exec(l);
    if (h) out.push(`<h${h[1].length}>${inline(h[2])}</h${h[1].length}>`);
    else if (l.startsWith('|') && /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? '')) {
      const head = cells(l), body: string[][] = [];
      for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) body.push(cells(lines[i]));
      i--;
      out.push(`<table><thead><tr>${head.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
    } else if (/^- /.test(l)) out.push(`<ul><li>${inline(l.slice(2))}</li></ul>`);
    else if (l.trim() !== '') out.push(`<p>${inline(l)}</p>`);
  }
  return out.join('\n');
}

/** GitHub's Markdown style for tables (markdown-body): a block as wide as its content, at most the page, scrolling sideways beyond. */
const GITHUB_CSS = `body { margin: 0; font: 16px/1.5 -apple-system, "Segoe UI", "Noto Sans CJK JP", sans-serif; }
.markdown-body { padding: 16px; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
.markdown-body th, .markdown-body td { padding: 6px 13px; border: 1px solid #d0d7de; }
.markdown-body th { font-weight: 600; }`;

describe('the designer\'s plan at 390 px in Chromium (Japanese)', () => {
  it('report.html of the drill run: his eight measures as cards inside the screen', async () => {
    const { page, errors, close } = await phone(pathToFileURL(writeIn(tmp, 'td1-report.html', td1['report.html'])).href);
    await page.waitForSelector('body[data-charts="done"]', { timeout: 240_000 });
    expect(await page.textContent('#designer h2')).toBe('設計者の8つの確認項目');
    const rows = await cards(page);
    expect(rows.length).toBe(21);
    for (const r of rows) expect(r.right, r.label).toBeLessThanOrEqual(390);
    expect(rows.find((r) => r.label === 'じり貧（最終時0〜1、全作戦）')!.cells.map((c) => c.split('=')[0])).toEqual(['2026-05-09 版', 'v1.01 版（Tactical Drill 01 v1.01）']);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.locator('#designer').screenshot({ path: join(ARTIFACTS, 'plan-td1-designer-390.png') });
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it('report.html of the knob: the trade-off charts are drawn within the screen', async () => {
    const { page, errors, close } = await phone(pathToFileURL(writeIn(tmp, 'knob-report.html', knob['report.html'])).href);
    await page.waitForSelector('body[data-charts="done"]', { timeout: 240_000 });
    for (const name of ['sweep-tradeoff', 'sweep-final-magazines']) {
      const chart = page.locator(`#chart-${name}`);
      expect(await chart.getAttribute('data-state'), name).toBe('rendered');
      expect(await chart.locator('svg .mark-line path, svg .mark-symbol path').count(), name).toBeGreaterThan(0);
      const box = (await chart.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      await chart.screenshot({ path: join(ARTIFACTS, `plan-knob-${name}-390.png`) });
    }
    expect(await page.textContent('#charts')).toContain('じり貧');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it('the job summary: his measures in at most 4 columns, no table scrolling sideways at 390 px', async () => {
    const summary = (JSON.parse(td1['summary.json']) as { summary: PlanSummary }).summary;
    const record: ExperimentRecord = { name: 'plan-td1', file: 'experiments/plan-td1.yaml', status: 'ran', moved: [], bandFailures: 0, question: '', answer: [], primary: 'win', targets: [], designer: designerSummaryLines(summary, 'ja') };
    const md = buildSummary([record], { mode: 'run', pagesUrl: null, runUrl: null });
    expect(md).toContain('#### 設計者の8つの確認項目');
    const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${GITHUB_CSS}</style></head><body><article class="markdown-body">${markdownHtml(md)}</article></body></html>`;
    const { page, errors, close } = await phone(pathToFileURL(writeIn(tmp, 'summary.html', html)).href);
    const tables = await page.$$eval('table', (ts) => ts.map((t) => ({ cols: t.querySelectorAll('thead th').length, scroll: t.scrollWidth, client: t.clientWidth, text: t.textContent ?? '' })));
    const mine = tables.filter((t) => t.text.includes('じり貧'));
    expect(mine.length).toBe(1);
    for (const t of mine) {
      expect(t.cols).toBeLessThanOrEqual(4);
      expect(t.scroll, 'the measures table scrolls sideways').toBeLessThanOrEqual(t.client);
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-job-summary-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it('the web app: the plan from its ready examples shows his measures as cards; the knob its trade-off charts', async () => {
    const { page, errors, close } = await phone(pathToFileURL(join(DIST_WEB, 'index.html')).href);
    await page.waitForSelector('#run');
    await page.selectOption('#lang', 'ja');
    for (const [file, games] of [['experiments/plan-td1.yaml', '300'], ['experiments/plan-td1-knob.yaml', '150']]) {
      await page.selectOption('#file', file);
      await page.fill('#games', games);
      await page.fill('#workers', '2');
      await page.click('#run');
      await page.waitForSelector('#downloads', { timeout: 300_000 });
      await page.waitForFunction(() => [...document.querySelectorAll('.vega')].every((e) => e.getAttribute('data-state') !== 'pending'), undefined, { timeout: 120_000 });
      expect(await page.textContent('#designer h2')).toBe('設計者の8つの確認項目');
      for (const r of await cards(page)) expect(r.right, r.label).toBeLessThanOrEqual(390);
      expect(await scrollWidth(page), file).toBeLessThanOrEqual(390);
      if (file.endsWith('knob.yaml')) {
        for (const name of ['sweep-tradeoff', 'sweep-final-magazines']) expect(await page.getAttribute(`[data-chart="${name}"]`, 'data-state'), name).toBe('rendered');
      }
      await page.locator('#results').screenshot({ path: join(ARTIFACTS, `plan-app-${file.split('/')[1].replace('.yaml', '')}-390.png`) });
      // The next run replaces these results.
      await page.evaluate(() => { document.getElementById('results')!.innerHTML = ''; });
    }
    expect(errors).toEqual([]);
    await close();
  }, 900_000);
});

