/**
 * Stochastic root finding on common random numbers (issue 15): find where a metric, assumed monotone in one
 * experiment value, crosses a target. Every candidate value plays the same dice per game index, so neighbouring
 * values differ only by the value's effect.
 *
 * The procedure: evaluate both ends of the range, then bisect the bracket on the value grid. Each evaluation is a
 * sequential test — games are added in doubling steps (start, 2·start, … up to `maxGames`) until the metric's
 * confidence interval excludes the target — so games are spent only where the decision is still open. Every look of
 * every evaluation uses the same per-look level, Bonferroni-corrected over the most looks the procedure can make
 * (evaluations × looks per evaluation), so all the decisions together are right with probability ≥ `confidence`.
 */
import { probit } from 'simple-statistics';

/** A metric's estimate at a value after n games, with the interval at a given z. */
export interface Estimate {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** Games per variant played at this value. */
  readonly games: number;
}

/** Evaluate the metric at `x` with `games` games per variant (reusing any games already played there), at `z`. */
export type Evaluate = (x: number, games: number, z: number) => Promise<Estimate>;

export interface SolveSpec {
  readonly lo: number;
  readonly hi: number;
  readonly step: number;
  readonly target: number;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

/** One evaluated value: the metric's interval at the last look and the verdict against the target. */
export interface SolvePoint extends Estimate {
  readonly x: number;
  /** 'above' / 'below' the target (decided), or 'undecided' at maxGames. */
  readonly verdict: 'above' | 'below' | 'undecided';
}

export interface SolveAnswer {
  /**
   * - crossed: the target is crossed between `a` and `b` (adjacent grid values, one on each side);
   * - indistinguishable: at `a` (= b) the metric cannot be told from the target within maxGames;
   * - none: no value in the range reaches the target (both ends on one side).
   */
  readonly kind: 'crossed' | 'indistinguishable' | 'none';
  readonly a: number;
  readonly b: number;
  /** The side of the target the whole range is on (kind none). */
  readonly side?: 'above' | 'below';
  readonly points: readonly SolvePoint[];
  /** z of every look. */
  readonly z: number;
  /** Games per variant over all evaluations. */
  readonly gamesSpent: number;
  /** Games per variant a full sweep of the grid would spend at the same precision (every value at the most games any evaluation needed). */
  readonly gamesFullSweep: number;
}

/** Grid values lo, lo+step, …, hi (the last one may be hi exactly). */
export function gridOf(lo: number, hi: number, step: number): number[] {
  const n = Math.round((hi - lo) / step);
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(+(lo + i * step).toFixed(10));
  if (out[out.length - 1] !== hi) out.push(hi);
  return out;
}

/** Looks of one sequential evaluation: start, 2·start, … up to maxGames. */
export function looksOf(startGames: number, maxGames: number): number[] {
  const out: number[] = [];
  for (let n = startGames; n < maxGames; n *= 2) out.push(n);
  out.push(maxGames);
  return out;
}

/** Solve: the bracket where the metric crosses the target, with the evidence. */
export async function solve(spec: SolveSpec, evaluate: Evaluate): Promise<SolveAnswer> {
  const grid = gridOf(spec.lo, spec.hi, spec.step);
  const looks = looksOf(spec.startGames, spec.maxGames);
  const maxEvals = 2 + Math.ceil(Math.log2(Math.max(1, grid.length - 1)));
  const alphaLook = (1 - spec.confidence) / (maxEvals * looks.length);
  const z = probit(1 - alphaLook / 2);
  const points: SolvePoint[] = [];
  const at = async (i: number): Promise<SolvePoint> => {
    let e: Estimate = { estimate: NaN, lo: NaN, hi: NaN, games: 0 };
    for (const n of looks) {
      e = await evaluate(grid[i], n, z);
      if (e.lo > spec.target) return record({ ...e, x: grid[i], verdict: 'above' });
      if (e.hi < spec.target) return record({ ...e, x: grid[i], verdict: 'below' });
    }
    return record({ ...e, x: grid[i], verdict: 'undecided' });
  };
  const record = (p: SolvePoint): SolvePoint => {
    points.push(p);
    return p;
  };
  const finish = (kind: SolveAnswer['kind'], a: number, b: number, side?: 'above' | 'below'): SolveAnswer => {
    const most = Math.max(...points.map((p) => p.games));
    return { kind, a, b, side, points, z, gamesSpent: points.reduce((s, p) => s + p.games, 0), gamesFullSweep: most * grid.length };
  };
  let lo = 0, hi = grid.length - 1;
  const pl = await at(lo);
  if (pl.verdict === 'undecided') return finish('indistinguishable', grid[lo], grid[lo]);
  const ph = await at(hi);
  if (ph.verdict === 'undecided') return finish('indistinguishable', grid[hi], grid[hi]);
  if (pl.verdict === ph.verdict) return finish('none', grid[lo], grid[hi], pl.verdict);
  const loSide = pl.verdict;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const pm = await at(mid);
    if (pm.verdict === 'undecided') return finish('indistinguishable', grid[mid], grid[mid]);
    if (pm.verdict === loSide) lo = mid;
    else hi = mid;
  }
  return finish('crossed', grid[lo], grid[hi]);
}
