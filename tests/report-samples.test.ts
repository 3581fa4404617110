/**
 * Sample-game links in report.html (issue 43 item 4): with the web app's address known (the Action's Pages site),
 * each variant's report section links a won game, a lost game and (a variant with a reference) a flipped pair; each
 * link decodes to this run's work (experiment file and text, the files it read, seed and games) and names the
 * variant and sample. Without an address (a local run) the report says so and how to get one, in English and
 * Japanese. Nothing extra is played: the summary of a run with links is the same as without.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { writeResults } from '../src/report/files/write-results.js';
import { onBoundedOpen } from '../src/sim/input/scenario-path.js';
import { sampleLinksFor } from '../src/action/sample-work.js';
import { sampleFromHash } from '../src/report/html/samples.js';
import { workFromHash } from '../src/report/share-link.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { setLang } from '../src/i18n/lang.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const REL = 'experiments/lmg-worth-8-magazines.yaml';
const root = mkdtempSync(join(tmpdir(), 'balance-lab-samples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => setLang('en'));

/** The flagship at 60 games, and the files its loading read (as the Action records them). */
async function flagship() {
  const opened: string[] = [];
  onBoundedOpen((p) => opened.push(p));
  let exp;
  try {
    exp = loadExperiment(join(REPO, REL), { games: 60 });
  } finally {
    onBoundedOpen(null);
  }
  return { exp, opened, summary: await runExperiment(exp, { workers: 0 }) };
}

const META = { packageVersion: 'test', nodeVersion: 'v0', gitCommit: null, writtenAt: new Date('2026-12-02T00:00:00Z') };

describe('report.html sample-game links', () => {
  it('links each variant\'s won game, lost game and flipped pair; each link decodes to this run and its sample', async () => {
    const { opened, summary } = await flagship();
    const links = await sampleLinksFor(REPO, REL, opened, { games: summary.gamesPerVariant, seed: summary.seed }, 'https://owner.github.io/repo/app/');
    expect(links).toBeDefined();
    const out = join(root, 'linked');
    await writeResults(summary, out, { ...META, samples: links });
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const section = html.slice(html.indexOf('<section id="samples">'), html.indexOf('</section>', html.indexOf('<section id="samples">')));
    const hrefs = [...section.matchAll(/<a href="([^"]+)" data-sample="(\w+)" data-variant="([^"]+)">/g)].map((m) => ({ href: m[1].replace(/&amp;/g, '&'), kind: m[2], variant: m[3] }));
    const want = summary.variants.flatMap((v) => ['won', 'lost', ...(v.pairedRates.length > 0 ? ['flip'] : [])].map((kind) => `${v.name}:${kind}`));
    expect(hrefs.map((h) => `${h.variant}:${h.kind}`)).toEqual(want);
    expect(want).toContain('lmg:flip');
    for (const h of hrefs) {
      const url = new URL(h.href);
      expect(url.origin + url.pathname).toBe('https://owner.github.io/repo/app/');
      expect(sampleFromHash(url.hash)).toEqual({ variant: h.variant, kind: h.kind });
      const work = await workFromHash(url.hash);
      expect(work).toMatchObject({ file: REL, text: readFileSync(join(REPO, REL), 'utf8'), command: 'run', games: 60, seed: summary.seed });
    }
    // The links survive a rebuild from summary.json; the numbers are those of a run without links.
    expect(parseReportData(readFileSync(join(out, 'summary.json'), 'utf8'), 'summary.json').samples).toEqual(links);
    const plain = join(root, 'plain');
    await writeResults(summary, plain, META);
    expect(readFileSync(join(plain, 'summary.csv'), 'utf8')).toBe(readFileSync(join(out, 'summary.csv'), 'utf8'));
  });

  it('a local run (no app address) says it has no links and how to get them, in English and Japanese', async () => {
    const { summary } = await flagship();
    for (const [lang, says] of [['en', 'does not know where the web app is'], ['ja', 'Web アプリの場所を知らない']] as const) {
      setLang(lang);
      const out = join(root, `local-${lang}`);
      await writeResults(summary, out, META);
      const html = readFileSync(join(out, 'report.html'), 'utf8');
      expect(html).toContain('<section id="samples">');
      expect(html).toContain(says);
      expect(html).toContain('pages-url');
      expect(html).not.toContain('data-sample=');
    }
  });

  it('the Action with pages and the app writes the links: the experiment and the Markdown scenario it reads travel in them', async () => {
    const ws = join(root, 'ws');
    const fixtures = join(REPO, 'tests', 'fixtures', 'markdown');
    mkdirSync(join(ws, 'scenarios'), { recursive: true });
    mkdirSync(join(ws, 'experiments'), { recursive: true });
    mkdirSync(join(ws, 'app'), { recursive: true });
    writeFileSync(join(ws, 'app', 'index.html'), '<!doctype html>');
    writeFileSync(join(ws, 'app', 'app.js'), '');
    copyFileSync(join(fixtures, 'training.md'), join(ws, 'scenarios', 'training.md'));
    const text = readFileSync(join(fixtures, 'experiment.yaml'), 'utf8').replace('scenario: training.md', 'scenario: ../scenarios/training.md').replace('games: 400', 'games: 100');
    writeFileSync(join(ws, 'experiments', 'port.yaml'), text);
    const r = spawnSync(process.execPath, [join(REPO, 'bin/balance-lab.js'), 'action', '--experiments', 'experiments/*.yaml', '--mode', 'run', '--out', 'results', '--pages', 'site', '--app', 'app', '--workers', '0'], {
      cwd: ws, encoding: 'utf8', timeout: 110_000, env: { ...process.env, GITHUB_WORKSPACE: ws, GITHUB_REPOSITORY: 'designer/scenarios', GITHUB_STEP_SUMMARY: '', GITHUB_OUTPUT: '' },
    });
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(ws, 'site', 'md-training', 'report.html'), 'utf8');
    const href = /<a href="([^"]+)" data-sample="won" data-variant="([^"]+)">/.exec(html);
    expect(href).not.toBeNull();
    const url = new URL(href![1].replace(/&amp;/g, '&'));
    expect(url.origin + url.pathname).toBe('https://designer.github.io/scenarios/app/');
    expect(await workFromHash(url.hash)).toMatchObject({ file: 'experiments/port.yaml', text, files: { 'scenarios/training.md': readFileSync(join(fixtures, 'training.md'), 'utf8') }, games: 100 });
    // An app page with no script tag still loads the repository's files (issue 42): the tag goes at the end.
    expect(readFileSync(join(ws, 'site', 'app', 'index.html'), 'utf8')).toBe('<!doctype html><script src="site-files.js"></script>\n');
  });

  it('an experiment outside experiments/, scenarios/ and rulesets/ cannot travel in a link: no links, the note instead', async () => {
    expect(await sampleLinksFor(REPO, 'package.json', [], { games: 1, seed: 1 }, 'https://o.github.io/r/app/')).toBeUndefined();
  });
});
