// Hostile share links and shared storage in the real web app (issue 39 items 6, 7, 18, 19, 20), in Debian's Chromium
// driven by playwright-core: two copies of dist-web/ served from one origin (two GitHub Pages sites of one owner).
// A link opens as a new unsaved item and replaces nothing until the user agrees; a deflate bomb, a damaged link and a
// `__proto__` link get one catalogue message (en/ja) and leave the page working; a stored `__proto__` never reaches the
// editor; the two sites never see each other's edits.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, DIST_WEB, FLAGSHIP, openApp, REPO, serveStatic } from './web-fixtures.js';
import { encodeShare } from '../../web/src/share.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SCENARIO = 'scenarios/urban-assault/tutorial-01-port.yaml';
const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-web-hostile-'));
let browser: Browser;
let server: Server;
let siteA = '', siteB = '';

beforeAll(async () => {
  buildWeb();
  for (const s of ['site-a', 'site-b']) { mkdirSync(join(tmp, s)); cpSync(DIST_WEB, join(tmp, s), { recursive: true }); }
  const { server: srv, url } = await serveStatic(tmp);
  server = srv;
  siteA = `${url}site-a/`;
  siteB = `${url}site-b/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const open = openApp;

const stored = (page: Page): Promise<Record<string, string>> => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)!])));
const editsOf = (all: Record<string, string>, site: string): Record<string, string> => JSON.parse(all[`balance-lab:/${site}/:edits`] ?? '{}') as Record<string, string>;

describe('web app in Chromium: hostile share links and shared storage', () => {
  it('a link opens as a new unsaved item; keeping it asks before replacing the user\'s edit and a shipped scenario (item 6); the other site never sees it (item 19)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const { page, errors } = await open(ctx, siteA);
    const flagship = readFileSync(join(REPO, FLAGSHIP), 'utf8');
    const mine = `${flagship}# my own edit\n`;
    await page.selectOption('#file', FLAGSHIP);
    await page.fill('#text', mine);
    await page.fill('#games', '4000');
    const before = await stored(page);
    expect(editsOf(before, 'site-a')[FLAGSHIP]).toBe(mine);

    const fromLink = `${flagship}# from the link\n`;
    const hostileScenario = `${readFileSync(join(REPO, SCENARIO), 'utf8')}# changed by the link\n`;
    const link = await encodeShare({ file: FLAGSHIP, text: fromLink, files: { [SCENARIO]: hostileScenario }, command: 'run', games: 200, seed: 3 });
    await page.goto(`${siteA}#r=${link}`);
    await page.waitForSelector('#downloads', { timeout: 240_000 });
    // The link's work is shown as its own item and ran; nothing on the device changed.
    expect(await page.inputValue('#file')).toBe('#link');
    expect(await page.textContent('#file option[value="#link"]')).toBe('🔗 lmg-worth-8-magazines.yaml (from a link, not saved)');
    expect(await page.inputValue('#text')).toBe(fromLink);
    expect(await page.inputValue('#games')).toBe('200');
    expect(await stored(page)).toEqual(before);
    // The user's own item is still there, with the user's edit and settings.
    await page.selectOption('#file', FLAGSHIP);
    expect(await page.inputValue('#text')).toBe(mine);
    expect(await page.inputValue('#games')).toBe('4000');
    await page.click('#scen summary');
    await page.selectOption('#scenario', SCENARIO);
    expect(await page.inputValue('#scenarioText')).toBe(readFileSync(join(REPO, SCENARIO), 'utf8'));

    // Keeping the link asks first, naming what it would replace; declining changes nothing.
    await page.selectOption('#file', '#link');
    const asked: string[] = [];
    page.once('dialog', (d) => { asked.push(d.message()); void d.dismiss(); });
    await page.click('#keepLink');
    expect(asked).toEqual([`Keeping this link replaces these files on this device:\n${FLAGSHIP}\n${SCENARIO}\nReplace them?`]);
    expect(await page.textContent('#status')).toMatch(/^Nothing was changed/);
    expect(editsOf(await stored(page), 'site-a')).toEqual(editsOf(before, 'site-a'));
    // Agreeing keeps it.
    page.once('dialog', (d) => void d.accept());
    await page.click('#keepLink');
    const kept = editsOf(await stored(page), 'site-a');
    expect(kept[FLAGSHIP]).toBe(fromLink);
    expect(kept[SCENARIO]).toBe(hostileScenario);
    expect(await page.inputValue('#file')).toBe(FLAGSHIP);

    // The other site on the same origin has its own storage: the shipped flagship, no edits.
    const b = await open(ctx, siteB);
    await b.page.selectOption('#file', FLAGSHIP);
    expect(await b.page.inputValue('#text')).toBe(flagship);
    expect(editsOf(await stored(b.page), 'site-b')).toEqual({});
    expect([...errors, ...b.errors]).toEqual([]);
    await ctx.close();
  });

  it('a deflate bomb, a damaged link and a `__proto__` link get one catalogue message (en, ja) and the page keeps working (items 7, 18, 20)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const { page, errors } = await open(ctx, siteA);
    const bomb = `z${deflateRawSync(`{"v":1,"file":"experiments/x.yaml","command":"run","text":"${' '.repeat(300 * 1024 * 1024)}"}`).toString('base64url')}`;
    const t0 = Date.now();
    await page.goto(`${siteA}#r=${bomb}`);
    await page.waitForFunction(() => /could not be read/.test(document.getElementById('status')?.textContent ?? ''), undefined, { timeout: 20_000 });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await page.textContent('#status')).toBe('The shared link could not be read: the link unpacks to more than 2 MB; a share link may carry at most 2 MB. Nothing on this device was changed; ask for a new link.');
    expect(await page.evaluate(() => 1 + 1)).toBe(2);

    const proto = Buffer.from('{"v":1,"file":"__proto__","text":"x","command":"run"}').toString('base64url');
    await page.goto(`${siteA}#r=b${proto}`);
    await page.waitForFunction(() => /__proto__/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await page.textContent('#status')).toMatch(/^The shared link could not be read: the link names the file "__proto__", which is not allowed/);
    expect(await page.inputValue('#text')).not.toContain('[object Object]');

    await page.selectOption('#lang', 'ja');
    const cut = (await encodeShare({ file: FLAGSHIP, text: 'x', command: 'run' })).slice(0, 12);
    await page.goto(`${siteA}#r=${cut}`);
    await page.waitForFunction(() => /共有リンクを読めませんでした/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await page.textContent('#status')).toBe('共有リンクを読めませんでした: リンクが壊れています（展開できません）。この端末の内容は何も変わっていません。新しいリンクをもらってください。');
    expect(await page.textContent('#status')).not.toMatch(/fetch|TypeError/i);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a stored `__proto__` file or edit never reaches the editor, which keeps what the user types (item 18)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await ctx.addInitScript(() => {
      if (sessionStorage.getItem('planted')) return;
      sessionStorage.setItem('planted', '1');
      for (const k of ['balance-lab.state', 'balance-lab:/site-a/:state']) localStorage.setItem(k, '{"file":"__proto__","lang":"en"}');
      for (const k of ['balance-lab.edits', 'balance-lab:/site-a/:edits']) localStorage.setItem(k, '{"__proto__":"planted","constructor":"planted"}');
    });
    const { page, errors } = await open(ctx, siteA);
    expect(await page.inputValue('#text')).not.toBe('[object Object]');
    await page.fill('#text', 'game: urban-assault\n# typed\n');
    await page.reload();
    await page.waitForSelector('#run');
    expect(await page.inputValue('#text')).toBe('game: urban-assault\n# typed\n');
    expect(({} as Record<string, unknown>).planted).toBeUndefined();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
