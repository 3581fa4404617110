// Sweeps (src/sim/experiment/sweep.ts): a grid of parameter values expanded into
// variants sharing common random numbers, validated with clear errors; the
// sweep CSV and chart; and conditional rates (RateSpec.given) with their
// unpaired difference.
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { unpairedRateDiff } from '../src/sim/stats/stats.js';
import { sweepCsv } from '../src/report/files/sweep-csv.js';
import { breakdownCsv } from '../src/report/rate-families.js';
import { reportData, reportDataJson } from '../src/report/html/data.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { buildReportHtml } from '../src/report/html/report.js';
import { runJson } from '../src/report/files/run-json.js';
import { buildCharts } from '../src/report/charts/all.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';

const HEAD = `name: sw
game: urban-assault
seed: 7
stop: { games: 300, chunk: 100 }
operation:
  scenario: ../scenarios/urban-assault/tutorial-01-port.yaml
  difficulty: NORMAL
squad:
  leader: { sub_ability: shooting }
  members: { assault: 7 }
`;
const compile = (text: string) => compileExperiment(Source.parse('experiments/sw.yaml', text));

describe('sweep expansion', () => {
  it('a 3 × 2 grid becomes 6 variants named by value, the values set at their paths, the baseline flagged', () => {
    const exp = compile(`${HEAD}sweep:
  base: { policy: conservative }
  grid:
    operation.reorg_stage: [0, 1, 3]
    operation.reorg.magazines: [0, 6]
  baseline: { operation.reorg_stage: 0, operation.reorg.magazines: 0 }
`);
    const vs = exp.compiled.variants;
    expect(vs.map((v) => v.name)).toEqual(['reorg_stage0_magazines0', 'reorg_stage0_magazines6', 'reorg_stage1_magazines0', 'reorg_stage1_magazines6', 'reorg_stage3_magazines0', 'reorg_stage3_magazines6']);
    expect(vs.map((v) => v.baseline)).toEqual([true, false, false, false, false, false]);
    const p = vs[3].params as UaVariant;
    expect(p.operation!.reorgStage).toBe(1);
    expect(p.operation!.reorg.magazines).toBe(6);
    expect(p.squad.policy).toBe('conservative');
    expect(vs[3].label).toBe('reorg_stage=1, magazines=6');
    expect(exp.sweep!.params).toEqual(['operation.reorg_stage', 'operation.reorg.magazines']);
    expect(exp.sweep!.points[3].values).toEqual([1, 6]);
  });

  it('swept variants follow the listed ones and may supply the baseline', () => {
    const exp = compile(`${HEAD}variants:
  - { name: base, baseline: true }
sweep:
  grid: { operation.reorg_stage: [1, 2] }
`);
    expect(exp.compiled.variants.map((v) => v.name)).toEqual(['base', 'reorg_stage1', 'reorg_stage2']);
  });

  const bad: [string, string, RegExp][] = [
    ['a bad path', 'sweep:\n  grid: { "Operation..x": [1] }\n  baseline: { }\n', /sw\.yaml:\d+: sweep\.grid\.Operation\.\.x: "Operation\.\.x" is not a parameter path/],
    ['a duplicate value', 'sweep:\n  grid: { operation.reorg_stage: [1, 1] }\n', /sweep\.grid\.operation\.reorg_stage: a value is listed twice/],
    ['a baseline outside the grid', 'sweep:\n  grid: { operation.reorg_stage: [1, 2] }\n  baseline: { operation.reorg_stage: 3 }\n', /3 is not one of the swept values \(allowed: 1, 2\)/],
    ['too many combinations', `sweep:\n  grid:\n    operation.reorg.magazines: [${Array.from({ length: 20 }, (_, i) => i).join(', ')}]\n    operation.reorg.level: [0, -1, -2, -3, -4]\n    operation.reorg_stage: [0, 1, 2, 3]\n`, /400 combinations \(allowed: at most 200/],
    ['a name in base', 'sweep:\n  base: { name: x }\n  grid: { operation.reorg_stage: [1, 2] }\n', /"name" is set by the sweep/],
  ];
  for (const [what, text, re] of bad) it(`rejects ${what} with one error naming file, line and path`, () => expect(() => compile(HEAD + text)).toThrow(re));

  it('an error inside a generated variant names its path and the line of the sweep', () => {
    const text = `${HEAD}sweep:\n  grid: { operation.reorg_stage: [1, 7] }\n  baseline: { operation.reorg_stage: 1 }\n`;
    const line = text.split('\n').findIndex((l) => l.startsWith('  grid:')) + 1; // the sweep's mapping
    expect(() => compile(text)).toThrow(new RegExp(`sw\\.yaml:${line}: variants\\[1\\]\\.operation\\.reorg_stage: 7 is above the maximum`));
  });
});

describe('sweep outputs and conditional rates', () => {
  it('sweep.csv has a row per point with its values, rate, CI and paired difference; the sweep chart is built', async () => {
    const exp = compile(`${HEAD}sweep:\n  grid: { operation.reorg_stage: [0, 1, 3] }\n  baseline: { operation.reorg_stage: 0 }\n`);
    const summary = await runExperiment(exp, { workers: 0 });
    const csv = sweepCsv(summary)!;
    expect(csv.header).toEqual(['variant', 'operation.reorg_stage', 'games', 'rate', 'rate_lo', 'rate_hi', 'diff', 'diff_lo', 'diff_hi']);
    expect(csv.rows.map((r) => r[1])).toEqual([0, 1, 3]);
    for (const r of csv.rows) expect(Number(r[4])).toBeLessThanOrEqual(Number(r[3]));
    expect(buildCharts(summary).some((c) => c.name === 'sweep')).toBe(true);
    // summary.json keeps the sweep: the rebuilt page (with its sweep chart) is identical.
    const data = reportData(summary, runJson(summary, { packageVersion: '0.0.0-test', nodeVersion: 'v20', gitCommit: null }), new Date(0));
    const back = parseReportData(reportDataJson(data), 'summary.json');
    expect(back.summary.sweep).toEqual(summary.sweep);
    expect(buildReportHtml(back)).toBe(buildReportHtml(data));
  });

  it('a conditional rate uses the games meeting its condition as n', async () => {
    const exp = compile(`name: c
game: urban-assault
seed: 3
stop: { games: 400, chunk: 100 }
operation:
  scenario: ../scenarios/urban-assault/tutorial-01-port.yaml
  difficulty: HARD
  campaign: { max_attempts: 3 }
squad:
  leader: { sub_ability: command }
  members: { assault: 7 }
variants:
  - { name: a, baseline: true }
  - { name: b, operation: { reorg: { magazines: 6 } } }
`);
    const summary = await runExperiment(exp, { workers: 0 });
    const v = summary.variants[1], b = summary.variants[0];
    const cond = v.rates.find((r) => r.id === 'first_attempt_cleared_stage_1')!;
    const given = v.rates.find((r) => r.id === 'reached_stage_1')!;
    expect(cond.n).toBe(given.count);
    expect(cond.rate.estimate).toBeCloseTo(cond.count / given.count, 12);
    const bc = b.rates.find((r) => r.id === 'first_attempt_cleared_stage_1')!;
    const d = v.pairedRates.find((r) => r.id === 'first_attempt_cleared_stage_1')!;
    expect(d.diff.estimate).toBeCloseTo(cond.count / cond.n! - bc.count / bc.n!, 12);
    // The rate families: breakdown.csv rows (n = the condition's games) and one chart per family.
    const bd = breakdownCsv(summary)!;
    const row = bd.rows.find((r) => r[1] === 'b' && r[3] === 'first_attempt_cleared_stage_1')!;
    expect(row[0]).toBe('stage-clear-rate');
    expect(row[5]).toBe(given.count);
    expect(bd.rows.filter((r) => r[0] === 'attempts-to-clear').length).toBe(2 * 3);
    expect(buildCharts(summary).map((c) => c.name)).toEqual(expect.arrayContaining(['attempts-to-clear', 'stage-clear-rate']));
    // summary.json keeps the conditional rates' `given` and `n`: the rebuilt page is identical.
    const data = reportData(summary, runJson(summary, { packageVersion: '0.0.0-test', nodeVersion: 'v20', gitCommit: null }), new Date(0));
    const back = parseReportData(reportDataJson(data), 'summary.json');
    expect(back.summary).toEqual(data.summary);
    expect(buildReportHtml(back)).toBe(buildReportHtml(data));
  });

  it('unpairedRateDiff matches the hand formula', () => {
    const r = unpairedRateDiff(30, 100, 20, 80);
    const p1 = 0.3, p0 = 0.25, se = Math.sqrt(p1 * (1 - p1) / 100 + p0 * (1 - p0) / 80);
    expect(r.diff.estimate).toBeCloseTo(0.05, 12);
    expect(r.diff.hi - r.diff.estimate).toBeCloseTo(1.959963984540054 * se, 8);
    expect(r.p).toBeGreaterThan(0.4);
    expect(unpairedRateDiff(1, 0, 1, 5).p).toBeNaN();
  });
});
