// The designer's Pages app holds his repository (issue 42): a repository laid out by `init`, plus his Markdown
// scenario and a second experiment reading it, published by `balance-lab action --pages … --app dist-web` as the
// Action does; the Pages folder served by a local static server and opened in Debian's Chromium at 390 px in
// Japanese. His experiments are listed first under 「このリポジトリのファイル」, the app opens on the first one,
// 検査 passes on it with no drift against his own baseline and warns once his file no longer matches it; his copy of
// a shipped scenario path wins over the example; a hostile file name is shown as text; a new scenario saved in init's
// layout (scenarios/NAME.yaml) is accepted and init's experiment runs; no request leaves the page.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, openApp, REPO, DIST_WEB, serveStatic } from './web-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BIN = join(REPO, 'bin/balance-lab.js');
const FIXTURES = join(REPO, 'tests/fixtures/markdown');
const HOSTILE = 'scenarios/<img src=x onerror=alert(1)>.md';
const MINE = '# his own copy of the shipped example path\n';

const ws = mkdtempSync(join(tmpdir(), 'balance-lab-site-e2e-'));
let browser: Browser;
let server: Server;
let url = '';

beforeAll(async () => {
  buildWeb();
  expect(spawnSync(process.execPath, [BIN, 'init'], { cwd: ws, encoding: 'utf8' }).status).toBe(0);
  copyFileSync(join(FIXTURES, 'training.md'), join(ws, 'scenarios', 'training.md'));
  writeFileSync(join(ws, 'experiments', 'md-training.yaml'), readFileSync(join(FIXTURES, 'experiment.yaml'), 'utf8').replace('scenario: training.md', 'scenario: ../scenarios/training.md'));
  writeFileSync(join(ws, HOSTILE), '# hostile\n');
  mkdirSync(join(ws, 'scenarios', 'urban-assault'));
  writeFileSync(join(ws, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml'), MINE + readFileSync(join(REPO, 'scenarios/urban-assault/tutorial-01-port.yaml'), 'utf8'));
  const r = spawnSync(process.execPath, [BIN, '--lang', 'ja', 'action', '--experiments', 'experiments/*.yaml', '--mode', 'update', '--games', '100', '--workers', '0',
    '--out', 'balance-lab-results', '--pages', 'site', '--app', DIST_WEB], { cwd: ws, encoding: 'utf8', env: { ...process.env, GITHUB_WORKSPACE: ws } });
  expect(r.status, r.stderr).toBe(0);
  ({ server, url } = await serveStatic(join(ws, 'site')));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(ws, { recursive: true, force: true });
});

const text = (page: Page, sel: string): Promise<string> => page.$eval(sel, (e) => (e.textContent ?? '').trim());

describe('the Pages app of a repository (Chromium, 390 px, ja)', () => {
  it('lists his experiments first, opens on the first, and 検査 compares it with his own baseline', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ja-JP' });
    const requests: string[] = [];
    ctx.on('request', (q) => { if (!q.url().startsWith(url) && !q.url().startsWith('blob:') && !q.url().startsWith('data:')) requests.push(q.url()); });
    const { page, errors } = await openApp(ctx, `${url}app/`);
    const groups = await page.$$eval('#file optgroup', (gs) => gs.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.value)] as const));
    expect(groups[0]).toEqual(['このリポジトリのファイル', ['experiments/md-training.yaml', 'experiments/urban-assault.yaml']]);
    expect(groups[1][0]).toBe('同梱の例');
    expect(await page.$eval('#file', (s) => (s as HTMLSelectElement).value)).toBe('experiments/md-training.yaml');
    expect(await page.$eval('#text', (t) => (t as HTMLTextAreaElement).value)).toBe(readFileSync(join(ws, 'experiments/md-training.yaml'), 'utf8'));

    // init's experiment: its scenario scenarios/starter-port.yaml is his, beside it; his baseline matches: no drift.
    await page.selectOption('#file', 'experiments/urban-assault.yaml');
    await page.tap('#validate');
    await page.waitForSelector('#status.ok');
    expect(await text(page, '#status')).toMatch(/^experiments\/urban-assault\.yaml: 問題ありません — バリアント 2 個/);
    expect(await page.$eval('#drift', (d) => (d as HTMLElement).hidden)).toBe(true);

    // Once the file no longer matches his baseline (which the shipped files do not have), 検査 warns, naming it.
    await page.fill('#text', readFileSync(join(ws, 'experiments/urban-assault.yaml'), 'utf8').replace(/^seed: 1$/m, 'seed: 2'));
    await page.tap('#validate');
    await page.waitForSelector('#drift:not([hidden]) li');
    expect(await text(page, '#drift p')).toBe('ベースライン results/baselines/urban-assault.json とのずれ（check も同じ警告を出します）:');

    // His Markdown scenario runs too (検査), and the scenario list holds his files first, the hostile name as text.
    await page.selectOption('#file', 'experiments/md-training.yaml');
    await page.tap('#validate');
    await page.waitForSelector('#status.ok >> text=md-training.yaml');
    const scen = await page.$$eval('#scenario optgroup', (gs) => gs.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => [o.value, o.textContent])] as const));
    expect(scen[0][0]).toBe('このリポジトリのファイル');
    expect(scen[0][1]).toContainEqual([HOSTILE, HOSTILE.split('/').pop()]);
    expect(scen[0][1].map(([v]) => v)).toEqual(expect.arrayContaining(['scenarios/starter-port.yaml', 'scenarios/training.md', 'scenarios/urban-assault/tutorial-01-port.yaml']));
    await page.tap('#scen summary');
    await page.selectOption('#scenario', 'scenarios/urban-assault/tutorial-01-port.yaml');
    expect(await page.$eval('#scenarioText', (t) => (t as HTMLTextAreaElement).value.split('\n')[0])).toBe(MINE.trimEnd());

    // init's layout on the phone: a new scenario beside his (scenarios/NAME.yaml, no game folder) is accepted.
    await page.fill('#newScenario', 'scenarios/my-port.yaml');
    await page.tap('#saveScenarioAs');
    await page.waitForSelector('#status.ok');
    expect(await text(page, '#status')).toMatch(/^scenarios\/my-port\.yaml として保存しました/);

    // init's experiment runs (few games), with its targets.
    await page.selectOption('#file', 'experiments/urban-assault.yaml');
    await page.fill('#games', '200');
    await page.tap('#run');
    await page.waitForSelector('#targets', { timeout: 120_000 });

    // Nothing scrolls sideways at 390 px; no error, no request off the page's own site.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => (globalThis as unknown as { balanceLabErrors: string[] }).balanceLabErrors)).toEqual([]);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await ctx.close();
  });
});
