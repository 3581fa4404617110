import { describe, expect, it } from 'vitest';
import { attritionCsv } from '../src/report/files/attrition-csv.js';
import { costEffectivenessCsv } from '../src/report/cost-effectiveness.js';
import { toCsv, UTF8_BOM } from '../src/report/files/csv.js';
import { formatCsvNumber } from '../src/report/format-number.js';
import { summaryCsv } from '../src/report/files/summary-csv.js';
import { fixtureMetrics, makeSummary } from './report-fixture.js';

const lines = (text: string) => text.split('\n');

describe('summary.csv', () => {
  const text = toCsv(summaryCsv(makeSummary()));

  it('has the generic header: primary rate, other rates, values, paired diffs', () => {
    expect(lines(text)[0]).toBe(
      'variant,label,baseline,cost,games,wins,win_rate,win_rate_lo,win_rate_hi,' +
        'leader_survived,leader_survived_lo,leader_survived_hi,' +
        'members_lost_mean,members_lost_lo,members_lost_hi,members_lost_p10,members_lost_p50,members_lost_p90,' +
        'magazines_spent_mean,magazines_spent_lo,magazines_spent_hi,magazines_spent_p10,magazines_spent_p50,magazines_spent_p90,' +
        'rounds_mean,rounds_lo,rounds_hi,rounds_p10,rounds_p50,rounds_p90,' +
        'win_diff,win_diff_lo,win_diff_hi,leader_survived_diff,leader_survived_diff_lo,leader_survived_diff_hi,' +
        'members_lost_diff,members_lost_diff_lo,members_lost_diff_hi,magazines_spent_diff,magazines_spent_diff_lo,magazines_spent_diff_hi,' +
        'rounds_diff,rounds_diff_lo,rounds_diff_hi',
    );
  });

  it('writes the baseline row with empty paired columns', () => {
    expect(lines(text)[1]).toBe(
      'standard,標準装備,true,0,20000,12640,0.632,0.625296,0.638654,0.756,0.75002,0.761883,' +
        '1.8123,1.79,1.8346,0,2,4,12.3457,12.2,12.4914,4,12,21,9.5,9.44,9.56,5,9,15,' +
        ',,,,,,,,,,,,,,',
    );
  });

  it('writes a variant row with 6 significant digits', () => {
    expect(lines(text)[2]).toBe(
      'lmg,LMG 軽機関銃,false,8,20000,13460,0.673,0.666467,0.679469,0.79,0.784298,0.795592,' +
        '1.5,1.478,1.522,0,1,4,14.1,13.95,14.25,5,14,24,8.75,8.69,8.81,4,8,14,' +
        '0.041,0.032,0.05,0.034,0.0265,0.0415,-0.3123,-0.335,-0.2896,1.75432,1.6,1.90864,-0.75,-0.8,-0.7',
    );
  });

  it('has one row per variant, all as wide as the header, and a trailing newline', () => {
    const table = summaryCsv(makeSummary());
    expect(table.rows.map((r) => r[0])).toEqual(['standard', 'lmg', 'grenades', 'flank-first']);
    for (const row of table.rows) expect(row).toHaveLength(table.header.length);
    expect(text.endsWith('\n')).toBe(true);
    expect(lines(text)).toHaveLength(6);
  });

  it('stays generic over the metric spec (other primary id, no values)', () => {
    const base = makeSummary();
    const metrics = { rates: [{ id: 'clear', label: 'Clear' }], values: [], series: null };
    const variants = base.variants.map((v) => ({
      ...v,
      rates: [{ ...v.rates[0], id: 'clear' }],
      values: [],
      pairedRates: v.pairedRates.slice(0, 1).map((p) => ({ ...p, id: 'clear' })),
      pairedValues: [],
    }));
    const t = summaryCsv(makeSummary({ metrics, variants }));
    expect(t.header).toEqual(['variant', 'label', 'baseline', 'cost', 'games', 'wins', 'win_rate', 'win_rate_lo', 'win_rate_hi', 'clear_diff', 'clear_diff_lo', 'clear_diff_hi']);
    expect(toCsv(t).split('\n')[2]).toBe('lmg,LMG 軽機関銃,false,8,20000,13460,0.673,0.666467,0.679469,0.041,0.032,0.05');
  });

  it('quotes labels with commas and quotes', () => {
    const base = makeSummary();
    const variants = [{ ...base.variants[0], label: 'Std, "heavy"' }, ...base.variants.slice(1)];
    expect(lines(toCsv(summaryCsv(makeSummary({ variants }))))[1].startsWith('standard,"Std, ""heavy""",true,')).toBe(true);
  });
});

describe('attrition.csv', () => {
  it('writes step id, group, x and var id for every point', () => {
    const text = toCsv(attritionCsv(makeSummary()));
    const l = lines(text);
    expect(l[0]).toBe('variant,step,group,x,var,n,mean,p10,p50,p90');
    expect(l.slice(1, 5)).toEqual([
      'standard,e1-r0,Entrance,0,leader_life,20000,8,5,8,9',
      'standard,e1-r0,Entrance,0,members_alive,20000,6,4,6,6',
      'standard,e1-r1,Entrance,1,leader_life,18400,6.9,3,7,8',
      'standard,e1-r1,Entrance,1,members_alive,18400,5.3,3,5,6',
    ]);
    expect(l).toContain('lmg,e2-r1,Stairwell,1,members_alive,13600,3.6,1,4,4');
    expect(l).toHaveLength(1 + 4 * 5 * 2 + 1);
  });

  it('is header only without a series', () => {
    expect(toCsv(attritionCsv(makeSummary({ metrics: { ...fixtureMetrics, series: null } })))).toBe(
      'variant,step,group,x,var,n,mean,p10,p50,p90\n',
    );
  });
});

describe('cost-effectiveness.csv', () => {
  it('writes the paired primary-rate delta per unit cost, empty when cost does not change', () => {
    expect(toCsv(costEffectivenessCsv(makeSummary()))).toBe(
      [
        'variant,baseline,cost_delta,win_rate_delta,win_rate_delta_lo,win_rate_delta_hi,win_rate_delta_per_cost,win_rate_delta_p,cost_unit',
        'lmg,standard,8,0.041,0.032,0.05,0.005125,0.0001,magazines',
        'grenades,standard,4,0.0135,0.0049,0.0221,0.003375,0.0001,magazines',
        'flank-first,standard,0,-0.012,-0.0205,-0.0035,,0.0001,magazines',
        '',
      ].join('\n'),
    );
  });
});

describe('CSV encoding', () => {
  it('prepends a BOM only when asked', () => {
    const table = summaryCsv(makeSummary());
    expect(toCsv(table, true).startsWith(UTF8_BOM + 'variant,')).toBe(true);
    expect(toCsv(table, false).startsWith('variant,')).toBe(true);
    expect(toCsv(table).includes(UTF8_BOM)).toBe(false);
  });

  it('formats numbers exactly for integers and with 6 significant digits otherwise', () => {
    expect(formatCsvNumber(1234567)).toBe('1234567');
    expect(formatCsvNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatCsvNumber(2 / 3)).toBe('0.666667');
    expect(formatCsvNumber(12345.678)).toBe('12345.7');
    expect(formatCsvNumber(0.000012345678)).toBe('0.0000123457');
    expect(formatCsvNumber(-0)).toBe('0');
    expect(formatCsvNumber(-1e-12 * 0)).toBe('0');
    expect(formatCsvNumber(Number.NaN)).toBe('');
    expect(formatCsvNumber(null)).toBe('');
  });
});
