/**
 * The plain-words verdict on a variant: is its primary rate (win / clear)
 * better or worse than the baseline's, judged by the 95% CI of the paired
 * difference?
 */
import type { PairedSummary } from '../../sim/stats/summary.js';
import { side } from './format.js';
import { t } from '../../i18n/t.js';

/** A verdict and how it is shown. */
export interface Verdict {
  readonly kind: 'better' | 'worse' | 'unclear';
  /** Short text with a symbol, e.g. `▲ better`. */
  readonly text: string;
  /** One-sentence explanation (tooltip). */
  readonly title: string;
}

/** Classify a paired primary-rate difference: better (CI above 0), worse (below 0) or unclear (CI contains 0, or no data). */
export function verdictOf(diff: PairedSummary | undefined): Verdict {
  const s = side(diff?.diff);
  if (s > 0) return { kind: 'better', text: t('report.verdictBetter'), title: t('report.verdictBetterTitle') };
  if (s < 0) return { kind: 'worse', text: t('report.verdictWorse'), title: t('report.verdictWorseTitle') };
  return { kind: 'unclear', text: t('report.verdictUnclear'), title: t('report.verdictUnclearTitle') };
}
