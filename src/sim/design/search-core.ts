/**
 * Racing on common random numbers (issue 15 `search`): many candidates, one objective; keep only those that could
 * still be the best. Every round plays the surviving candidates on the same game indices (common random numbers), at a
 * doubling number of games; a candidate is eliminated once its paired difference to the round's leader is
 * significantly negative. The level of every such interval is Bonferroni-corrected over candidates × rounds, so with
 * probability ≥ `confidence` the truly best candidate is never eliminated — it is among the survivors returned.
 * Once at most `top` survive (or the games reach their cap) the survivors are played to `maxGames` for their estimates.
 */
import { probit } from 'simple-statistics';
import { looksOf } from './solve-core.js';

/** One round's evidence: each alive candidate's estimate and its paired difference to the leader (the leader: 0). */
export interface RoundResult {
  readonly estimate: readonly number[];
  readonly diffLo: readonly number[];
  readonly diffHi: readonly number[];
  /** Standard error of each estimate (for the unpaired comparison with the round's best when that is not the leader). */
  readonly se?: readonly number[];
}

/** Play the `alive` candidates for `games` games each (same game indices), differences vs `leader`, at `z`. */
export type PlayRound = (alive: readonly number[], leader: number, games: number, z: number) => Promise<RoundResult>;

export interface RaceSpec {
  readonly candidates: number;
  /** Stop once at most this many survive. */
  readonly top: number;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

export interface RaceOutcome {
  /** Survivors, best estimate first. */
  readonly survivors: readonly number[];
  /** Each candidate's last estimate and the games it was played at when it left (or the end). */
  readonly estimate: readonly number[];
  readonly games: readonly number[];
  /** Each candidate's last difference interval to the leader of its last round. */
  readonly diffLo: readonly number[];
  readonly diffHi: readonly number[];
  readonly rounds: number;
  readonly z: number;
  /** Games per candidate, summed over candidates and rounds (each round replays from game 0). */
  readonly gamesSpent: number;
  /** Every candidate at maxGames (the precision the survivors are reported at): exhaustive evaluation's cost. */
  readonly gamesExhaustive: number;
}

/** Race `spec.candidates` candidates; `prior` orders the first leader (index 0 when omitted). */
export async function race(spec: RaceSpec, play: PlayRound): Promise<RaceOutcome> {
  const looks = looksOf(spec.startGames, spec.maxGames);
  // Two comparisons per candidate and round (paired with the leader, unpaired with the round's best estimate).
  const z = probit(1 - (1 - spec.confidence) / (2 * 2 * Math.max(1, spec.candidates - 1) * looks.length));
  const n = spec.candidates;
  const estimate = new Array<number>(n).fill(NaN), games = new Array<number>(n).fill(0);
  const diffLo = new Array<number>(n).fill(NaN), diffHi = new Array<number>(n).fill(NaN);
  let alive = Array.from({ length: n }, (_, i) => i);
  let leader = 0, spent = 0, rounds = 0, last = spec.startGames;
  for (const g of looks) {
    if (alive.length <= spec.top) break;
    rounds++;
    last = g;
    const r = await play(alive, leader, g, z);
    spent += g * alive.length;
    alive.forEach((c, i) => { estimate[c] = r.estimate[i]; games[c] = g; diffLo[c] = r.diffLo[i]; diffHi[c] = r.diffHi[i]; });
    // Eliminate those significantly worse than this round's leader (paired), or — when the leader is not the round's
    // best estimate, e.g. the arbitrary first leader — than the best (unpaired); the next leader is the best left.
    const bi = alive.reduce((b, c, i) => (r.estimate[i] > r.estimate[b] ? i : b), 0);
    const worseThanBest = (i: number): boolean => r.se !== undefined && i !== bi && r.estimate[i] + z * Math.hypot(r.se[i], r.se[bi]) < r.estimate[bi];
    const keep = alive.filter((c, i) => c === leader || (r.diffHi[i] >= 0 && !worseThanBest(i)));
    alive = keep;
    leader = alive.reduce((b, c) => (estimate[c] > estimate[b] ? c : b), alive[0]);
  }
  // The survivors are then played to the full precision (maxGames), so the top k are reported with tight intervals.
  if (last < spec.maxGames || rounds === 0) {
    rounds++;
    last = spec.maxGames;
    const r = await play(alive, leader, last, z);
    spent += last * alive.length;
    alive.forEach((c, i) => { estimate[c] = r.estimate[i]; games[c] = last; diffLo[c] = r.diffLo[i]; diffHi[c] = r.diffHi[i]; });
  }
  alive.sort((a, b) => estimate[b] - estimate[a]);
  return { survivors: alive, estimate, games, diffLo, diffHi, rounds, z, gamesSpent: spent, gamesExhaustive: n * last };
}
