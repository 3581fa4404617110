import { describe, expect, it } from 'vitest';
import { displayWidth, padDisplay } from '../src/report/display-width.js';
import { formatDiffPp, formatRate, formatTable, signed } from '../src/report/format-table.js';
import { fixtureMetrics, makeSummary } from './report-fixture.js';

/** The table lines: from the header (starts with "variant") to the blank line after it. */
function tableLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('variant'));
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

/** Display column where `needle` ends in `line`. */
function endColumn(line: string, needle: string): number {
  const i = line.indexOf(needle);
  expect(i).toBeGreaterThanOrEqual(0);
  return displayWidth(line.slice(0, i + needle.length));
}

describe('displayWidth', () => {
  it('counts East Asian wide characters as two columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('標準装備')).toBe(8);
    expect(displayWidth('LMG 軽機関銃')).toBe(12);
    expect(displayWidth('ライフル')).toBe(8);
    expect(displayWidth('ｶﾀｶﾅ')).toBe(4); // halfwidth katakana
    expect(displayWidth('ＡＢ')).toBe(4); // fullwidth latin
    expect(displayWidth('한국')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1); // combining accent
    expect(displayWidth('🙂')).toBe(2);
    expect(displayWidth('—×')).toBe(2); // ambiguous width counts 1
  });

  it('pads by display width', () => {
    expect(padDisplay('標準', 6)).toBe('標準  ');
    expect(padDisplay('標準', 6, 'right')).toBe('  標準');
    expect(padDisplay('標準装備', 4)).toBe('標準装備');
  });
});

describe('formatTable', () => {
  const text = formatTable(makeSummary());
  const lines = tableLines(text);

  it('prints the question above and seed, games and stopping rule below', () => {
    expect(text.split('\n')[0]).toBe('Is an LMG worth 8 magazines?');
    expect(text).toContain('seed 20240607 · 20,000 games per variant · stopping rule: fixed 20000 games per variant');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('has the expected columns and cells', () => {
    expect(lines).toHaveLength(2 + 4);
    const header = lines[0];
    for (const h of ['variant', 'games', 'Clear rate (95% CI)', 'vs baseline', 'Magazines spent (95% CI)', 'cost (magazines)', 'pp per cost']) {
      expect(header).toContain(h);
    }
    const [, , base, lmg, , flank] = lines;
    expect(base.startsWith('標準装備')).toBe(true);
    expect(base).toContain('63.2% [62.5, 63.9]');
    expect(base).toContain('12.35 [12.20, 12.49]');
    expect(base.match(/—/g)).toHaveLength(2); // no diff, no cost-effectiveness
    expect(lmg).toContain('67.3% [66.6, 67.9]');
    expect(lmg).toContain('+4.1 pp [+3.2, +5.0]');
    expect(lmg).toContain('14.10 [13.95, 14.25]');
    expect(lmg.endsWith('+0.51')).toBe(true); // 4.1 pp / 8 magazines
    expect(flank).toContain('-1.2 pp [-2.1, -0.4]');
    expect(flank.endsWith('—')).toBe(true); // same cost as the baseline
  });

  it('aligns columns by display width with CJK labels', () => {
    // Every line of the table has the same display width (last column right-aligned)…
    const widths = lines.map(displayWidth);
    expect(new Set(widths).size).toBe(1);
    // …although CJK rows are shorter in UTF-16 units, so naive padding would misalign.
    expect(lines[2].length).toBeLessThan(lines[4].length);
    // Right-aligned cells end in the same display column on every row.
    const rows = lines.slice(2);
    expect(new Set(rows.map((l) => endColumn(l, '20,000'))).size).toBe(1);
    expect(new Set(rows.map((l) => endColumn(l, ']  ') )).size).toBe(1);
    // The second column starts at the same display column.
    const gamesCol = endColumn(lines[0], 'games');
    for (const l of rows) expect(endColumn(l, '20,000')).toBe(gamesCol);
  });

  it('falls back to the first value when there is no magazines_spent', () => {
    const metrics = { ...fixtureMetrics, values: fixtureMetrics.values.filter((v) => v.id !== 'magazines_spent') };
    const t = formatTable(makeSummary({ metrics }));
    expect(t).toContain('Members lost (95% CI)');
    expect(t).toContain('1.81 [1.79, 1.83]');
  });

  it('describes a target-error stopping rule', () => {
    const t = formatTable(makeSummary({ stop: { kind: 'target_error', target: 0.005, minGames: 1000, maxGames: 100000 } }));
    expect(t).toContain('stopping rule: 95% CI half-width ≤ 0.5 pp (min 1000, max 100000 games per variant)');
  });
});

describe('number formats', () => {
  it('formats rates, pp differences and signs', () => {
    expect(formatRate({ estimate: 0.632, lo: 0.622, hi: 0.642 })).toBe('63.2% [62.2, 64.2]');
    expect(formatDiffPp({ estimate: 0.041, lo: 0.032, hi: 0.05 })).toBe('+4.1 pp [+3.2, +5.0]');
    expect(signed(-0.0001, 1)).toBe('+0.0');
    expect(signed(-0.26, 1)).toBe('-0.3');
  });
});
