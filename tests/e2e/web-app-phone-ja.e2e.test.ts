// The web app on a phone in Japanese (issue 42): Debian's Chromium driven by playwright-core at 390×844 with touch,
// served over HTTP, with a fresh storage per test. The 目標 section of a run as cards inside the screen with the CLI's
// verdicts; 検査 shows the drift warnings of the committed baseline as check gives them; a scenario's Markdown drafted
// into its yaml balance-lab block (the CLI's draft byte for byte), copied and opened in the editor as a new file;
// "Save as new file" never overwrites the example it started from nor another saved item.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineDrift } from '../../src/check/drift.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { setLang } from '../../src/i18n/lang.js';
import { buildWeb, openApp, REPO, DIST_WEB, FLAGSHIP, serveStatic, writeIn } from './web-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'ja-JP' };
const DRAFT_SAMPLE = join(REPO, 'tests/fixtures/markdown/draft-sample.md');

/** A small experiment with the designer's d33 targets (two variants, 400 games each). */
const TARGETS_YAML = `name: targets-phone
question: 医療キットを1つ増やすと、チュートリアル01のクリア率は変わるか？
game: urban-assault
seed: 7
stop:
  games: 400
  chunk: 200
operation:
  scenario: builtin:tutorial-01-port
  difficulty: NORMAL
  max_flees: 3
squad:
  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }
  members: { assault: 7 }
  policy: default
variants:
  - { name: starting-kit, label: 初期装備, baseline: true }
  - { name: extra-medkit, label: 医療キット +1, buy: [medkit] }
targets:
  - { framework: d33 }
`;

const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-web-ja-'));
let browser: Browser;
let server: Server;
let url = '';

beforeAll(async () => {
  buildWeb();
  ({ server, url } = await serveStatic(DIST_WEB));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A fresh phone page in Japanese (own storage) recording console errors; `close` ends its context. */
async function phone(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const ctx = await browser.newContext(PHONE);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const { page, errors } = await openApp(ctx, url);
  return { page, errors, close: () => ctx.close() };
}

const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
const text = (page: Page, sel: string): Promise<string> => page.locator(sel).innerText();

/** Run the CLI in `cwd`; its stdout. */
function cli(args: string[], cwd = REPO): string {
  const r = spawnSync(process.execPath, [join(REPO, 'bin/balance-lab.js'), '--lang', 'ja', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`balance-lab ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return r.stdout;
}

describe('web app on a phone in Japanese (issue 42)', () => {
  it('目標: the targets as cards inside the screen, every cell labelled, the CLI\'s verdicts', async () => {
    const { page, errors, close } = await phone();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.fill('#text', TARGETS_YAML);
    await page.fill('#workers', '2');
    await page.tap('#run');
    await page.waitForSelector('#targets', { timeout: 120_000 });
    expect(await text(page, '#targets h2')).toBe('目標');
    const cards = await page.$$eval('#targets tbody tr', (rows) => rows.map((r) => {
      const box = r.getBoundingClientRect();
      const cells = [...r.querySelectorAll('td')];
      return {
        left: box.left, right: box.right, display: getComputedStyle(r).display,
        header: r.querySelector('th')?.textContent ?? '',
        labels: cells.map((c) => getComputedStyle(c, '::before').content),
        cells: cells.map((c) => c.textContent ?? ''),
      };
    }));
    expect(cards).toHaveLength(10); // 5 d33 targets × 2 variants
    for (const c of cards) {
      expect(c.display).toBe('block'); // a card, not a table row
      expect(c.left).toBeGreaterThanOrEqual(0);
      expect(c.right).toBeLessThanOrEqual(390);
      expect(c.labels.every((l) => /^".*[ぁ-んァ-ヶ一-龠].*"$/.test(l))).toBe(true); // each cell's label shown, in Japanese
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    // The CLI's target lines for the same run (same seed, games and chunks): verdict, target and variant in order.
    const file = writeIn(tmp, 'targets-phone.yaml', TARGETS_YAML);
    const lines = cli(['run', file, '--out', join(tmp, 'out'), '--workers', '2', '--quiet']).split('\n').filter((l) => /^ {2}(達成|未達|超過|未確定) {2}/.test(l));
    expect(lines).toHaveLength(cards.length);
    cards.forEach((c, k) => expect(lines[k].startsWith(`  ${c.cells[2].trim()}  ${c.header.trim()}  ${c.cells[0].trim()}: `), `${lines[k]} | ${JSON.stringify(c)}`).toBe(true));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('web app on a phone in Japanese: 検査, draft, save as (issue 42 item 6 and 8)', () => {
  it('検査 shows the drift of the committed baseline as check words it, and none while the file is the baseline\'s', async () => {
    const { page, errors, close } = await phone();
    await page.selectOption('#file', FLAGSHIP);
    const shipped = readFileSync(join(REPO, FLAGSHIP), 'utf8');
    setLang('ja');
    const notesOf = async (): Promise<string[]> => page.$$eval('#drift li', (li) => li.map((x) => x.textContent ?? ''));
    // As shipped: the baseline was made from this very file; whatever else drifted is what check says too.
    await page.tap('#validate');
    await page.waitForSelector('#status.ok');
    expect(await notesOf()).toEqual(baselineDrift(loadExperiment(FLAGSHIP), JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version)?.notes ?? []);
    expect((await notesOf()).some((n) => n.includes('ベースラインの後に実験が変わりました'))).toBe(false);
    // Edited, under another rule version: the experiment and the rulings changed since the baseline.
    const edited = shipped.replace('rulings: {}', 'rules: v1.01-2026-10\nrulings: {}');
    await page.fill('#text', edited);
    await page.tap('#validate');
    await page.waitForSelector('#drift:not([hidden]) li');
    expect(await text(page, '#drift p')).toMatch(/^ベースライン results\/baselines\/lmg-worth-8-magazines\.json とのずれ（check も同じ警告を出します）:$/);
    const notes = await notesOf();
    expect(notes).toEqual(baselineDrift(loadExperiment(writeIn(tmp, 'edited.yaml', edited)), JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version)!.notes);
    expect(notes).toContainEqual(expect.stringMatching(/^注記: ベースラインの後に実験が変わりました（sha256 /));
    expect(notes).toContainEqual(expect.stringMatching(/^注記: ベースラインの後に裁定が変わりました: .*rules: seed-2026-02-28 → v1\.01-2026-10/));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });

  it('drafts a picked scenario .md into the CLI\'s block, copies it and opens it in the editor as a new file', async () => {
    const { page, errors, close } = await phone();
    await page.tap('#draft summary');
    expect(await text(page, '#draft summary')).toBe('シナリオの Markdown からブロックを下書き');
    expect(await text(page, '#draft label.pick')).toBe('.md ファイルを選ぶ'); // the picker's words are the catalogue's, not the browser's
    await page.setInputFiles('#draftPick', DRAFT_SAMPLE);
    await page.waitForSelector('#draftResult:not([hidden])');
    const block = await page.inputValue('#draftOut');
    expect(block).toBe(cli(['draft', 'draft-sample.md'], join(REPO, 'tests/fixtures/markdown')));
    expect(block).toMatch(/^```yaml balance-lab\n/);
    expect(block).toMatch(/# TODO \d+行目: /);
    expect(await text(page, '#draftStatus')).toMatch(/^下書きしました: マップの項目 \d+ 件、手で確かめる TODO \d+ 件。$/);
    expect(await page.$eval('#draftOut', (e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    expect(await page.$eval('#draftOut', (e) => e.scrollWidth <= e.clientWidth)).toBe(true); // long TODO lines wrap
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.tap('#draftCopy');
    await page.waitForSelector('#draftStatus.ok >> text=コピーしました。');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(block);
    // Opened twice: two new files, neither over the other.
    await page.tap('#draftOpen');
    await page.waitForSelector('#status.ok');
    expect(await text(page, '#status')).toBe('scenarios/urban-assault/draft-sample.md としてシナリオエディターで開きました（Markdown に下書きのブロックを入れたもの）。');
    expect(await page.inputValue('#scenario')).toBe('scenarios/urban-assault/draft-sample.md');
    const md = readFileSync(DRAFT_SAMPLE, 'utf8');
    expect(await page.inputValue('#scenarioText')).toBe(`${md.replace(/\s*$/, '')}\n\n${block}`);
    await page.tap('#draftOpen');
    await page.waitForSelector('#status.ok >> text=draft-sample-2.md');
    expect(await page.inputValue('#scenario')).toBe('scenarios/urban-assault/draft-sample-2.md');
    // Pasted text without a map: one message from the catalogue.
    await page.fill('#draftMd', '# メモ\n\n本文だけ\n');
    await page.tap('#draftGo');
    await page.waitForSelector('#draftStatus.error');
    expect(await text(page, '#draftStatus')).toContain('マップ表が見つかりません');
    expect(errors).toEqual([]);
    await close();
  });

  it('"新しいファイルとして保存" keeps the example as it was and never overwrites a file', async () => {
    const { page, errors, close } = await phone();
    await page.selectOption('#file', FLAGSHIP);
    const shipped = readFileSync(join(REPO, FLAGSHIP), 'utf8');
    const mine = shipped.replace('seed: 20261121', 'seed: 42');
    await page.fill('#text', mine);
    await page.fill('#newFile', 'experiments/my-lmg.yaml');
    await page.tap('#saveAs');
    await page.waitForSelector('#status.ok');
    expect(await page.$eval(`#file option[value="${FLAGSHIP}"]`, (o) => o.textContent)).toBe('lmg-worth-8-magazines.yaml'); // not （編集済み）
    expect(await page.inputValue('#file')).toBe('experiments/my-lmg.yaml');
    expect(await page.inputValue('#text')).toBe(mine);
    expect(await text(page, '#status')).toBe(`experiments/my-lmg.yaml として保存しました。${FLAGSHIP} は編集する前のままです。`);
    // The example is the shipped file again, and not marked edited, after a reload too.
    await page.reload();
    await page.waitForSelector('#run');
    expect(await page.$eval(`#file option[value="${FLAGSHIP}"]`, (o) => o.textContent)).toBe('lmg-worth-8-magazines.yaml');
    await page.selectOption('#file', FLAGSHIP);
    expect(await page.inputValue('#text')).toBe(shipped);
    // A name already used (an example, or the file just saved) is refused, and nothing changes.
    for (const taken of ['experiments/lmg-break-even.yaml', 'experiments/my-lmg.yaml']) {
      await page.fill('#text', `${shipped}# 3\n`);
      await page.fill('#newFile', taken);
      await page.tap('#saveAs');
      await page.waitForSelector('#status.error');
      expect(await text(page, '#status')).toBe(`"${taken}" はこの端末にすでにあります。まだ使っていない名前を入れてください（何も上書きしていません）。`);
      await page.evaluate(() => { document.getElementById('status')!.className = 'status'; });
    }
    // The scenario editor's save as too: a shipped scenario's name is refused, its text untouched.
    await page.tap('#scen summary');
    const port = 'scenarios/urban-assault/tutorial-01-port.yaml';
    await page.fill('#scenarioText', '# 別のシナリオ\n');
    await page.fill('#newScenario', port);
    await page.tap('#saveScenarioAs');
    await page.waitForSelector('#status.error');
    expect(await text(page, '#status')).toBe(`"${port}" はこの端末にすでにあります。まだ使っていない名前を入れてください（何も上書きしていません）。`);
    await page.selectOption('#scenario', port);
    expect(await page.inputValue('#scenarioText')).toBe(readFileSync(join(REPO, port), 'utf8'));
    await page.selectOption('#file', 'experiments/my-lmg.yaml');
    expect(await page.inputValue('#text')).toBe(mine);
    await page.selectOption('#file', 'experiments/lmg-break-even.yaml');
    expect(await page.inputValue('#text')).toBe(readFileSync(join(REPO, 'experiments/lmg-break-even.yaml'), 'utf8'));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });
});
