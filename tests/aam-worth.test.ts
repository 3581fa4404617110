// The break-even worth and comparison tables computed from a run's summary.csv
// (src/rules/axis-allies-miniatures/worth.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResults } from '../src/report/files/write-results.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { analyseResults, breakEven, parseCsv } from '../src/rules/axis-allies-miniatures/worth.js';
import type { AamGameDef } from '../src/rules/axis-allies-miniatures/config.js';

describe('worth', () => {
  it('parseCsv handles quotes, doubled quotes, commas and a BOM', () => {
    expect(parseCsv('\ufeffa,"b, c","d ""e"""\n1,2,3\n')).toEqual([['a', 'b, c', 'd "e"'], ['1', '2', '3']]);
  });

  it('breakEven interpolates the count where the score crosses 50 %', () => {
    expect(breakEven([{ count: 2, score: 0.3 }, { count: 3, score: 0.8 }, { count: 1, score: 0.01 }])).toBeCloseTo(2.4, 12);
    expect(breakEven([{ count: 1, score: 0.5 }, { count: 2, score: 0.9 }])).toBe(1);
    expect(breakEven([{ count: 1, score: 0.6 }, { count: 2, score: 0.9 }])).toBeNull();
  });

  it('end to end on aam-points-value.yaml (small run): worth.csv has every ladder and comparison; the Panzer IV is worth about its own cost', async () => {
    const exp = loadExperiment('experiments/aam-points-value.yaml', { games: 1500 });
    const summary = await runExperiment(exp, { workers: 2 });
    const dir = mkdtempSync(join(tmpdir(), 'aam-worth-'));
    await writeResults(summary, dir, { packageVersion: '0.0.0-test', nodeVersion: process.version, gitCommit: null });
    const text = analyseResults(exp.compiled.game as AamGameDef, dir);
    const rows = parseCsv(readFileSync(join(dir, 'worth.csv'), 'utf8'));
    const game = exp.compiled.game as AamGameDef;
    expect(rows.length).toBe(1 + game.worth.length + game.compare.length);
    const header = rows[0];
    const pz = rows.find((r) => r[1] === 'Panzer IV Ausf. F2')!;
    const worth = Number(pz[header.indexOf('worth_points')]);
    expect(worth).toBeGreaterThan(19); // mirror break-even at 2 Panzer IVs: worth ≈ 22
    expect(worth).toBeLessThan(25);
    // Every comparison pairs a variant with its paired_with reference: each CI is the paired one.
    const compares = rows.filter((r) => r[0] === 'compare');
    expect(compares.map((r) => r[header.indexOf('ci_method')])).toEqual(game.compare.map(() => 'paired'));
    expect(text).toContain('Break-even worth');
    expect(text).toContain('Comparisons');
  });
});
