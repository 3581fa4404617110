// The web app's smoke test in a WebKit engine (iPhone browsers are WebKit): Debian's WebKitWebDriver drives
// WebKitGTK's MiniBrowser under Xvfb through plain W3C WebDriver calls (tests/e2e/webdriver.ts, fetch only).
// MiniBrowser's window cannot be narrower than its toolbar (447 px), so the phone width is tested the standard way
// a page is laid out at a given width: the app inside a same-origin 390×844 iframe (over http), where the iframe's
// own document must not be wider than 390 px. From file:// the app runs at the window's own width.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, cli, DIST_WEB, FLAGSHIP, FLAGSHIP_GAMES, serveStatic, smallSolveYaml, writeIn } from './web-fixtures.js';
import { MINIBROWSER, WEBKIT_DRIVER, WebKitSession, XVFB } from './webdriver.js';

const PHONE_PAGE = '<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}iframe{width:390px;height:844px;border:0;display:block}</style></head>' +
  '<body><iframe src="index.html"></iframe></body></html>';
const REPORT_FRAME = (src: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}iframe{width:390px;height:844px;border:0}</style></head><body><iframe src="${src}"></iframe></body></html>`;

const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-webkit-'));
let wd: WebKitSession;
let server: Server;
let httpUrl = '';
let cliRun: Record<string, string>, cliSolve: Record<string, string>;

beforeAll(async () => {
  for (const f of [WEBKIT_DRIVER, XVFB, MINIBROWSER]) {
    if (!existsSync(f)) throw new Error(`${f} not found: the WebKit test needs Debian's webkit2gtk-driver and xvfb (apt-get install -y webkit2gtk-driver xvfb); it never downloads a browser.`);
  }
  buildWeb();
  cliRun = cli(['run', FLAGSHIP, '--games', String(FLAGSHIP_GAMES), '--workers', '2'], join(tmp, 'cli-run'));
  cliSolve = cli(['solve', writeIn(tmp, 'solve.yaml', smallSolveYaml()), '--workers', '2'], join(tmp, 'cli-solve'));
  ({ server, url: httpUrl } = await serveStatic(DIST_WEB, { '/phone.html': PHONE_PAGE, '/run-report.html': cliRun['report.html'], '/phone-report.html': REPORT_FRAME('run-report.html') }));
  wd = await WebKitSession.start();
});

afterAll(async () => {
  await wd?.stop();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const set = (id: string, value: string) => wd.exec(`const el = document.getElementById(arguments[0]); el.value = arguments[1]; el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));`, id, value);
const click = (id: string) => wd.exec('document.getElementById(arguments[0]).click();', id);
const errors = () => wd.exec<string[]>('return window.balanceLabErrors || ["no error recorder"];');

async function runFlagship(): Promise<Record<string, string>> {
  await wd.until('return !!document.getElementById("run")', 30_000);
  await set('file', FLAGSHIP);
  await set('games', String(FLAGSHIP_GAMES));
  await set('workers', '2');
  await click('run');
  await wd.until('return !!document.getElementById("downloads")', 240_000);
  await wd.until('return [...document.querySelectorAll(".vega")].every((e) => e.getAttribute("data-state") !== "pending")', 60_000);
  return wd.exec<Record<string, string>>('return window.balanceLab.files;');
}

describe('web app in WebKit (WebKitGTK MiniBrowser via WebKitWebDriver under Xvfb)', () => {
  it('from file://: the flagship run gives the CLI\'s CSVs byte for byte; a solve gives the CLI\'s solve.csv; no error', async () => {
    await wd.go(pathToFileURL(join(DIST_WEB, 'index.html')).href);
    const files = await runFlagship();
    for (const f of ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv']) expect(files[f], f).toBe(cliRun[f]);
    expect(await wd.exec('return document.querySelectorAll(\'.vega[data-state="rendered"]\').length')).toBeGreaterThanOrEqual(3);
    expect(await wd.exec<number>('return document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await set('file', 'experiments/lmg-break-even.yaml');
    await set('text', smallSolveYaml());
    await click('solve');
    await wd.until('return !!document.querySelector(\'#answer[data-kind="solve"]\')', 240_000);
    expect((await wd.exec<Record<string, string>>('return window.balanceLab.files;'))['solve.csv']).toBe(cliSolve['solve.csv']);
    expect(await errors()).toEqual([]);
  });

  it('at 390 px (an iframe over http): the app and the run report.html are no wider than the phone; the language switches', async () => {
    await wd.go(`${httpUrl}phone.html`);
    await wd.frame(0);
    const files = await runFlagship();
    expect(files['summary.csv']).toBe(cliRun['summary.csv']);
    expect(await wd.exec('return window.innerWidth')).toBe(390);
    expect(await wd.exec<number>('return document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await set('lang', 'ja');
    expect(await wd.exec('return document.querySelector("h1").textContent')).toBe('ブラウザで balance-lab');
    expect(await wd.exec('return document.getElementById("run").textContent')).toBe('実行');
    expect(await wd.exec<number>('return document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await errors()).toEqual([]);
    await wd.frame(null);
    await wd.go(`${httpUrl}phone-report.html`);
    await wd.frame(0);
    await wd.until('return document.body.getAttribute("data-charts") === "done"', 60_000);
    expect(await wd.exec('return document.querySelectorAll(\'.vega[data-state="failed"]\').length')).toBe(0);
    expect(await wd.exec<number>('return document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await wd.frame(null);
  });
});
