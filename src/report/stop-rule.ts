/**
 * Human-readable description of a run's stopping rule.
 */
import type { StopRule } from '../sim/stats/summary.js';
import { t } from '../i18n/t.js';
import { getLang, type Lang } from '../i18n/lang.js';

/**
 * Describe a stopping rule in English, e.g. `fixed 20000 games per variant`
 * or `95% CI half-width ≤ 0.5 pp (min 1000, max 100000 games per variant)`
 * (with `target_of: differences`, naming the paired differences only).
 */
export function describeStopRule(stop: StopRule, lang: Lang = getLang()): string {
  if (stop.kind === 'games') return t('table.fixedGamesPerVariant', { games: stop.games }, lang);
  const pp = Number((stop.target * 100).toPrecision(3));
  const id = stop.targetOf === 'differences' ? 'stopof.describe' : 'table.n95CIHalfWidth';
  return t(id, { pp, minGames: stop.minGames, maxGames: stop.maxGames }, lang);
}
