// A report's sample-game link (issue 43 item 4) in Debian's Chromium (playwright-core) at 390×844 with touch: the
// report of a small flagship run, written with the web app's address (served over HTTP here, as on Pages), links
// the LMG's won game; opening that link runs the same work in the app and lands on the won game, replayed, with
// nothing wider than the phone and no console error.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, DIST_WEB, FLAGSHIP, openApp, REPO, serveStatic } from './web-fixtures.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { runExperiment } from '../../src/sim/run/run.js';
import { writeResults } from '../../src/report/files/write-results.js';
import { sampleLinksFor } from '../../src/action/sample-work.js';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-sample-links-'));
let browser: Browser;
let site: { url: string; server: Server };

beforeAll(async () => {
  buildWeb();
  site = await serveStatic(DIST_WEB);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  site?.server.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('report sample link → web app on a phone', () => {
  it('opens the run in the app and shows the LMG\'s won game', async () => {
    const exp = loadExperiment(join(REPO, FLAGSHIP), { games: 200 });
    const summary = await runExperiment(exp, { workers: 0 });
    const links = await sampleLinksFor(REPO, FLAGSHIP, [], { games: 200, seed: summary.seed }, site.url);
    await writeResults(summary, join(tmp, 'out'), { packageVersion: 'test', nodeVersion: 'v0', samples: links });
    const html = readFileSync(join(tmp, 'out', 'report.html'), 'utf8');
    const href = /<a href="([^"]+)" data-sample="won" data-variant="lmg">/.exec(html)![1].replace(/&amp;/g, '&');

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en-US' });
    const { page, errors } = await openApp(ctx, href);
    const shown = page.locator('.why-game[data-shown]');
    await shown.waitFor({ timeout: 240_000 });
    const v = exp.compiled.variants.findIndex((x) => x.name === 'lmg');
    expect(await shown.getAttribute('data-shown')).toMatch(new RegExp(`^${v}-\\d+$`));
    expect(await shown.locator('h4').textContent()).toMatch(/^lmg, game \d+ \(won\)$/);
    expect(await shown.locator('td').count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
