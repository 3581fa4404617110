/**
 * The band half of `check`: each `checks:` entry of the experiment is an
 * equivalence test (TOST at level α) on the current run.
 */
import { wilson, Z95 } from '../sim/stats/stats.js';
import type { Interval, RunSummary } from '../sim/stats/summary.js';
import type { Baseline } from './baseline.js';
import type { BandSpec } from '../sim/input/bands-spec.js';
import { adjustedSample } from './cv-sample.js';
import { meanBandTest, rateBandTest, type BandTest } from './equivalence.js';
import { t as msg } from '../i18n/t.js';

/** One band, tested on the current run. */
export interface BandRow {
  readonly spec: BandSpec;
  readonly label: string;
  /** The baseline's value with its 95% interval, for reference (null when the baseline lacks it or there is none). */
  readonly baseline: Interval | null;
  /** The current value with its (1 − 2α) interval. */
  readonly current: Interval;
  readonly z: number;
  /** TOST p-value. */
  readonly p: number;
  /** The (1 − 2α) interval lies inside the band. */
  readonly inside: boolean;
}

/**
 * Test every band on `summary`. The loader has already checked that each
 * band's variant and metric exist in the experiment.
 */
export function checkBands(bands: readonly BandSpec[], summary: RunSummary, baseline: Baseline | null, alpha: number): BandRow[] {
  return bands.map((spec) => {
    const v = summary.variants.find((x) => x.name === spec.variant);
    if (!v) throw new Error(msg('internal.bandVariantMissing', { where: spec.where, variant: spec.variant }));
    const bv = baseline?.variants.find((x) => x.name === spec.variant);
    let t: BandTest, label: string, base: Interval | null = null;
    if (spec.kind === 'rate') {
      const r = v.rates.find((x) => x.id === spec.metric);
      if (!r) throw new Error(msg('internal.bandRateMissing', { where: spec.where, metric: spec.metric }));
      label = r.label;
      t = r.raw ? meanBandTest(adjustedSample(r.rate, v.games), spec.lo, spec.hi, alpha) : rateBandTest({ count: r.count, games: r.n ?? v.games }, spec.lo, spec.hi, alpha);
      const br = bv?.rates[spec.metric];
      if (br) base = wilson(br.count, br.games);
    } else {
      const x = v.values.find((y) => y.id === spec.metric);
      if (!x) throw new Error(msg('internal.bandValueMissing', { where: spec.where, metric: spec.metric }));
      label = x.label;
      t = meanBandTest(x.raw ? adjustedSample(x.mean, v.games) : { mean: x.mean.estimate, variance: x.sd * x.sd, games: v.games }, spec.lo, spec.hi, alpha);
      const bm = bv?.values[spec.metric];
      if (bm) {
        const half = Z95 * Math.sqrt(bm.variance / bm.games);
        base = { estimate: bm.mean, lo: bm.mean - half, hi: bm.mean + half };
      }
    }
    return { spec, label, baseline: base, current: t.interval, z: t.z, p: t.p, inside: t.inside };
  });
}
