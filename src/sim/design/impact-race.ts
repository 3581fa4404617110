/**
 * Racing the alternatives of switchable rulings against the reference on common random numbers (ruling impact,
 * issue 43). Every alternative is played on the same game indices as the reference, in looks of doubling size
 * (start, 2·start, … max games); a look plays only the games not played yet. An alternative leaves the race early
 * when
 * - it changed no game at all (every metric of every game equal to the reference's: "never changes a game here"), or
 * - the interval of its paired difference in the race metric, at the look level (Bonferroni over the looks, so the
 *   chance of ever stopping an alternative whose true effect is ≥ the threshold is ≤ 1 − confidence), lies inside
 *   (−threshold, +threshold): "below the threshold".
 * The others are played to the full target. The verdict: "clear effect" when the alternative reached the full target
 * and its 95% paired interval excludes 0; otherwise "no clear effect". So an alternative with no effect is reported as
 * "no clear effect" with probability ≥ 95% whatever the looks (it can only be called a clear effect at the last one).
 */
import { probit } from 'simple-statistics';

/** One alternative's paired statistics of the race metric after `n` games (Σd, Σd² of alternative − reference). */
export interface AltStats {
  readonly n: number;
  readonly sum: number;
  readonly sumSq: number;
  /** No game of the n differs from the reference's in any metric. */
  readonly inert: boolean;
}

/** Play the alternatives `alive` to `games` games each (only the games not played yet) and return their totals. */
export type PlayLook = (alive: readonly number[], games: number) => Promise<readonly AltStats[]>;

export interface ImpactRaceSpec {
  readonly alternatives: number;
  /** Effects below this (in the metric's unit: 0.01 = 1 pp for a rate) are not worth the full target. */
  readonly threshold: number;
  readonly confidence: number;
  /** Games per alternative at each look, increasing; the last is the full target. */
  readonly looks: readonly number[];
}

/** How an alternative left the race. */
export type StopReason = 'inert' | 'below-threshold' | 'full';

export interface AltOutcome {
  readonly games: number;
  readonly stop: StopReason;
  readonly verdict: 'clear-effect' | 'no-clear-effect';
  /** Mean paired difference and its 95% interval at the games played. */
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface ImpactRace {
  readonly outcomes: readonly AltOutcome[];
  /** z of the early-stop intervals. */
  readonly zLook: number;
  /** Games played by the reference (the most any alternative played) and by every alternative together. */
  readonly referenceGames: number;
  readonly alternativeGames: number;
  /** The same with every alternative played to the full target. */
  readonly exhaustiveGames: number;
}

const Z95 = 1.959964;

/** Looks at multiples of `chunk`: start, 2·start, … up to max (the last is max, rounded up to a whole chunk). */
export function impactLooks(start: number, max: number, chunk: number): number[] {
  const up = (x: number): number => Math.max(chunk, Math.ceil(x / chunk) * chunk);
  const last = up(max);
  const out: number[] = [];
  for (let g = up(start); g < last; g = up(2 * g)) out.push(g);
  out.push(last);
  return out;
}

/** Mean and interval of n paired differences at z; a zero spread counts as one discordant game (never certain early). */
export function pairedAt(s: Pick<AltStats, 'n' | 'sum' | 'sumSq'>, z: number, guard: boolean): { estimate: number; lo: number; hi: number } {
  const n = s.n;
  if (n < 2) return { estimate: NaN, lo: NaN, hi: NaN };
  const mean = s.sum / n;
  const sq = guard ? Math.max(s.sumSq, 1) : s.sumSq;
  const variance = Math.max(0, (sq - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { estimate: mean, lo: mean - half, hi: mean + half };
}

/** Race the alternatives (see the module comment). */
export async function raceImpact(spec: ImpactRaceSpec, play: PlayLook): Promise<ImpactRace> {
  const looks = spec.looks;
  const zLook = probit(1 - (1 - spec.confidence) / (2 * looks.length));
  const n = spec.alternatives;
  const outcomes: (AltOutcome | null)[] = new Array(n).fill(null);
  const last: AltStats[] = new Array(n);
  let alive = Array.from({ length: n }, (_, i) => i);
  let referenceGames = 0;
  for (let k = 0; k < looks.length && alive.length > 0; k++) {
    const g = looks[k];
    const stats = await play(alive, g);
    referenceGames = g;
    const next: number[] = [];
    alive.forEach((a, i) => {
      const s = stats[i];
      last[a] = s;
      const final = (stop: StopReason): AltOutcome => {
        const iv = pairedAt(s, Z95, false);
        const clear = stop === 'full' && (iv.lo > 0 || iv.hi < 0);
        return { games: s.n, stop, verdict: clear ? 'clear-effect' : 'no-clear-effect', ...iv };
      };
      if (s.inert) outcomes[a] = final('inert');
      else if (k === looks.length - 1) outcomes[a] = final('full');
      else {
        const iv = pairedAt(s, zLook, true);
        if (iv.lo > -spec.threshold && iv.hi < spec.threshold) outcomes[a] = final('below-threshold');
        else next.push(a);
      }
    });
    alive = next;
  }
  const done = outcomes as AltOutcome[];
  const full = looks[looks.length - 1];
  return {
    outcomes: done, zLook, referenceGames,
    alternativeGames: done.reduce((s, o) => s + o.games, 0),
    exhaustiveGames: n * full,
  };
}
