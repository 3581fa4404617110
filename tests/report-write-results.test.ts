import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile, type TopLevelSpec } from 'vega-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceDirAtomically } from '../src/report/files/atomic-dir.js';
import { writeResults, type WriteResultsOptions } from '../src/report/files/write-results.js';
import { makeSummary } from './report-fixture.js';

const opts: WriteResultsOptions = { packageVersion: '0.1.0', nodeVersion: 'v20.11.0', gitCommit: 'abc1234' };

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'report-test-'));
  out = join(root, 'results', 'lmg');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A previous results folder: run.json plus a file the new run does not write. */
async function seedOldResults(): Promise<void> {
  await mkdir(join(out, 'charts'), { recursive: true });
  await writeFile(join(out, 'run.json'), '{"old":true}\n');
  await writeFile(join(out, 'summary.csv'), 'old summary\n');
  await writeFile(join(out, 'charts', 'stale.svg'), '<svg/>');
}

async function expectOldResultsIntact(): Promise<void> {
  expect(await readFile(join(out, 'run.json'), 'utf8')).toBe('{"old":true}\n');
  expect(await readFile(join(out, 'summary.csv'), 'utf8')).toBe('old summary\n');
  expect(await readFile(join(out, 'charts', 'stale.svg'), 'utf8')).toBe('<svg/>');
  expect(await readdir(join(root, 'results'))).toEqual(['lmg']);
}

describe('writeResults', () => {
  it('writes every file, creating missing parents, and returns relative paths', async () => {
    const files = await writeResults(makeSummary(), out, opts);
    expect(files).toEqual([
      'summary.csv',
      'attrition.csv',
      'cost-effectiveness.csv',
      'charts/win-rate.vl.json',
      'charts/win-rate.svg',
      'charts/paired-diff.vl.json',
      'charts/paired-diff.svg',
      'charts/attrition.vl.json',
      'charts/attrition.svg',
      'charts/cost-vs-win.vl.json',
      'charts/cost-vs-win.svg',
      'summary.json',
      'report.html',
      'run.json',
    ]);
    for (const f of files) expect((await readFile(join(out, f), 'utf8')).length).toBeGreaterThan(0);
    expect(await readdir(join(root, 'results'))).toEqual(['lmg']);
  });

  it('writes chart specs that compile and SVGs with marks', async () => {
    const files = await writeResults(makeSummary(), out, opts);
    for (const f of files.filter((p) => p.endsWith('.vl.json'))) {
      const spec = JSON.parse(await readFile(join(out, f), 'utf8')) as TopLevelSpec;
      expect(compile(spec).spec.marks?.length).toBeGreaterThan(0);
    }
    for (const f of files.filter((p) => p.endsWith('.svg'))) {
      const svg = await readFile(join(out, f), 'utf8');
      expect(svg.split('<path').length + svg.split('<line').length - 2).toBeGreaterThan(0);
    }
  });

  it('records the run in run.json', async () => {
    await writeResults(makeSummary(), out, opts);
    const run = JSON.parse(await readFile(join(out, 'run.json'), 'utf8'));
    expect(run).toMatchObject({
      experiment: {
        name: 'lmg-worth-8-magazines',
        question: 'Is an LMG worth 8 magazines?',
        file: 'experiments/lmg-worth-8-magazines.yaml',
        hash: 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
      },
      engine: 'urban-assault',
      seed: 20240607,
      stop: { kind: 'games', games: 20000, description: 'fixed 20000 games per variant' },
      gamesPerVariant: 20000,
      packageVersion: '0.1.0',
      gitCommit: 'abc1234',
      nodeVersion: 'v20.11.0',
      workers: 8,
      elapsedSeconds: 12.5,
      gamesPerSecond: 6400,
      replay: 'npx balance-lab replay experiments/lmg-worth-8-magazines.yaml --variant <name> --game <i> --seed 20240607',
    });
    expect(run.rulings).toEqual(makeSummary().rulings);
    expect(run.variants.map((v: { name: string }) => v.name)).toEqual(['standard', 'lmg', 'grenades', 'flank-first']);
  });

  it('records a null git commit when none is given', async () => {
    await writeResults(makeSummary(), out, { packageVersion: '0.1.0', nodeVersion: 'v20.11.0' });
    expect(JSON.parse(await readFile(join(out, 'run.json'), 'utf8')).gitCommit).toBeNull();
  });

  it('prepends a BOM to every CSV only with bom: true', async () => {
    const csvs = ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'];
    await writeResults(makeSummary(), out, { ...opts, bom: true });
    for (const f of csvs) {
      const bytes = await readFile(join(out, f));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    }
    expect((await readFile(join(out, 'run.json')))[0]).toBe(0x7b);
    await writeResults(makeSummary(), out, opts);
    for (const f of csvs) expect((await readFile(join(out, f), 'utf8')).startsWith('variant,')).toBe(true);
  });

  it('replaces the previous results folder entirely', async () => {
    await seedOldResults();
    await writeResults(makeSummary(), out, opts);
    expect(await readdir(join(out, 'charts'))).not.toContain('stale.svg');
    expect((await readFile(join(out, 'summary.csv'), 'utf8')).startsWith('variant,')).toBe(true);
    expect(await readdir(join(root, 'results'))).toEqual(['lmg']);
  });

  it('leaves the previous folder untouched and no temp folder when a chart step fails midway', async () => {
    await seedOldResults();
    const failing: WriteResultsOptions = {
      ...opts,
      onFileWritten: (rel) => {
        if (rel === 'charts/attrition.svg') throw new Error('disk full (injected)');
      },
    };
    await expect(writeResults(makeSummary(), out, failing)).rejects.toThrow('disk full (injected)');
    await expectOldResultsIntact();
  });

  it('never makes its temporary folder again once it is gone (Ctrl-C\'s exit handler removed it mid-write)', async () => {
    // The exit handler removes `.lmg.tmp-*` while writes are in flight; the next file's folder must not recreate it.
    const gone: WriteResultsOptions = {
      ...opts,
      onFileWritten: async (rel) => {
        if (rel !== 'summary.csv') return;
        for (const n of await readdir(join(root, 'results'))) if (n.startsWith('.lmg.tmp-')) await rm(join(root, 'results', n), { recursive: true, force: true });
      },
    };
    await expect(writeResults(makeSummary(), out, gone)).rejects.toThrow(/ENOENT/);
    expect(await readdir(join(root, 'results'))).toEqual([]);
  });

  it('leaves the previous folder untouched when the summary is inconsistent', async () => {
    await seedOldResults();
    const base = makeSummary();
    const broken = { ...base.variants[1], series: [{ step: 99, var: 0, n: 1, mean: 0, p10: 0, p50: 0, p90: 0 }] };
    const summary = makeSummary({ variants: [base.variants[0], broken] });
    await expect(writeResults(summary, out, opts)).rejects.toThrow(/outside the series spec/);
    await expectOldResultsIntact();
  });

  it('refuses to replace a folder that is not a results folder', async () => {
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'notes.txt'), 'precious');
    await expect(writeResults(makeSummary(), out, opts)).rejects.toThrow(/not a results folder \(no run\.json\): it holds notes\.txt/);
    expect(await readdir(out)).toEqual(['notes.txt']);
    expect(await readdir(join(root, 'results'))).toEqual(['lmg']);
  });

  it('writes into an existing empty folder', async () => {
    await mkdir(out, { recursive: true });
    await writeResults(makeSummary(), out, opts);
    expect(await readdir(out)).toContain('run.json');
  });
});

describe('replaceDirAtomically', () => {
  it('returns the fill result and cleans up the temp folder on failure', async () => {
    expect(await replaceDirAtomically(out, async (tmp) => {
      await writeFile(join(tmp, 'run.json'), '{}');
      return 42;
    })).toBe(42);
    await expect(
      replaceDirAtomically(out, async (tmp) => {
        await writeFile(join(tmp, 'partial.txt'), 'x');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(out)).toEqual(['run.json']);
    expect(await readdir(join(root, 'results'))).toEqual(['lmg']);
  });
});
