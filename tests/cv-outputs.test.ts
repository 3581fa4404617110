// Where a run with `control_variates: true` shows its adjusted figures (issue 27): the table's note (en/ja), the
// extra raw columns of summary.csv, run.json, summary.json (read back for `report`), and `check`'s bands and
// regression rows, which judge the adjusted numbers. Fixture: the 8-d6 dice engine (tests/helpers/cv-dice-engine.ts).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkBands } from '../src/check/bands.js';
import { baselineFromSummary } from '../src/check/baseline.js';
import { compareWithBaseline } from '../src/check/compare.js';
import { normalQuantile } from '../src/check/normal.js';
import { setLang } from '../src/i18n/lang.js';
import { formatTable } from '../src/report/format-table.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { reportData, reportDataJson } from '../src/report/html/data.js';
import { buildReportHtml } from '../src/report/html/report.js';
import { runJson } from '../src/report/files/run-json.js';
import { summaryCsv } from '../src/report/files/summary-csv.js';
import { runExperiment } from '../src/sim/run/run.js';
import { halfWidth, Z95 } from '../src/sim/stats/stats.js';
import type { RunSummary } from '../src/sim/stats/summary.js';
import { cvDiceExperiment, registerCvDice } from './helpers/cv-dice-engine.js';

registerCvDice();
const stop = { kind: 'games' as const, games: 2000 };
const env = { packageVersion: '0.0.0-test', nodeVersion: 'v0', gitCommit: null };
let on: RunSummary, off: RunSummary;
beforeAll(async () => {
  on = await runExperiment(cvDiceExperiment({ seed: 5, stop, chunk: 500, cv: true }), { workers: 0 });
  off = await runExperiment(cvDiceExperiment({ seed: 5, stop, chunk: 500, cv: false }), { workers: 0 });
});
afterEach(() => setLang('en'));

describe('control_variates in the outputs', () => {
  it('the table prints one note with the controls and the variance ratios, in English and Japanese; none without the key', () => {
    const ratio = on.variants[0].rates[0].varianceRatio!.toFixed(2);
    const en = formatTable(on);
    expect(en).toContain('CIs narrowed by control variates (dice_luck): variance of Win ');
    expect(en).toContain(ratio);
    expect(en).toContain('unbiased');
    setLang('ja');
    expect(formatTable(on)).toContain('信頼区間は制御変量（dice_luck）で狭めています');
    setLang('en');
    expect(formatTable(off)).not.toContain('control variates');
  });

  it('summary.csv shows the adjusted figures in its usual columns and the raw ones in extra columns at the end', () => {
    const a = summaryCsv(on), b = summaryCsv(off);
    expect(a.header.slice(0, b.header.length)).toEqual(b.header);
    expect(a.header.slice(b.header.length)).toEqual([
      'win_rate_raw', 'win_rate_raw_lo', 'win_rate_raw_hi', 'win_rate_variance_ratio',
      'sum_mean_raw', 'sum_raw_lo', 'sum_raw_hi', 'sum_variance_ratio',
      'win_diff_raw', 'win_diff_raw_lo', 'win_diff_raw_hi', 'win_diff_variance_ratio',
      'sum_diff_raw', 'sum_diff_raw_lo', 'sum_diff_raw_hi', 'sum_diff_variance_ratio',
    ]);
    const col = (t: typeof a, name: string, row: number) => t.rows[row][t.header.indexOf(name)];
    expect(col(a, 'win_rate', 0)).toBe(on.variants[0].rates[0].rate.estimate);
    expect(col(a, 'win_rate_raw', 0)).toBe(col(b, 'win_rate', 0));
    expect(col(a, 'win_rate_raw_lo', 1)).toBe(col(b, 'win_rate_lo', 1));
    expect(col(a, 'win_diff_raw_hi', 2)).toBe(col(b, 'win_diff_hi', 2));
    expect(col(a, 'win_diff_raw', 0)).toBeUndefined(); // the baseline has no difference
  });

  it('run.json lists the controls and each variant\'s variance ratios; summary.json reads back whole', () => {
    const run = runJson(on, env);
    expect(run.controlVariates!.ids).toEqual(['dice_luck']);
    expect(run.controlVariates!.primaryRate.map((x) => x.variant)).toEqual(['t29', 't30', 't33']);
    expect(run.controlVariates!.primaryRate[0].pairedVarianceRatio).toBeNull();
    expect('controlVariates' in runJson(off, env)).toBe(false);
    const data = reportData(on, run, new Date(0));
    const back = parseReportData(reportDataJson(data), 'summary.json').summary;
    expect(back.controlVariates).toEqual(on.controlVariates);
    expect(back.variants).toEqual(on.variants);
    expect(formatTable(back)).toBe(formatTable(on));
    const html = buildReportHtml(data);
    expect(html).toContain('<dt>Control variates</dt><dd>CIs narrowed by control variates (dice_luck)');
    expect(buildReportHtml(parseReportData(reportDataJson(data), 'summary.json'))).toBe(html);
  });

  it('check: a band tests the adjusted rate (its interval is the adjusted one at the band\'s level)', () => {
    const r = on.variants[0].rates[0];
    const band = { variant: 't29', metric: 'win', kind: 'rate' as const, lo: 0.3, hi: 0.6, where: 'x:1' };
    const [row] = checkBands([band], on, null, 0.05);
    expect(row.current.estimate).toBe(r.rate.estimate);
    expect(halfWidth(row.current)).toBeCloseTo(halfWidth(r.rate) * normalQuantile(0.95) / Z95, 12);
    const [raw] = checkBands([band], off, null, 0.05);
    expect(halfWidth(row.current)).toBeLessThan(halfWidth(raw.current));
  });

  it('check: the regression rows compare the adjusted figures with the baseline file\'s raw counts and means', () => {
    const baseline = baselineFromSummary(off, '0.0.0-test');
    expect(baselineFromSummary(on, '0.0.0-test').variants).toEqual(baseline.variants); // a baseline is raw either way
    const rows = compareWithBaseline(baseline, on, 0.05);
    const win = rows.find((x) => x.variant === 't29' && x.metric === 'win')!;
    expect(win.current).toEqual(on.variants[0].rates[0].rate);
    expect(win.diff.estimate).toBeCloseTo(on.variants[0].rates[0].rate.estimate - off.variants[0].rates[0].rate.estimate, 14);
    expect(rows.every((x) => !x.changed)).toBe(true);
  });
});
