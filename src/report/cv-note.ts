/**
 * The one line a report gives a run with `control_variates: true` (issue 27): which controls narrowed the intervals,
 * how much of the primary rate's variance (each variant's own rate, and its paired differences) they left, and in plain
 * words why the estimate stays unbiased. Shared by the CLI table, the HTML report and the web app.
 */
import type { RunSummary } from '../sim/stats/summary.js';
import { t } from '../i18n/t.js';
import { primaryRate } from './lookup.js';

/** "0.36" or "0.36–0.53": the range of some variance ratios (2 decimals), or null when there are none. */
function ratioRange(xs: readonly (number | undefined)[]): string | null {
  const ok = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  if (ok.length === 0) return null;
  const lo = Math.min(...ok).toFixed(2), hi = Math.max(...ok).toFixed(2);
  return lo === hi ? lo : `${lo}–${hi}`;
}

/** The note, or null for a run without the key. */
export function cvNote(summary: RunSummary): string | null {
  const cv = summary.controlVariates;
  if (!cv) return null;
  const ids = cv.ids.join(', ');
  const primary = primaryRate(summary);
  const own = ratioRange(summary.variants.map((v) => v.rates.find((r) => r.id === primary.id)?.varianceRatio));
  if (own === null) return t('cv.reportNone', { ids });
  const paired = ratioRange(summary.variants.map((v) => v.pairedRates.find((r) => r.id === primary.id)?.varianceRatio));
  return t('cv.reportLine', { ids, metric: primary.label, ratios: own, paired: paired === null ? '' : t('cv.reportPaired', { ratios: paired }) });
}
