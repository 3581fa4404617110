// report.html opened from disk in a real browser (Debian's Chromium, driven by
// playwright-core; no browser is ever downloaded): no console error, no failed
// request, nothing requested but the file itself, every chart drawn with marks
// and its tooltips working, user text shown as text. Saves screenshots to test-artifacts/ (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResults } from '../../src/report/files/write-results.js';
import { uaFixtureYaml } from '../helpers/ua-fixture.js';
import { makeSummary } from '../report-fixture.js';

/** Debian's Chromium (`apt-get install -y chromium`). */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const BIN = fileURLToPath(new URL('../../bin/balance-lab.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Labels that must reach the page as text: Japanese, and markup that would run or fetch if it were not escaped. */
const JP_LABEL = '軽機関銃チーム（予備弾倉6）';
const HOSTILE_LABEL = `<img src=x onerror="window.pwned=1"> & "q" </script>`;
const QUESTION = '手榴弾は役に立つ? <b>本当に</b>';

const root = mkdtempSync(join(tmpdir(), 'balance-lab-browser-'));
let ctx: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: the report test needs Debian's Chromium ` +
        '(apt-get update && apt-get install -y chromium); it never downloads a browser.',
    );
  }
  ctx = await chromium.launchPersistentContext(mkdtempSync(join(root, 'profile-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    offline: true,
  });
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

/** What the browser saw while opening a page and drawing its charts. */
interface PageCheck {
  requests: string[];
  failed: string[];
  errors: string[];
  charts: { id: string; state: string | null; svgs: number; marks: number }[];
  symbols: number;
  pwned: unknown;
  title: string;
  h1: string;
  summaryText: string;
  variantMarkup: number;
  /** Tooltip text shown on hovering each win-rate point, in order. */
  tooltips: string[];
}

/** Open `file` in a fresh page, wait for the charts, screenshot it to `png`, and report. */
async function openReport(file: string, png: string): Promise<PageCheck> {
  const page = await ctx.newPage();
  const requests: string[] = [];
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failed.push(`${r.url()} (${r.failure()?.errorText ?? '?'})`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  try {
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts="done"]', { timeout: 60_000 });
    const seen = await page.evaluate(() => ({
      charts: [...document.querySelectorAll('.vega')].map((el) => ({
        id: el.id,
        state: el.getAttribute('data-state'),
        svgs: el.querySelectorAll('svg').length,
        // Vega's SVG renderer puts each data mark's items in a <g class="mark-… role-mark">.
        marks: el.querySelectorAll('svg .role-mark > *').length,
      })),
      symbols: document.querySelectorAll('#chart-win-rate svg .mark-symbol.role-mark > path').length,
      pwned: (window as unknown as { pwned?: unknown }).pwned,
      title: document.title,
      h1: document.querySelector('h1')?.textContent ?? '',
      summaryText: (document.querySelector('table.summary') as HTMLElement | null)?.innerText ?? '',
      variantMarkup: document.querySelectorAll('th.variant img, th.variant b, h1 b').length,
    }));
    const tooltips: string[] = [];
    const points = page.locator('#chart-win-rate svg .mark-symbol.role-mark > path');
    for (let i = 0; i < (await points.count()); i++) {
      await points.nth(i).hover();
      const tip = page.locator('#vg-tooltip-element.visible');
      await tip.waitFor({ timeout: 10_000 });
      tooltips.push(await tip.innerText());
    }
    await page.mouse.move(0, 0);
    await page.screenshot({ path: png, fullPage: true });
    return { requests, failed, errors, ...seen, tooltips, pwned: await page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned) };
  } finally {
    await page.close();
  }
}

/** The expectations every report page must meet. */
function expectCleanPage(check: PageCheck, file: string, chartCount: number): void {
  expect(check.errors, 'console errors').toEqual([]);
  expect(check.failed, 'failed requests').toEqual([]);
  expect(check.requests.filter((u) => !u.startsWith('file:')), 'requests to non-file URLs').toEqual([]);
  expect(check.requests, 'requests').toEqual([pathToFileURL(file).href]);
  expect(check.charts).toHaveLength(chartCount);
  for (const c of check.charts) {
    expect(c.state, c.id).toBe('rendered');
    expect(c.svgs, c.id).toBeGreaterThan(0);
    expect(c.marks, c.id).toBeGreaterThan(0);
  }
  expect(check.pwned).toBeUndefined();
  expect(check.tooltips.length, 'tooltips').toBe(check.symbols);
  for (const t of check.tooltips) expect(t).toMatch(/Games[\s\S]*Clear rate[\s\S]*%/);
}

describe('report.html in Chromium', () => {
  it('from a real run: renders offline, draws every chart, shows Japanese and markup-like labels as text', async () => {
    const yaml = join(root, 'browser.yaml');
    const extra = [`  - { name: jp, label: ${JP_LABEL}, magazines: 6 }`, `  - { name: odd, label: '${HOSTILE_LABEL}', magazines: 7 }`].join('\n');
    writeFileSync(yaml, uaFixtureYaml('games: 3000\nchunk: 1000', extra).replace('question: does a frag grenade help?', `question: '${QUESTION}'`));
    const out = join(root, 'results', 'browser');
    const run = spawnSync(process.execPath, [BIN, 'run', yaml, '--out', out, '--workers', '1', '--quiet'], { encoding: 'utf8', timeout: 110_000 });
    expect(run.status, run.stderr).toBe(0);

    const file = join(out, 'report.html');
    const check = await openReport(file, join(ARTIFACTS, 'report.png'));
    expectCleanPage(check, file, 4);
    expect(check.symbols, 'one win-rate point per variant').toBe(5);
    expect(check.title).toBe(`${QUESTION} — balance-lab`);
    expect(check.h1).toBe(QUESTION);
    expect(check.summaryText).toContain(JP_LABEL);
    expect(check.summaryText).toContain(HOSTILE_LABEL);
    expect(check.variantMarkup).toBe(0);
    expect(check.tooltips.some((t) => t.includes(HOSTILE_LABEL))).toBe(true);
  });

  it('from the report fixture (summary with a Japanese baseline label)', async () => {
    const out = join(root, 'results', 'fixture');
    await writeResults(makeSummary(), out, { packageVersion: '0.1.0', nodeVersion: 'v20.11.0', gitCommit: 'abc1234' });
    const file = join(out, 'report.html');
    const check = await openReport(file, join(ARTIFACTS, 'report-fixture.png'));
    expectCleanPage(check, file, 4);
    expect(check.symbols).toBe(4);
    expect(check.summaryText).toContain('標準装備');
  });
});
