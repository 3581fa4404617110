#!/usr/bin/env node
/**
 * Games/s of the web app in Debian's Chromium against the CLI, both with 2 workers, on the flagship at a fixed game
 * count, measured back to back in one run (issue 26 item 4): CLI, browser, CLI, browser … — each side's best of
 * ROUNDS is compared, which discounts other processes that happen to load the machine during one measurement.
 * Needs `npm run build` and `npm run build:web` first and /usr/bin/chromium.
 *
 *   node scripts/web-speed.mjs [games per variant, default 20000] [rounds, default 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const games = Number(process.argv[2] ?? 20000);
const rounds = Number(process.argv[3] ?? 3);
const flagship = 'experiments/lmg-worth-8-magazines.yaml';
const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-speed-'));

function cliRate() {
  const out = join(tmp, 'cli');
  const r = spawnSync(process.execPath, ['bin/balance-lab.js', 'run', flagship, '--games', String(games), '--workers', '2', '--out', out, '--quiet'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).gamesPerSecond;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
async function browserRate() {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(pathToFileURL(join(root, 'dist-web/index.html')).href);
  await page.selectOption('#file', flagship);
  await page.fill('#games', String(games));
  await page.fill('#workers', '2');
  await page.click('#run');
  await page.waitForSelector('#downloads', { timeout: 600_000 });
  const run = await page.evaluate(() => JSON.parse(window.balanceLab.files['run.json']));
  await ctx.close();
  return run.gamesPerSecond;
}

const cli = [], web = [];
for (let i = 0; i < rounds; i++) {
  cli.push(cliRate());
  web.push(await browserRate());
  process.stderr.write(`round ${i + 1}: CLI ${Math.round(cli[i])} games/s, Chromium ${Math.round(web[i])} games/s\n`);
}
await browser.close();
rmSync(tmp, { recursive: true, force: true });
const best = (a) => Math.max(...a);
process.stdout.write(`${games} games per variant × 11 variants, 2 workers, ${rounds} rounds back to back: CLI best ${Math.round(best(cli))} games/s, Chromium best ${Math.round(best(web))} games/s, ratio ${(best(web) / best(cli)).toFixed(2)} (per round: ${web.map((w, i) => (w / cli[i]).toFixed(2)).join(', ')})\n`);
