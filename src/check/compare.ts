/**
 * The regression half of `check`: every tracked metric of every variant of the
 * current run against the baseline, by an independent two-sample test, with
 * Holm's correction over all of them at a family-wise false-alarm rate α.
 */
import { wilson, Z95 } from '../sim/stats/stats.js';
import type { Interval, RunSummary } from '../sim/stats/summary.js';
import type { Baseline, BaselineMean } from './baseline.js';
import { holmAdjust } from './holm.js';
import { adjustedSample, rateAsMean } from './cv-sample.js';
import { twoProportionZ, welchZ, type MeanSample, type RateSample, type TwoSampleTest } from './two-sample.js';

/** One tracked metric of one variant, baseline vs current. */
export interface RegressionRow {
  readonly variant: string;
  readonly metric: string;
  readonly label: string;
  /** 'rate': two-proportion z-test; 'mean': Welch z-test. */
  readonly kind: 'rate' | 'mean';
  /** 95% intervals: Wilson for rates, normal for means. */
  readonly baseline: Interval;
  readonly current: Interval;
  /** current − baseline with its 95% interval. */
  readonly diff: Interval;
  readonly z: number;
  /** Two-sided p-value of "no change", unadjusted. */
  readonly p: number;
  /** Holm-adjusted p-value over every row of the check. */
  readonly pHolm: number;
  /** pHolm ≤ α: the metric moved significantly. */
  readonly changed: boolean;
}

function meanCi(s: MeanSample): Interval {
  const half = Z95 * Math.sqrt(Math.max(0, s.variance) / s.games);
  return { estimate: s.mean, lo: s.mean - half, hi: s.mean + half };
}

type Draft = Omit<RegressionRow, 'pHolm' | 'changed'>;

/**
 * Compare every (variant, metric) present in both the baseline and the current
 * run, in the run's variant order, rates before values. Rows are flagged
 * `changed` when their Holm-adjusted p-value is at most `alpha`, so the chance
 * that a check with unchanged rules flags anything is at most α.
 */
export function compareWithBaseline(b: Baseline, summary: RunSummary, alpha: number): RegressionRow[] {
  const drafts: Draft[] = [];
  for (const v of summary.variants) {
    const bv = b.variants.find((x) => x.name === v.name);
    if (!bv) continue;
    for (const r of v.rates) {
      const br = bv.rates[r.id];
      if (!br) continue;
      const base: RateSample = { count: br.count, games: br.games };
      // control_variates: the adjusted rate (what the report shows) against the baseline's raw count.
      const t: TwoSampleTest = r.raw ? welchZ(rateAsMean(br.count, br.games), adjustedSample(r.rate, v.games)) : twoProportionZ(base, { count: r.count, games: v.games });
      drafts.push({ variant: v.name, metric: r.id, label: r.label, kind: 'rate', baseline: wilson(br.count, br.games), current: r.rate, ...t });
    }
    for (const x of v.values) {
      const bm: BaselineMean | undefined = bv.values[x.id];
      if (!bm) continue;
      const cur: MeanSample = x.raw ? adjustedSample(x.mean, v.games) : { mean: x.mean.estimate, variance: x.sd * x.sd, games: v.games };
      const t = welchZ(bm, cur);
      drafts.push({ variant: v.name, metric: x.id, label: x.label, kind: 'mean', baseline: meanCi(bm), current: meanCi(cur), ...t });
    }
  }
  const adjusted = holmAdjust(drafts.map((d) => d.p));
  return drafts.map((d, i) => ({ ...d, pHolm: adjusted[i], changed: adjusted[i] <= alpha }));
}
