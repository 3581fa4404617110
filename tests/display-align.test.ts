// Issue 26 leftover: console columns line up by terminal columns, not characters. A full-width character (kanji,
// kana, full-width forms, Hangul) takes two columns, so padding Japanese labels by character count (padEnd) left
// replay's final figures, bench --reference's table and the progress bar out of line in Japanese. English text of
// one-column characters reads byte for byte as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayCommand } from '../src/cli/cmd-replay.js';
import { referenceTable } from '../src/cli/cmd-bench.js';
import { createProgress } from '../src/cli/progress.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';
import { charWidth, displayWidth, sliceDisplay } from '../src/report/display-width.js';
import { alignColumns } from '../src/report/text-table.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';
import type { ReferenceRow } from '../src/bench/reference.js';

afterEach(() => {
  setLang('en');
  vi.restoreAllMocks();
});

describe('display width (East Asian Width)', () => {
  it('counts wide and full-width characters 2, combining marks and conjoining jamo 0', () => {
    expect(displayWidth('ひらがな')).toBe(8);
    expect(displayWidth('カタカナー')).toBe(10);
    expect(displayWidth('軍票')).toBe(4);
    expect(displayWidth('（）：　１')).toBe(10); // full-width punctuation, ideographic space, full-width digit
    expect(displayWidth('한글')).toBe(4);
    expect(displayWidth('\u1112\u1161\u11ab')).toBe(2); // 한 written as three conjoining jamo
    expect(displayWidth('か\u3099')).toBe(2); // か + combining dakuten
    expect(displayWidth('\u{20bb7}')).toBe(2); // a CJK extension B ideograph (a surrogate pair)
    expect(displayWidth('abc ÷ ×')).toBe(7); // narrow and ambiguous width count 1
    expect([charWidth('\u0301'), charWidth('a'), charWidth('漢')]).toEqual([0, 1, 2]);
  });

  it('cuts text at a terminal column, leaving out a wide character that would straddle it', () => {
    expect(sliceDisplay('abcdef', 4)).toBe('abcd');
    expect(sliceDisplay('ab漢字', 3)).toBe('ab');
    expect(sliceDisplay('ab漢字', 4)).toBe('ab漢');
    expect(sliceDisplay('\u{20bb7}x', 1)).toBe('');
    expect(displayWidth(sliceDisplay('残り 3s  毎秒 2,000 ゲーム', 9))).toBeLessThanOrEqual(9);
    for (const s of ['plain ascii text', 'ETA ≤ 3s  CI ±1.23 pp']) for (let w = 0; w <= s.length; w++) expect(sliceDisplay(s, w)).toBe(s.slice(0, w));
  });
});

/**
 * The display column where each field of `line` starts and ends: fields are runs of text separated by two or more
 * spaces (one space stays inside a field, as in "C ゲーム/秒").
 */
function fields(line: string): { start: number; end: number }[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => {
    const start = displayWidth(line.slice(0, m.index));
    return { start, end: start + displayWidth(m[0]) };
  });
}

function replayOut(file: string, variant: string, game: number, lang: 'ja' | 'en'): string {
  setLang(lang);
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => { out += String(s); return true; });
  replayCommand(file, { variant, game });
  vi.restoreAllMocks();
  return out;
}

/** The lines of the final figures (after the heading, to the end). */
function finalBlock(out: string, lang: 'ja' | 'en'): string[] {
  const lines = out.replace(/\n$/, '').split('\n');
  return lines.slice(lines.indexOf(t('cli.finalMetrics', undefined, lang).trimEnd()) + 1);
}

// Tutorial 01's metrics name the tiles in Japanese (「Leader fell at 11 搬入口の武装警戒兵」), in either language.
const WIDE = { file: 'experiments/tutorial-01-calibration.yaml', variant: 'shooting', game: 1 };
const NARROW = { file: 'experiments/formation-vs-multi-attack.yaml', variant: 'form-mixed-rifle', game: 0 };

describe('replay\'s final figures', () => {
  it('start at the same display column on every line, in Japanese and in English, when labels hold Japanese', () => {
    for (const lang of ['ja', 'en'] as const) {
      const block = finalBlock(replayOut(WIDE.file, WIDE.variant, WIDE.game, lang), lang);
      expect(block.length).toBeGreaterThan(20);
      expect(block.some((l) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(l))).toBe(true);
      const starts = new Set(block.map((l) => { const f = fields(l); return f[f.length - 1].start; }));
      expect([...starts], lang).toHaveLength(1);
    }
  });

  it('read byte for byte as before in English when every label is one-column text', () => {
    const exp = loadExperiment(NARROW.file);
    const { record, metrics } = replayGame(exp, NARROW.variant, NARROW.game, 'en');
    const labels = [...metrics.rates, ...metrics.values].map((m) => m.label);
    expect(labels.every((l) => /^[\x20-\x7e]*$/.test(l))).toBe(true);
    // The character-count layout replay printed before display widths.
    const w = Math.max(...labels.map((l) => l.length));
    const before = [
      ...metrics.rates.map((r, i) => `  ${r.label.padEnd(w)}  ${record.rates[i] ? 'yes' : 'no'}`),
      ...metrics.values.map((v, i) => `  ${v.label.padEnd(w)}  ${Number.isInteger(record.values[i]) ? String(record.values[i]) : record.values[i].toFixed(3)}`),
    ];
    expect(finalBlock(replayOut(NARROW.file, NARROW.variant, NARROW.game, 'en'), 'en')).toEqual(before);
  });
});

const REF_ROWS: ReferenceRow[] = [
  { engagement: 'a', c: 2.51e7, python: 1.9e5, balanceLab: 3.3e6, vsC: 0.1315, vsPython: 17.37 },
  { engagement: 'c', c: 9.1e6, python: 8.8e4, balanceLab: 1.25e6, vsC: 0.1374, vsPython: 14.2 },
  { engagement: 'd', c: 3.02e7, python: 2.1e5, balanceLab: 4.1e6, vsC: 0.1358, vsPython: 19.52 },
];

describe('bench --reference\'s table', () => {
  it('keeps each column in line with its header in Japanese (left column starts, numeric columns end together)', () => {
    setLang('ja');
    const lines = referenceTable(REF_ROWS).split('\n').slice(1, 2 + REF_ROWS.length);
    expect(lines[0]).toContain('交戦');
    const cols = lines.map(fields);
    for (const c of cols) expect(c).toHaveLength(6);
    for (let i = 0; i < 6; i++) {
      const at = new Set(cols.map((c) => (i === 0 ? c[i].start : c[i].end)));
      expect([...at], `column ${i}`).toHaveLength(1);
    }
  });

  it('reads byte for byte as before in English', () => {
    setLang('en');
    const g = (n: number) => n.toExponential(2);
    const before = ['', 'engagement  C games/s  Python games/s  balance-lab games/s (1 worker)  balance-lab ÷ C  balance-lab ÷ Python',
      ...REF_ROWS.map((r) => `${r.engagement.padEnd(10)}  ${g(r.c).padStart(9)}  ${g(r.python).padStart(14)}  ${g(r.balanceLab).padStart(30)}  ${r.vsC.toFixed(3).padStart(15)}  ${r.vsPython.toFixed(1).padStart(20)}`),
      t('cli.oneRunEachMachine')].join('\n') + '\n';
    expect(referenceTable(REF_ROWS)).toBe(before);
  });
});

describe('aligned columns', () => {
  it('pad by display width: a column after a Japanese cell starts where it does after an ASCII one', () => {
    const lines = alignColumns([{ header: 'variant', align: 'left' }, { header: 'rate', align: 'right' }, { header: 'note', align: 'left' }],
      [['標準装備', '57.3', '軍票 あり'], ['lmg', '61.0', 'x'], ['ＬＭＧ（軽機関銃）', '5.0', '']]);
    const starts = lines.map((l) => fields(l)[1].end);
    expect(new Set(starts).size).toBe(1);
    expect(lines.every((l) => !/\s$/.test(l))).toBe(true);
  });
});

describe('the progress bar on a narrow terminal', () => {
  it('is cut to the terminal\'s width in display columns, so Japanese text never wraps the redrawn line', () => {
    setLang('ja');
    const out: string[] = [];
    const sink = { write: (s: string) => void out.push(s), isTTY: true, columns: 60 };
    const r = createProgress(sink, { variants: 2 });
    r.update({ gamesDone: 1000, gamesPlanned: 10_000, gamesPerSecond: 2000, halfWidth: 0.0123, elapsedSeconds: 0.5 });
    const line = out[0].replace(/^\r/, '').replace(/\x1b\[K$/, '');
    expect(line).toMatch(/バリアント/);
    expect(displayWidth(line)).toBeLessThan(60);
    expect(displayWidth(line)).toBeGreaterThanOrEqual(58); // cut at the edge, not short of it
  });
});
