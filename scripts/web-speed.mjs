#!/usr/bin/env node
/**
 * Games/s of the web app in Debian's Chromium and in WebKit (WebKitGTK's MiniBrowser driven by Debian's
 * WebKitWebDriver under Xvfb, W3C WebDriver: scripts/lib/webdriver.mjs) against the CLI, all with 2 workers, on the
 * flagship at a fixed game count, measured in paired rounds in one run (issue 26 item 4, issue 44 item 3): each round
 * plays the CLI, Chromium and WebKit back to back, the order rotating from round to round (CLI Chromium WebKit,
 * Chromium WebKit CLI, WebKit CLI Chromium, …) so a load that rises or falls during the sitting weighs on each side.
 * Each browser's ratio to the CLI is given per round (the runs of one round) and for the sides' best of the rounds.
 * Needs `npm run build` and `npm run build:web` first, /usr/bin/chromium, and for WebKit /usr/bin/WebKitWebDriver,
 * /usr/bin/Xvfb and MiniBrowser (apt-get install -y chromium webkit2gtk-driver xvfb); a browser that is missing is
 * left out with the reason (never downloaded).
 *
 *   node scripts/web-speed.mjs [games per variant, default 20000] [rounds, default 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { MINIBROWSER, WEBKIT_DRIVER, WebKitSession, XVFB } from './lib/webdriver.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const games = Number(process.argv[2] ?? 20000);
const rounds = Number(process.argv[3] ?? 3);
const flagship = 'experiments/lmg-worth-8-magazines.yaml';
const page = pathToFileURL(join(root, 'dist-web/index.html')).href;
const CHROMIUM = '/usr/bin/chromium';
const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-speed-'));
if (!existsSync(join(root, 'dist-web/index.html'))) throw new Error('dist-web/index.html not found: run "npm run build:web" first');

function cliRate() {
  const out = join(tmp, 'cli');
  const r = spawnSync(process.execPath, ['bin/balance-lab.js', 'run', flagship, '--games', String(games), '--workers', '2', '--out', out, '--quiet'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).gamesPerSecond;
}

/** The sides measured: name, games/s of one run, and how it is closed; a browser whose programs are missing is left out. */
const sides = [{ name: 'CLI', rate: cliRate, close: async () => {} }];
const left = [];

if (existsSync(CHROMIUM)) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  sides.push({
    name: 'Chromium',
    async rate() {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      await p.goto(page);
      await p.selectOption('#file', flagship);
      await p.fill('#games', String(games));
      await p.fill('#workers', '2');
      await p.click('#run');
      await p.waitForSelector('#downloads', { timeout: 600_000 });
      const run = await p.evaluate(() => JSON.parse(window.balanceLab.files['run.json']));
      await ctx.close();
      return run.gamesPerSecond;
    },
    close: () => browser.close(),
  });
} else left.push(`Chromium: ${CHROMIUM} not found (apt-get install -y chromium)`);

const missing = [WEBKIT_DRIVER, XVFB, MINIBROWSER].filter((f) => !existsSync(f));
if (missing.length === 0) {
  const wd = await WebKitSession.start();
  const set = (id, value) => wd.exec(`const el = document.getElementById(arguments[0]); el.value = arguments[1]; el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));`, id, value);
  sides.push({
    name: 'WebKit',
    async rate() {
      // A fresh page per run (as Chromium's fresh context): the app's Web Workers start anew.
      await wd.go('about:blank');
      await wd.go(page);
      await wd.until('return !!document.getElementById("run")', 30_000);
      await set('file', flagship);
      await set('games', String(games));
      await set('workers', '2');
      await wd.exec('document.getElementById("run").click();');
      await wd.until('return !!document.getElementById("downloads")', 1_800_000);
      const run = await wd.exec('return window.balanceLab.files["run.json"];');
      return JSON.parse(run).gamesPerSecond;
    },
    close: () => wd.stop(),
  });
} else left.push(`WebKit: ${missing.join(', ')} not found (apt-get install -y webkit2gtk-driver xvfb)`);

for (const l of left) process.stderr.write(`left out: ${l}\n`);
const rates = sides.map(() => []);
try {
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < sides.length; k++) {
      const s = (i + k) % sides.length;
      rates[s][i] = await sides[s].rate();
    }
    process.stderr.write(`round ${i + 1}: ${sides.map((s, j) => `${s.name} ${Math.round(rates[j][i])}`).join(', ')} games/s\n`);
  }
} finally {
  for (const s of sides) await s.close();
  rmSync(tmp, { recursive: true, force: true });
}
const best = (a) => Math.max(...a);
const cli = rates[0];
const parts = sides.map((s, j) => `${s.name} best ${Math.round(best(rates[j]))} games/s`);
const ratios = sides.slice(1).map((s, j) => `${s.name} ÷ CLI ${(best(rates[j + 1]) / best(cli)).toFixed(2)} (per round: ${rates[j + 1].map((w, i) => (w / cli[i]).toFixed(2)).join(', ')})`);
process.stdout.write(`${games} games per variant × 11 variants, 2 workers each, ${rounds} rounds (order rotating): ${parts.join(', ')}; ${ratios.join('; ')}\n`);
