// The web app's sample games and flip attribution (issue 43, items 2 and 4) in Debian's Chromium (playwright-core)
// at 390×844 with touch, from disk: after a run of the flagship, each variant's sample games (a won game, a lost game,
// a flipped pair with its reference) open in the page by tap — the won game's narration is the CLI's `replay` of the
// same game line for line — the flipped pair is shown side by side with its first difference marked, attribution
// explains the LMG's flips, everything fits the phone, in English and in Japanese, with no console error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, REPO, DIST_WEB, FLAGSHIP } from './web-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en-US' };
const GAMES = 1000;

const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-web-why-'));
let browser: Browser;
const fileUrl = pathToFileURL(join(DIST_WEB, 'index.html')).href;

beforeAll(async () => {
  buildWeb();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** The CLI's narration of one game (the lines between its header and its final metrics). */
function cliReplay(variant: string, game: number, lang: string): string[] {
  const r = spawnSync(process.execPath, [join(REPO, 'bin/balance-lab.js'), '--lang', lang, 'replay', FLAGSHIP, '--variant', variant, '--game', String(game)], { cwd: REPO, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  const start = lines.indexOf('') + 1;
  const end = lines.lastIndexOf('', lines.length - 2);
  return lines.slice(start, end);
}

describe('web app: sample games and attribution (phone, file://)', () => {
  it('opens a won game (the CLI replay line for line), a lost game and a flipped pair, and attributes the LMG, in English and Japanese', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(fileUrl);
    await page.waitForSelector('#run');
    await page.selectOption('#lang', 'en');
    await page.selectOption('#file', FLAGSHIP);
    await page.fill('#games', String(GAMES));
    await page.fill('#workers', '2');
    await page.tap('#run');
    await page.waitForSelector('#why', { timeout: 240_000 });
    expect(await page.textContent('#why h2')).toBe('Sample games and why a variant differs');

    // The LMG variant: its sample games.
    const card = page.locator('.why-variant', { has: page.locator('h3', { hasText: /^lmg$/ }) });
    const v = await card.getAttribute('data-variant');
    await card.locator('button[data-samples]').tap();
    const won = card.locator('.why-samples button', { hasText: 'a won game' });
    await won.waitFor();
    const game = Number(await won.getAttribute('data-game'));
    await won.tap();
    await page.waitForSelector(`.why-game[data-shown="${v}-${game}"]`);
    const lines = await card.locator('.why-game td').allTextContents();
    expect(lines).toEqual(cliReplay('lmg', game, 'en'));
    expect(await card.locator('.why-game h4').textContent()).toBe(`lmg, game ${game} (won)`);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await card.locator('.why-samples button', { hasText: 'a lost game' }).tap();
    await page.waitForSelector('.why-game h4:text-matches("\\\\(lost\\\\)$")');

    const flip = card.locator('.why-samples button', { hasText: 'a flipped pair with baseline' });
    const fg = Number(await flip.getAttribute('data-game'));
    await flip.tap();
    await page.waitForSelector(`.why-game[data-shown="${v}-${fg}-pair"]`);
    expect(await card.locator('.why-game table.pair.two th').allTextContents()).toEqual(['baseline', 'lmg']);
    expect(await card.locator(`#first-diff-${v}`).count()).toBe(1);
    expect(await card.locator('.why-game a[href^="#first-diff"]').textContent()).toMatch(/^Jump to the first difference \(line \d+, /);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    // Attribution: the LMG's flips in words, with pairs to open.
    await card.locator('button[data-attribute]').tap();
    await card.locator('.why-answer').waitFor({ timeout: 120_000 });
    expect(await card.locator('.why-answer').textContent()).toMatch(/Against baseline, lmg flips \d+ of 2,000 games from success to failure/);
    await card.locator('button[data-game][data-pair]').first().tap();
    await card.locator('.why-game table.pair.two').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    // Japanese: the section, the buttons and the narration follow the language.
    await page.selectOption('#lang', 'ja');
    expect(await page.textContent('#why h2')).toBe('ゲームの例と、バリアントが違う理由');
    const cardJa = page.locator(`.why-variant[data-variant="${v}"]`);
    await cardJa.locator('button[data-samples]').tap();
    const wonJa = cardJa.locator('.why-samples button', { hasText: '勝ったゲーム' });
    await wonJa.tap();
    await page.waitForSelector(`.why-game[data-shown="${v}-${game}"]`);
    expect(await cardJa.locator('.why-game td').allTextContents()).toEqual(cliReplay('lmg', game, 'ja'));
    await cardJa.locator('button[data-attribute]').tap();
    await cardJa.locator('.why-answer').waitFor({ timeout: 120_000 });
    expect(await cardJa.locator('.why-answer').textContent()).toMatch(/[ぁ-んァ-ン]/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 400_000);
});
