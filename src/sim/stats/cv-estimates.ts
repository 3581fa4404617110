/**
 * The adjusted estimates of one variant's accumulator (issue 27, `control_variates: true`): its unconditional rates,
 * its values' means and their paired differences vs the baseline, each by the control-variate estimator
 * (control-variates.ts) from the sums in accumulator-cv.ts. Null wherever no adjusted estimate exists: the key is
 * off, the rate is conditional, or too few games were played to fit β (the raw interval stands).
 */
import type { Accumulator } from './accumulator.js';
import { cvRateOutcome, ownSums, pairedSums } from './accumulator-cv.js';
import { cvEstimate, type CvEstimate } from './control-variates.js';

/** Rate r of this variant. */
export function cvRate(a: Accumulator, r: number): CvEstimate | null {
  const C = a.layout.cv;
  const t = C ? cvRateOutcome(C, r) : -1;
  if (!C || t < 0) return null;
  const k = a.rateCount(r);
  return cvEstimate(ownSums(C, a.data, t, k, k));
}

/** Rate r of this variant minus the baseline's on the same games (null for the baseline itself: n paired = 0). */
export function cvPairedRate(a: Accumulator, r: number): CvEstimate | null {
  const C = a.layout.cv;
  const t = C ? cvRateOutcome(C, r) : -1;
  if (!C || t < 0) return null;
  const d = a.pairedRate(r);
  return cvEstimate(pairedSums(C, a.data, t, d.sum, d.sumSq));
}

/** The mean of value j. */
export function cvValue(a: Accumulator, j: number): CvEstimate | null {
  const C = a.layout.cv;
  if (!C) return null;
  const v = a.valueSums(j);
  return cvEstimate(ownSums(C, a.data, C.rates.length + j, v.sum, v.sumSq));
}

/** The mean of value j minus the baseline's on the same games. */
export function cvPairedValue(a: Accumulator, j: number): CvEstimate | null {
  const C = a.layout.cv;
  if (!C) return null;
  const d = a.pairedValue(j);
  return cvEstimate(pairedSums(C, a.data, C.rates.length + j, d.sum, d.sumSq));
}
