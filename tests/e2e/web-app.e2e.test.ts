// The static web app (dist-web/, issue 26) in Debian's Chromium driven by playwright-core, at 390×844 with touch and
// at desktop size, opened from disk (file://) and from a local static server: the flagship run's CSVs are byte for
// byte the CLI's, a solve and a search give the CLI's CSVs, no console error, nothing wider than the phone (the app
// and each kind of report.html), the language switches, and a share link replays the run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, cli, openApp, REPO, DIST_WEB, FLAGSHIP, FLAGSHIP_GAMES, serveStatic, smallSearchYaml, smallSolveYaml, writeIn } from './web-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, acceptDownloads: true, locale: 'en-US' };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, acceptDownloads: true, locale: 'en-US' };

const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-web-'));
let browser: Browser;
let server: Server;
let httpUrl = '';
const fileUrl = pathToFileURL(join(DIST_WEB, 'index.html')).href;
let cliRun: Record<string, string>, cliSolve: Record<string, string>, cliSearch: Record<string, string>;

beforeAll(async () => {
  buildWeb();
  cliRun = cli(['run', FLAGSHIP, '--games', String(FLAGSHIP_GAMES), '--workers', '2'], join(tmp, 'cli-run'));
  cliSolve = cli(['solve', writeIn(tmp, 'solve.yaml', smallSolveYaml()), '--workers', '2'], join(tmp, 'cli-solve'));
  cliSearch = cli(['search', writeIn(tmp, 'search.yaml', smallSearchYaml()), '--workers', '2'], join(tmp, 'cli-search'));
  ({ server, url: httpUrl } = await serveStatic(DIST_WEB));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A fresh page (own storage) that records console errors and uncaught exceptions. */
async function open(opts: BrowserContextOptions, url: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const ctx = await browser.newContext(opts);
  const { page, errors } = await openApp(ctx, url);
  return { page, errors, close: () => ctx.close() };
}

async function downloaded(page: Page, name: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(`button[data-file="${name}"]`)]);
  return readFileSync((await d.path())!, 'utf8');
}

const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** Run the flagship at FLAGSHIP_GAMES on 2 workers and wait for its results. */
async function runFlagship(page: Page): Promise<void> {
  await page.selectOption('#file', FLAGSHIP);
  await page.fill('#games', String(FLAGSHIP_GAMES));
  await page.fill('#workers', '2');
  await page.click('#run');
  await page.waitForSelector('#downloads', { timeout: 240_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('.vega')].every((e) => e.getAttribute('data-state') !== 'pending'));
}

/** Open a report.html's text at phone size from disk and return its scroll width once its charts are drawn. */
async function reportWidth(html: string, name: string): Promise<{ width: number; errors: string[] }> {
  const file = writeIn(tmp, name, html);
  const { page, errors, close } = await open(PHONE, pathToFileURL(file).href).catch(async () => {
    // report pages have no #run: open them directly
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(file).href);
    return { page, errors, close: () => ctx.close() };
  });
  if (await page.$('body[data-charts]')) await page.waitForSelector('body[data-charts="done"]');
  const width = await scrollWidth(page);
  await close();
  return { width, errors };
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('web app in Chromium at %s size', (size, opts) => {
  it.each([['file://', () => fileUrl], ['http://', () => httpUrl]])('over %s: the flagship run gives the CLI\'s CSVs byte for byte, no console error', async (_scheme, url) => {
    const { page, errors, close } = await open(opts, url());
    await runFlagship(page);
    for (const f of ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv']) expect(await downloaded(page, f), f).toBe(cliRun[f]);
    expect(await page.textContent('#status')).toMatch(/games\/s, 2 worker/);
    expect(await page.locator('.vega[data-state="rendered"]').count()).toBeGreaterThanOrEqual(3);
    if (size === 'phone') expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('web app in Chromium: solve, search, reports, language, share link (phone, file://)', () => {
  it('solves a pasted experiment with the CLI\'s solve.csv; its report.html fits the phone', async () => {
    const { page, errors, close } = await open(PHONE, fileUrl);
    await page.selectOption('#file', 'experiments/lmg-break-even.yaml');
    await page.fill('#text', smallSolveYaml());
    await page.fill('#workers', '2');
    await page.click('#solve');
    await page.waitForSelector('#answer[data-kind="solve"]', { timeout: 240_000 });
    expect(await downloaded(page, 'solve.csv')).toBe(cliSolve['solve.csv']);
    expect(await page.textContent('#answer')).toContain('catalogue.weapons.LMG.cost');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    const report = await reportWidth(await downloaded(page, 'report.html'), 'solve-report.html');
    expect(report.width).toBeLessThanOrEqual(390);
    expect(report.errors).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('searches a pasted experiment with the CLI\'s search.csv; its report.html fits the phone', async () => {
    const { page, errors, close } = await open(PHONE, fileUrl);
    await page.selectOption('#file', 'experiments/robot-best-army.yaml');
    await page.fill('#text', smallSearchYaml());
    await page.fill('#workers', '2');
    await page.click('#search');
    await page.waitForSelector('#answer[data-kind="search"]', { timeout: 240_000 });
    expect(await downloaded(page, 'search.csv')).toBe(cliSearch['search.csv']);
    const report = await reportWidth(await downloaded(page, 'report.html'), 'search-report.html');
    expect(report.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });

  it('the run\'s report.html fits the phone with every chart drawn; the CLI\'s report.html does too', async () => {
    const { page, close } = await open(PHONE, fileUrl);
    await runFlagship(page);
    for (const [name, html] of [['web-run-report.html', await downloaded(page, 'report.html')], ['cli-run-report.html', cliRun['report.html']]]) {
      const report = await reportWidth(html, name);
      expect(report.width, name).toBeLessThanOrEqual(390);
      expect(report.errors, name).toEqual([]);
    }
    await close();
  });

  it('switches to Japanese and back; a validation error names the file and line in the chosen language', async () => {
    const { page, errors, close } = await open(PHONE, fileUrl);
    await page.selectOption('#lang', 'ja');
    expect(await page.textContent('h1')).toBe('ブラウザで balance-lab');
    expect(await page.textContent('#run')).toBe('実行');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.fill('#text', 'game: urban-assault\nseed: -1\n');
    await page.click('#validate');
    expect(await page.textContent('#status')).toMatch(/^experiments\/lmg-worth-8-magazines\.yaml:\d+:/);
    await page.reload();
    expect(await page.textContent('h1')).toBe('ブラウザで balance-lab');
    await page.selectOption('#lang', 'en');
    expect(await page.textContent('#run')).toBe('Run');
    expect(errors).toEqual([]);
    await close();
  });

  it('a Markdown scenario added in the app runs like the CLI runs it', async () => {
    const md = readFileSync(join(REPO, 'tests/fixtures/markdown/training.md'), 'utf8');
    const expText = readFileSync(join(REPO, 'tests/fixtures/markdown/experiment.yaml'), 'utf8');
    const cliMd = cli(['run', 'tests/fixtures/markdown/experiment.yaml', '--workers', '2'], join(tmp, 'cli-md'));
    const { page, errors, close } = await open(PHONE, fileUrl);
    await page.click('#scen summary');
    await page.fill('#scenarioText', md);
    await page.fill('#newScenario', 'scenarios/urban-assault/training.md');
    await page.click('#saveScenarioAs');
    expect(await page.inputValue('#scenario')).toBe('scenarios/urban-assault/training.md');
    await page.fill('#text', expText.replace('scenario: training.md', 'scenario: ../scenarios/urban-assault/training.md'));
    await page.fill('#newFile', 'experiments/md-training.yaml');
    await page.click('#saveAs');
    expect(await page.inputValue('#file')).toBe('experiments/md-training.yaml');
    await page.fill('#workers', '2');
    await page.click('#run');
    await page.waitForSelector('#downloads', { timeout: 240_000 });
    expect(await downloaded(page, 'summary.csv')).toBe(cliMd['summary.csv']);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });

  it('a share link carries the edited experiment and replays the same run in a fresh browser', async () => {
    const a = await open(PHONE, httpUrl);
    const edited = readFileSync(join(DIST_WEB, '..', FLAGSHIP), 'utf8').replace('seed: 20261121', 'seed: 5');
    await a.page.selectOption('#file', FLAGSHIP);
    await a.page.fill('#text', edited);
    await a.page.fill('#games', '2000');
    await a.page.fill('#workers', '2');
    await a.page.click('#run');
    await a.page.waitForSelector('#downloads', { timeout: 240_000 });
    const first = await downloaded(a.page, 'summary.csv');
    await a.page.click('#share');
    const link = await a.page.getAttribute('#shareLink', 'href');
    expect(link).toMatch(/#r=z[A-Za-z0-9_-]+$/);
    await a.close();
    const b = await open(PHONE, link!);
    await b.page.waitForSelector('#downloads', { timeout: 240_000 });
    expect(await b.page.inputValue('#text')).toBe(edited);
    expect(await downloaded(b.page, 'summary.csv')).toBe(first);
    expect(b.errors).toEqual([]);
    await b.close();
  });
});
