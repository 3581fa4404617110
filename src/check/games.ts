/**
 * How many games a check plays. By default the experiment's own stopping rule
 * in "fast mode": capped at {@link FAST_MAX_GAMES} games per variant, so a
 * designer's precision run (a million games) does not turn into a slow CI
 * step. `--games N` plays exactly N.
 *
 * The cap was chosen on the flagship experiment (lmg-worth-8-magazines), whose
 * own rule (95% half-width ≤ 1 pp) stops at about 14,000 games per variant,
 * below the cap, in a few seconds; at that size a check flags both deliberate
 * changes of the test suite (the LMG's +1 removed; 15 instead of 17 starting
 * magazines) with Holm-adjusted p-values far below α = 0.001.
 */
import type { StopRule } from '../sim/stats/summary.js';

/** Most games per variant a check plays by default (fast mode). */
export const FAST_MAX_GAMES = 20_000;

/** Fewest games per variant a check can compare (a variance needs two). */
export const MIN_CHECK_GAMES = 2;

/** The stopping rule a check uses: exactly `games` when given, else the experiment's rule capped at {@link FAST_MAX_GAMES}. */
export function checkStopRule(stop: StopRule, games?: number): StopRule {
  if (games !== undefined) return { kind: 'games', games };
  if (stop.kind === 'games') return { kind: 'games', games: Math.min(stop.games, FAST_MAX_GAMES) };
  const maxGames = Math.min(stop.maxGames, FAST_MAX_GAMES);
  return { ...stop, maxGames, minGames: Math.min(stop.minGames, maxGames) };
}

/** The most games a rule can play per variant (its `games`, or `maxGames`), and the fewest. */
export function gamesRange(stop: StopRule): { min: number; max: number } {
  return stop.kind === 'games' ? { min: stop.games, max: stop.games } : { min: stop.minGames, max: stop.maxGames };
}
