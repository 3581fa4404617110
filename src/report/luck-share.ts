/**
 * The luck share (issue 43, item 3): for a run with `control_variates: true`, how much of the spread of the primary
 * rate between games the engine's luck controls explain — 1 − the control-variate variance ratio of each variant's
 * own rate (the adjusted R² of the outcome on its zero-mean luck terms) — with a sentence saying what that means.
 * Shared by the CLI table, the HTML report and the web app; nothing for a run without control variates.
 */
import type { RunSummary } from '../sim/stats/summary.js';
import { t } from '../i18n/t.js';
import { primaryRate, rateOf } from './lookup.js';
import { pickText } from '../sim/input/local-text.js';

/** Variants listed one by one; with more, the sentence gives the range. */
const MAX_LISTED = 6;

/** One variant's luck share of the primary rate (0 … 1). */
export interface LuckShare {
  readonly variant: string;
  readonly share: number;
}

/**
 * 1 − variance ratio, clamped to [0, 1] (the degrees-of-freedom correction can leave a speck below 0 when the controls
 * explain nothing). Undefined without a finite ratio.
 */
export function luckShareOf(varianceRatio: number | undefined): number | undefined {
  if (typeof varianceRatio !== 'number' || !Number.isFinite(varianceRatio)) return undefined;
  return Math.min(1, Math.max(0, 1 - varianceRatio));
}

/** Each variant's luck share of the primary rate (variants without an adjusted estimate are left out). */
export function luckShares(summary: RunSummary): LuckShare[] {
  if (!summary.controlVariates) return [];
  const id = primaryRate(summary).id;
  const out: LuckShare[] = [];
  for (const v of summary.variants) {
    const share = luckShareOf(rateOf(v, id)?.varianceRatio);
    if (share !== undefined) out.push({ variant: v.label.trim() === '' ? v.name : pickText(v.label, v.labelText), share });
  }
  return out;
}

const pct = (x: number): string => `${Math.round(100 * x)}%`;

/** The sentence, or null for a run without control variates or without an adjusted estimate. */
export function luckShareNote(summary: RunSummary): string | null {
  const shares = luckShares(summary);
  if (shares.length === 0) return null;
  const lo = Math.min(...shares.map((s) => s.share)), hi = Math.max(...shares.map((s) => s.share));
  const list = shares.length <= MAX_LISTED
    ? shares.map((s) => t('cv.luckShareOne', { variant: s.variant, share: pct(s.share) })).join(t('cv.luckShareSep'))
    : t('cv.luckShareRange', { lo: pct(lo), hi: pct(hi), n: shares.length });
  return t('cv.luckShare', { metric: primaryRate(summary).label, shares: list });
}
