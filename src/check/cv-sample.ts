/**
 * `check` on a run with `control_variates: true` (issue 27): an adjusted figure (a rate or a mean narrowed by the
 * engine's controls) enters the band and regression tests as a mean with the adjusted standard error, so `check`
 * judges the same numbers the report shows. Baselines keep raw counts and means; the current run's adjusted figure
 * is compared with them by Welch's z (both estimate the same expectation; the runs are independent).
 */
import { Z95 } from '../sim/stats/stats.js';
import type { Interval } from '../sim/stats/summary.js';
import type { MeanSample } from './two-sample.js';

/** An adjusted 95% interval (estimate ± Z95·se) as a mean sample over `games` games (variance = n·se²). */
export function adjustedSample(iv: Interval, games: number): MeanSample {
  const se = (iv.hi - iv.lo) / (2 * Z95);
  return { mean: iv.estimate, variance: games * se * se, games };
}

/** A raw rate count/games as a mean sample of 0/1 outcomes (sample variance, n − 1 divisor). */
export function rateAsMean(count: number, games: number): MeanSample {
  const p = games > 0 ? count / games : NaN;
  return { mean: p, variance: games > 1 ? (p * (1 - p) * games) / (games - 1) : NaN, games };
}
