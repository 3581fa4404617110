/**
 * The plain-words verdict on a variant: is its primary rate (win / clear)
 * better or worse than the baseline's, judged by the 95% CI of the paired
 * difference?
 */
import type { PairedSummary } from '../sim/summary.js';
import { side } from './html-format.js';

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
  if (s > 0) return { kind: 'better', text: '▲ better', title: 'The whole 95% CI of the paired difference is above 0' };
  if (s < 0) return { kind: 'worse', text: '▼ worse', title: 'The whole 95% CI of the paired difference is below 0' };
  return { kind: 'unclear', text: '≈ no clear difference', title: 'The 95% CI of the paired difference includes 0' };
}
