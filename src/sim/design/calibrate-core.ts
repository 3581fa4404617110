/**
 * Calibration to several targets at once (issue 15 item 2): over a grid of 1–3 settings, which cells satisfy every
 * target (e.g. first attempt cleared ≤ 40% and cleared within 3 attempts ≥ 90%)? Each cell is a sequential test:
 * games in doubling steps until every target is decided at the cell (or one is decisively missed), at most
 * `maxGames`. The level of every interval is Bonferroni-corrected over cells × targets × looks, so all the verdicts
 * together are right with probability ≥ `confidence`: a cell called feasible meets every target, one called
 * infeasible misses at least one; undecided cells are too close to a target to call within the games allowed.
 */
import { probit } from 'simple-statistics';
import { looksOf } from './solve-core.js';

/** A target on one metric: its interval must lie at or above `atLeast` / at or below `atMost`. */
export interface CalTarget {
  readonly atLeast: number | null;
  readonly atMost: number | null;
}

/** The metrics' intervals at a cell after `games` games, one per target, at `z`. */
export type EvaluateCell = (cell: readonly number[], games: number, z: number) => Promise<readonly { readonly estimate: number; readonly lo: number; readonly hi: number }[]>;

export interface CalCell {
  readonly cell: readonly number[];
  readonly games: number;
  readonly verdict: 'feasible' | 'infeasible' | 'undecided';
  /** Per target: estimate, interval, and 'met' / 'missed' / 'undecided'. */
  readonly targets: readonly { readonly estimate: number; readonly lo: number; readonly hi: number; readonly verdict: 'met' | 'missed' | 'undecided' }[];
}

export interface CalOutcome {
  readonly cells: readonly CalCell[];
  readonly z: number;
  readonly gamesSpent: number;
  /** Every cell at maxGames. */
  readonly gamesExhaustive: number;
}

function judge(t: CalTarget, lo: number, hi: number): 'met' | 'missed' | 'undecided' {
  const okLo = t.atLeast === null || lo >= t.atLeast, okHi = t.atMost === null || hi <= t.atMost;
  if (okLo && okHi) return 'met';
  if ((t.atLeast !== null && hi < t.atLeast) || (t.atMost !== null && lo > t.atMost)) return 'missed';
  return 'undecided';
}

/** Calibrate: every cell of `grid` (a list of cells, each a list of values) against every target. */
export async function calibrate(grid: readonly (readonly number[])[], targets: readonly CalTarget[], spec: { confidence: number; startGames: number; maxGames: number }, evaluate: EvaluateCell): Promise<CalOutcome> {
  const looks = looksOf(spec.startGames, spec.maxGames);
  const z = probit(1 - (1 - spec.confidence) / (2 * grid.length * targets.length * looks.length));
  const cells: CalCell[] = [];
  let spent = 0;
  for (const cell of grid) {
    let last: CalCell | null = null;
    for (const n of looks) {
      const est = await evaluate(cell, n, z);
      const per = est.map((e, i) => ({ ...e, verdict: judge(targets[i], e.lo, e.hi) }));
      const verdict = per.some((p) => p.verdict === 'missed') ? 'infeasible' : per.every((p) => p.verdict === 'met') ? 'feasible' : 'undecided';
      last = { cell, games: n, verdict, targets: per };
      if (verdict !== 'undecided') break;
    }
    spent += last!.games;
    cells.push(last!);
  }
  return { cells, z, gamesSpent: spent, gamesExhaustive: grid.length * spec.maxGames };
}
