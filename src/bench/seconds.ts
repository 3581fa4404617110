/**
 * The arithmetic of bench's seconds-to-0.5-pp (bench/shipped.ts plays the runs): how many games per variant a run
 * needs, the warm games/s of a run's later part, and the seconds a real `balance-lab run` takes to its stop. Pure
 * functions of the figures handed in (timings are measured by the caller and never feed a simulation result).
 */

/** Seconds a measured run may play before it is cut and the rest extrapolated (bench/shipped.ts). */
export const MEASURE_SECONDS = 60;

/** Pairs of runs per case of `bench --specialised` by default (bench/specialised.ts). */
export const SPECIALISED_ROUNDS = 3;

/** The 0.5 pp target of the estimate (a 95% half-width). */
export const HALF_PP = 0.005;

/** How an experiment's seconds were obtained. */
export type SecondsHow = 'measured' | 'extrapolated';

/**
 * Games per variant a run needs to bring `worst` (a 95% half-width measured at `played` games per variant) to
 * 0.5 pp, half-width ∝ 1/√n, and never fewer than `minGames` (the rule's `min_games`: a run with nothing left to wait
 * for stops there).
 */
export function gamesToHalfPp(worst: number, played: number, minGames: number): number {
  return Math.max(minGames, played * (worst / HALF_PP) ** 2);
}

/** `games` rounded up to whole chunks of `chunk` games: a run checks its stop rule only at a chunk's end. */
export function wholeChunks(games: number, chunk: number): number {
  return Math.ceil(games / chunk) * chunk;
}

/** One merged chunk of a measured run: seconds since the run started and games per variant merged so far. */
export interface MergeSample {
  readonly seconds: number;
  readonly games: number;
}

/** Fewest merges in a run's later half for {@link warmGamesPerSecond} to fit a rate to them. */
export const WARM_MIN_MERGES = 3;

/**
 * Games per variant per second of the later half of a run, from its merges in order: the least-squares slope of games
 * over time through the merges at or after half the last merge's time (a slope, not the difference of two merges,
 * because chunks on several workers finish in bursts). Worker start-up, JIT compiling and the engines' tables that
 * fill as games are played (robot's move-phase table, A&A's phase memo and answer trie) fall in the first half, so
 * this is the rate the rest of a long run plays at. With fewer than {@link WARM_MIN_MERGES} merges in that half, the
 * whole run's rate.
 */
export function warmGamesPerSecond(samples: readonly MergeSample[]): number {
  if (samples.length === 0) return NaN;
  const last = samples[samples.length - 1];
  const late = samples.filter((s) => s.seconds >= last.seconds / 2);
  if (late.length >= WARM_MIN_MERGES) {
    const mt = late.reduce((a, s) => a + s.seconds, 0) / late.length;
    const mg = late.reduce((a, s) => a + s.games, 0) / late.length;
    let sxy = 0;
    let sxx = 0;
    for (const s of late) {
      sxy += (s.seconds - mt) * (s.games - mg);
      sxx += (s.seconds - mt) ** 2;
    }
    if (sxx > 0 && sxy > 0) return sxy / sxx;
  }
  return last.seconds > 0 ? last.games / last.seconds : NaN;
}

/** What {@link extrapolatedSeconds} adds up. */
export interface ExtrapolationInput {
  /** Seconds of the real command outside the run loop: process start, loading the file, writing the results. */
  readonly overhead: number;
  /** Seconds from the run's start to its last merge. */
  readonly lastMerge: number;
  /** Seconds from the last merge to the run's end (the chunks still in flight finish, the pool is torn down). */
  readonly tail: number;
  /** Games per variant merged by then. */
  readonly played: number;
  /** Games per variant the stop needs ({@link gamesToHalfPp}). */
  readonly needed: number;
  /** The experiment's chunk size. */
  readonly chunk: number;
  /** Games per variant per second of the run's later half ({@link warmGamesPerSecond}). */
  readonly warm: number;
}

/**
 * Seconds of a real run to a stop the measured run did not reach: the command's overhead, the time already played,
 * the games still missing (up to a whole chunk) at the warm rate, and the tail every run has after its last merge.
 */
export function extrapolatedSeconds(x: ExtrapolationInput): number {
  const missing = Math.max(0, wholeChunks(x.needed, x.chunk) - x.played);
  return x.overhead + x.lastMerge + missing / x.warm + x.tail;
}
