/**
 * The `checks:` section of an experiment file: designer-declared bands that
 * `balance-lab check` verifies with equivalence tests.
 *
 * ```yaml
 * checks:
 *   - { variant: baseline, metric: win, within: [0.40, 0.50] }   # NORMAL clear rate must stay within 40–50%
 * ```
 *
 * Validated when the experiment is loaded, against the compiled experiment:
 * the variant must exist and the metric must be one of the engine's rates
 * (a fraction in [0, 1]) or values (a mean, in the value's own unit).
 */
import type { Cursor } from './schema.js';
import type { MetricSpec } from '../core/types.js';

/** The keys of one `checks:` entry. */
export const BAND_KEYS = ['variant', 'metric', 'within'] as const;

/** One declared band, compiled. */
export interface BandSpec {
  readonly variant: string;
  readonly metric: string;
  /** Whether the metric is a rate (fraction of games) or a value (mean). */
  readonly kind: 'rate' | 'mean';
  readonly lo: number;
  readonly hi: number;
  /** Where it was declared, `file:line`, for messages. */
  readonly where: string;
}

/** Read and validate `checks:` (a missing section is no bands); throws InputError through the cursor. */
export function readBands(c: Cursor, variants: readonly string[], metrics: MetricSpec): BandSpec[] {
  const rateIds = metrics.rates.map((r) => r.id);
  const valueIds = metrics.values.map((v) => v.id);
  return c.list().map((item) => {
    item.object(BAND_KEYS, BAND_KEYS);
    const variant = item.key('variant').str({ oneOf: variants });
    const metric = item.key('metric').str({ oneOf: [...rateIds, ...valueIds] });
    const kind = rateIds.includes(metric) ? 'rate' : 'mean';
    const w = item.key('within');
    const allowed = kind === 'rate' ? '[lo, hi] with 0 ≤ lo < hi ≤ 1 (a rate is a fraction: 0.45 = 45%)' : '[lo, hi] with lo < hi';
    if (!Array.isArray(w.value) || w.value.length !== 2) w.fail({ id: 'check.expectedBandLoHi' }, allowed);
    const [loC, hiC] = w.list();
    const lo = kind === 'rate' ? loC.num({ min: 0, max: 1 }) : loC.num();
    const hi = kind === 'rate' ? hiC.num({ min: 0, max: 1 }) : hiC.num();
    if (!(lo < hi)) w.fail({ id: 'check.bandEmpty', params: { lo, hi } }, allowed);
    const line = item.source.lineOf(item.parts);
    return { variant, metric, kind, lo, hi, where: line !== undefined ? `${item.source.file}:${line}` : item.source.file };
  });
}
