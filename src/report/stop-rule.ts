/**
 * Human-readable description of a run's stopping rule.
 */
import type { StopRule } from '../sim/summary.js';

/**
 * Describe a stopping rule in English, e.g. `fixed 20000 games per variant`
 * or `95% CI half-width ≤ 0.5 pp (min 1000, max 100000 games per variant)`.
 */
export function describeStopRule(stop: StopRule): string {
  if (stop.kind === 'games') return `fixed ${stop.games} games per variant`;
  const pp = Number((stop.target * 100).toPrecision(3));
  return `95% CI half-width ≤ ${pp} pp (min ${stop.minGames}, max ${stop.maxGames} games per variant)`;
}
