/**
 * Break-even worth and variant comparisons for Axis & Allies Miniatures
 * experiments, computed from a finished run's summary.csv:
 *
 * - for each `worth:` ladder (variants fielding 1, 2, 3… of one unit against
 *   the same Red force): Blue's score (win + draw/2) at each step, the
 *   break-even count where the score crosses 50 % (linear interpolation
 *   between the bracketing steps), the unit's worth against the reference
 *   force = reference points / break-even count, that worth ÷ the unit's cost,
 *   and the average change of Blue's win rate per point along the ladder;
 * - for each `compare:` pair: the difference of Blue's win rates (paired CI
 *   when one side is the other's reference — the baseline, or the variant its
 *   `paired_with:` names — else a conservative CI that ignores the
 *   positive correlation of common random numbers) and of points lost.
 *
 * Usage (after `balance-lab run`):
 *
 *   node dist/rules/axis-allies-miniatures/worth.js experiments/aam-points-value.yaml [results-dir]
 *
 * writes worth.csv into the results folder (default results/<name>/) and
 * prints the tables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AamGameDef } from './config.js';

/** Parse CSV text (RFC 4180: quoted fields, doubled quotes); a leading BOM is ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = '', quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The columns of summary.csv this analysis reads, per variant. */
export interface VariantRow {
  readonly name: string;
  readonly baseline: boolean;
  readonly games: number;
  readonly cost: number;
  readonly win: number;
  readonly winLo: number;
  readonly winHi: number;
  readonly loss: number;
  readonly draw: number;
  readonly bluePointsLost: number;
  readonly redPointsLost: number;
  /**
   * The variant the paired difference is taken against, from the `paired_with` column (written when the experiment
   * uses the key; null: none or the baseline row); undefined without that column (then: the baseline).
   */
  readonly pairedWith?: string | null;
  /** Paired difference of the win rate vs the reference (NaN on the baseline row). */
  readonly winDiff: number;
  readonly winDiffLo: number;
  readonly winDiffHi: number;
}

export function readSummary(csvText: string): Map<string, VariantRow> {
  const [header, ...rows] = parseCsv(csvText).filter((r) => r.length > 1);
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`summary.csv has no column "${name}"`);
    return i;
  };
  const num = (r: string[], name: string): number => (r[col(name)] === '' ? NaN : Number(r[col(name)]));
  const out = new Map<string, VariantRow>();
  const refCol = header.indexOf('paired_with');
  for (const r of rows) {
    out.set(r[col('variant')], {
      ...(refCol >= 0 ? { pairedWith: r[refCol] === '' ? null : r[refCol] } : {}),
      name: r[col('variant')],
      baseline: r[col('baseline')] === 'true',
      games: num(r, 'games'),
      cost: num(r, 'cost'),
      win: num(r, 'win_rate'),
      winLo: num(r, 'win_rate_lo'),
      winHi: num(r, 'win_rate_hi'),
      loss: num(r, 'loss'),
      draw: num(r, 'draw'),
      bluePointsLost: num(r, 'blue_points_lost_mean'),
      redPointsLost: num(r, 'red_points_lost_mean'),
      winDiff: num(r, 'win_diff'),
      winDiffLo: num(r, 'win_diff_lo'),
      winDiffHi: num(r, 'win_diff_hi'),
    });
  }
  return out;
}

/** Blue's score: wins plus half the draws. */
export function score(r: VariantRow): number {
  return r.win + r.draw / 2;
}

/**
 * The (interpolated) count at which the score crosses 0.5, from steps sorted
 * by count; null when no two adjacent steps bracket 0.5.
 */
export function breakEven(steps: readonly { count: number; score: number }[]): number | null {
  const s = [...steps].sort((a, b) => a.count - b.count);
  for (let i = 0; i + 1 < s.length; i++) {
    const a = s[i], b = s[i + 1];
    if (a.score === 0.5) return a.count;
    if ((a.score - 0.5) * (b.score - 0.5) < 0) return a.count + ((0.5 - a.score) * (b.count - a.count)) / (b.score - a.score);
  }
  const last = s[s.length - 1];
  return last && last.score === 0.5 ? last.count : null;
}

export interface WorthRow {
  readonly unit: string;
  readonly unitCost: number;
  readonly reference: string;
  readonly referencePoints: number;
  /** "count:score" per step, e.g. "1:0.014 2:0.29 3:0.79". */
  readonly steps: string;
  readonly breakEvenCount: number | null;
  /** Points the unit is worth against the reference force (reference points / break-even count). */
  readonly worth: number | null;
  /** worth ÷ cost: above 1 the unit is underpriced against this force. */
  readonly worthPerCost: number | null;
  /** Average change of Blue's win rate per point along the ladder, in percentage points. */
  readonly ppPerPoint: number;
}

export function worthTable(game: AamGameDef, rows: ReadonlyMap<string, VariantRow>): WorthRow[] {
  return game.worth.map((w) => {
    const steps = w.steps.map((s) => {
      const r = rows.get(s.variant);
      if (!r) throw new Error(`summary.csv has no variant "${s.variant}"`);
      return { count: s.count, points: s.points, score: score(r), win: r.win };
    }).sort((a, b) => a.count - b.count);
    const be = breakEven(steps);
    const unitCost = steps[0].points / steps[0].count;
    const first = steps[0], last = steps[steps.length - 1];
    const worth = be === null ? null : w.referencePoints / be;
    return {
      unit: w.unit,
      unitCost,
      reference: w.reference,
      referencePoints: w.referencePoints,
      steps: steps.map((s) => `${s.count}:${s.score.toFixed(3)}`).join(' '),
      breakEvenCount: be,
      worth,
      worthPerCost: worth === null ? null : worth / unitCost,
      ppPerPoint: last.points === first.points ? 0 : ((last.win - first.win) * 100) / (last.points - first.points),
    };
  });
}

export interface CompareRow {
  readonly label: string;
  readonly a: string;
  readonly b: string;
  readonly winA: number;
  readonly winB: number;
  /** winA − winB (fraction) with a 95 % CI. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly method: 'paired' | 'independent (conservative)';
  readonly bluePointsLostA: number;
  readonly bluePointsLostB: number;
  readonly redPointsLostA: number;
  readonly redPointsLostB: number;
}

/** The name of the variant `r`'s paired difference is taken against (null: none). */
function referenceOf(r: VariantRow, rows: ReadonlyMap<string, VariantRow>): string | null {
  if (r.pairedWith !== undefined) return r.pairedWith;
  if (r.baseline) return null;
  for (const x of rows.values()) if (x.baseline) return x.name;
  return null;
}

export function compareTable(game: AamGameDef, rows: ReadonlyMap<string, VariantRow>): CompareRow[] {
  return game.compare.map((c) => {
    const a = rows.get(c.a), b = rows.get(c.b);
    if (!a || !b) throw new Error(`summary.csv lacks variant "${!a ? c.a : c.b}"`);
    const diff = a.win - b.win;
    let lo: number, hi: number, method: CompareRow['method'];
    // Paired when one side is the other's reference (the baseline, or its paired_with variant).
    if (referenceOf(a, rows) === b.name && Number.isFinite(a.winDiff)) {
      [lo, hi, method] = [a.winDiffLo, a.winDiffHi, 'paired'];
    } else if (referenceOf(b, rows) === a.name && Number.isFinite(b.winDiff)) {
      [lo, hi, method] = [-b.winDiffHi, -b.winDiffLo, 'paired'];
    } else {
      const se = (r: VariantRow) => (r.winHi - r.winLo) / (2 * 1.96);
      const half = 1.96 * Math.sqrt(se(a) ** 2 + se(b) ** 2);
      [lo, hi, method] = [diff - half, diff + half, 'independent (conservative)'];
    }
    return {
      label: c.label, a: c.a, b: c.b, winA: a.win, winB: b.win, diff, lo, hi, method,
      bluePointsLostA: a.bluePointsLost, bluePointsLostB: b.bluePointsLost, redPointsLostA: a.redPointsLost, redPointsLostB: b.redPointsLost,
    };
  });
}

function cell(v: unknown): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = typeof v === 'number' ? String(Number(v.toPrecision(6))) : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** worth.csv: the ladder rows, then the comparison rows (a `table` column tells them apart). */
export function worthCsv(worth: readonly WorthRow[], compare: readonly CompareRow[]): string {
  const header = ['table', 'unit_or_label', 'unit_cost', 'reference', 'reference_points', 'steps_count_score', 'break_even_count', 'worth_points', 'worth_per_cost',
    'win_pp_per_point', 'variant_a', 'variant_b', 'win_a', 'win_b', 'win_diff', 'win_diff_lo', 'win_diff_hi', 'ci_method',
    'blue_points_lost_a', 'blue_points_lost_b', 'red_points_lost_a', 'red_points_lost_b'];
  const lines = [header.join(',')];
  for (const w of worth) {
    lines.push([ 'worth', w.unit, w.unitCost, w.reference, w.referencePoints, w.steps, w.breakEvenCount, w.worth, w.worthPerCost, w.ppPerPoint,
      '', '', '', '', '', '', '', '', '', '', '', ''].map(cell).join(','));
  }
  for (const c of compare) {
    lines.push(['compare', c.label, '', '', '', '', '', '', '', '', c.a, c.b, c.winA, c.winB, c.diff, c.lo, c.hi, c.method,
      c.bluePointsLostA, c.bluePointsLostB, c.redPointsLostA, c.redPointsLostB].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The printed tables. */
export function worthText(worth: readonly WorthRow[], compare: readonly CompareRow[]): string {
  const out: string[] = [];
  const f = (x: number | null, d = 1) => (x === null || !Number.isFinite(x) ? '—' : x.toFixed(d));
  if (worth.length) {
    out.push('Break-even worth (Blue score = win + draw/2 crosses 50 %):');
    for (const w of worth) {
      out.push(`  ${w.unit} (cost ${f(w.unitCost, 0)}) vs ${w.reference} (${w.referencePoints} pts): break-even at ${f(w.breakEvenCount, 2)} units → worth ${f(w.worth)} pts (${f(w.worthPerCost, 2)} × cost); ${f(w.ppPerPoint, 2)} pp of win rate per point; steps ${w.steps}`);
    }
  }
  if (compare.length) {
    out.push('Comparisons (Blue win rate, a − b):');
    for (const c of compare) {
      out.push(`  ${c.label}: ${(c.winA * 100).toFixed(1)}% vs ${(c.winB * 100).toFixed(1)}% → ${(c.diff * 100).toFixed(1)} pp [${(c.lo * 100).toFixed(1)}, ${(c.hi * 100).toFixed(1)}] (${c.method}); Blue points lost ${c.bluePointsLostA.toFixed(1)} vs ${c.bluePointsLostB.toFixed(1)}, Red points lost ${c.redPointsLostA.toFixed(1)} vs ${c.redPointsLostB.toFixed(1)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Read `<dir>/summary.csv`, write `<dir>/worth.csv`, return the printed text. */
export function analyseResults(game: AamGameDef, dir: string): string {
  const rows = readSummary(readFileSync(join(dir, 'summary.csv'), 'utf8'));
  const worth = worthTable(game, rows), compare = compareTable(game, rows);
  writeFileSync(join(dir, 'worth.csv'), worthCsv(worth, compare));
  return worthText(worth, compare);
}

async function main(argv: string[]): Promise<number> {
  const [file, dir] = argv;
  if (!file) {
    process.stderr.write('usage: node dist/rules/axis-allies-miniatures/worth.js <experiment.yaml> [results-dir]\n');
    return 2;
  }
  const { loadExperiment } = await import('../../sim/experiment/load.js');
  const exp = loadExperiment(file);
  if (exp.engine !== 'axis-allies-miniatures') {
    process.stderr.write(`${file}: not an axis-allies-miniatures experiment\n`);
    return 2;
  }
  const out = resolve(dir ?? join('results', exp.name));
  process.stdout.write(analyseResults(exp.compiled.game as AamGameDef, out));
  process.stdout.write(`wrote ${join(out, 'worth.csv')}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  });
}
