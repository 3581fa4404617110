/**
 * The mergeable per-variant accumulator: every statistic a summary needs, kept
 * as sufficient statistics in one flat Float64Array, so memory does not grow
 * with the number of games and a chunk result crosses threads as plain typed
 * arrays.
 *
 * Merging adds the arrays element-wise. Counts, histograms and sums of integer
 * outcomes are exact in a double up to 2^53, so merging in any grouping gives
 * identical results for them; sums of non-integer values can differ in the
 * last bit between groupings, which is why the driver merges chunks strictly in
 * chunk-index order.
 */
import type { GameRecord, MetricSpec } from '../core/types.js';
import { addControls, CvLayout, normalizeExact } from './accumulator-cv.js';

/** Where each statistic lives in an accumulator's data array. */
export class AccLayout {
  /** Number of rates, values, series steps and series vars. */
  readonly nRates: number;
  readonly nValues: number;
  readonly nSteps: number;
  readonly nVars: number;
  /** Offsets of the fixed blocks. Games count is at 0. */
  readonly rateCount: number;
  readonly valueSum: number;
  readonly valueSumSq: number;
  readonly pairedRateSum: number;
  readonly pairedRateSumSq: number;
  readonly pairedValueSum: number;
  readonly pairedValueSumSq: number;
  /** Offset of value j's histogram (bins 0..max). */
  readonly valueHist: Int32Array;
  /** Highest bin of value j. */
  readonly valueMax: Int32Array;
  /** Offset of the Σ of series var k at step s, index s·nVars + k. */
  readonly seriesSum: number;
  /** Offset of the histogram of series var k at step s, index s·nVars + k. */
  readonly seriesHist: Int32Array;
  /** Highest bin of series var k. */
  readonly varMax: Int32Array;
  /**
   * The control-variate sums (accumulator-cv.ts), after every other block; null unless the experiment has
   * `control_variates: true` and the engine declares controls (then the layout is exactly the plain one).
   */
  readonly cv: CvLayout | null;
  /** Total length of the data array. */
  readonly size: number;

  constructor(readonly spec: MetricSpec, controlVariates = false) {
    this.nRates = spec.rates.length;
    this.nValues = spec.values.length;
    this.nSteps = spec.series ? spec.series.steps.length : 0;
    this.nVars = spec.series ? spec.series.vars.length : 0;
    let o = 1;
    const block = (len: number): number => {
      const at = o;
      o += len;
      return at;
    };
    this.rateCount = block(this.nRates);
    this.valueSum = block(this.nValues);
    this.valueSumSq = block(this.nValues);
    this.pairedRateSum = block(this.nRates);
    this.pairedRateSumSq = block(this.nRates);
    this.pairedValueSum = block(this.nValues);
    this.pairedValueSumSq = block(this.nValues);
    this.valueMax = Int32Array.from(spec.values, (v) => Math.max(0, Math.floor(v.max)));
    this.valueHist = Int32Array.from(this.valueMax, (m) => block(m + 1));
    this.seriesSum = block(this.nSteps * this.nVars);
    this.varMax = Int32Array.from(spec.series ? spec.series.vars : [], (v) => Math.max(0, Math.floor(v.max)));
    this.seriesHist = new Int32Array(this.nSteps * this.nVars);
    for (let s = 0; s < this.nSteps; s++) {
      for (let k = 0; k < this.nVars; k++) this.seriesHist[s * this.nVars + k] = block(this.varMax[k] + 1);
    }
    this.cv = controlVariates && (spec.controls?.length ?? 0) > 0 ? new CvLayout(spec, o) : null;
    this.size = this.cv ? this.cv.end : o;
  }
}

/** Clamp x to an integer bin in [0, max] (rounding to the nearest integer). */
function bin(x: number, max: number): number {
  const r = Math.round(x);
  return r <= 0 ? 0 : r >= max ? max : r;
}

/** Sufficient statistics of one variant over a set of games. */
export class Accumulator {
  private readonly raw: Float64Array;
  /**
   * The attrition series staged as differences along the steps: a run of steps s1…s2 where a variable keeps value
   * x adds (+1, +x) at s1 and (−1, −x) at s2 + 1 in this array (same layout as the data), so a game writes a few
   * entries per run instead of two per step — most steps repeat the state before them (the rest of a fight, every
   * step after the end). Reading {@link data} adds the prefix sums into the data. Every entry is an integer below
   * 2^53, so the result is exactly what adding each step directly gives.
   */
  private runs: Float64Array | null = null;
  private staged = false;
  /** Highest histogram bin staged per series var since the last flush (−1: none), so a flush reads only those bins. */
  private binHi: Int32Array | null = null;

  /** A fresh (all-zero) accumulator, or a wrapper around received data. */
  constructor(readonly layout: AccLayout, data?: Float64Array) {
    if (data && data.length !== layout.size) throw new Error(`accumulator data has length ${data.length}, expected ${layout.size}`);
    this.raw = data ?? new Float64Array(layout.size);
  }

  /** The raw statistics; see {@link AccLayout} for the positions. */
  get data(): Float64Array {
    if (this.staged) this.flush();
    return this.raw;
  }

  /** Add the staged series (prefix sums along the steps) into the data and clear the stage. */
  private flush(): void {
    const L = this.layout, d = this.raw, g = this.runs!, nv = L.nVars, hi = this.binHi!;
    for (let k = 0; k < nv; k++) {
      // Bins above the highest staged one hold only zeros: their prefix sums would add nothing.
      const bins = hi[k] + 1;
      hi[k] = -1;
      let sum = 0;
      for (let st = 0; st < L.nSteps; st++) {
        const i = st * nv + k;
        sum += g[L.seriesSum + i];
        g[L.seriesSum + i] = 0;
        d[L.seriesSum + i] += sum;
      }
      for (let b = 0; b < bins; b++) {
        let count = 0;
        for (let st = 0; st < L.nSteps; st++) {
          const at = L.seriesHist[st * nv + k] + b;
          count += g[at];
          g[at] = 0;
          d[at] += count;
        }
      }
    }
    this.staged = false;
  }

  /**
   * Add one game. `base` is the baseline variant's record of the same game
   * index, or null for the baseline itself (its paired sums stay zero).
   */
  add(rec: GameRecord, base: GameRecord | null): void {
    const L = this.layout, d = this.raw;
    d[0] += 1;
    const rates = rec.rates, values = rec.values, nr = L.nRates, nval = L.nValues;
    const rc = L.rateCount, vs = L.valueSum, vq = L.valueSumSq;
    for (let r = 0; r < nr; r++) d[rc + r] += rates[r];
    for (let j = 0; j < nval; j++) {
      const x = values[j];
      d[vs + j] += x;
      d[vq + j] += x * x;
      d[L.valueHist[j] + bin(x, L.valueMax[j])] += 1;
    }
    if (base !== null) {
      const prs = L.pairedRateSum, prq = L.pairedRateSumSq, pvs = L.pairedValueSum, pvq = L.pairedValueSumSq;
      const br = base.rates, bv = base.values;
      for (let r = 0; r < nr; r++) {
        const dd = rates[r] - br[r];
        d[prs + r] += dd;
        d[prq + r] += dd * dd;
      }
      for (let j = 0; j < nval; j++) {
        const dd = values[j] - bv[j];
        d[pvs + j] += dd;
        d[pvq + j] += dd * dd;
      }
    }
    if (L.cv !== null) addControls(L.cv, d, rec, base);
    // The series: the steps the game reached, as runs of equal values (see `runs`).
    const nt = rec.nTouched;
    if (nt > 0) {
      if (this.runs === null) {
        this.runs = new Float64Array(L.size);
        this.binHi = new Int32Array(L.nVars).fill(-1);
      }
      this.staged = true;
      const touched = rec.touched;
      let lo = touched[0], hi = lo;
      for (let t = 1; t < nt; t++) {
        const st = touched[t];
        if (st < lo) lo = st;
        else if (st > hi) hi = st;
      }
      const nv = L.nVars, series = rec.series, g = this.runs, ss = L.seriesSum, sh = L.seriesHist, vmax = L.varMax, ns = L.nSteps;
      const binHi = this.binHi!, end = hi + 1;
      for (let k = 0; k < nv; k++) {
        const vm = vmax[k];
        let top = binHi[k];
        let from = lo, x = series[lo * nv + k];
        for (let st = lo + 1; st <= end; st++) {
          const y = st < end ? series[st * nv + k] : -2;
          if (y === x) continue;
          // A run of value x over steps [from, st) (−1: steps not reached): +1/+x at its first step, −1/−x after its last.
          if (x >= 0 && st === from + 1) {
            // A run of one step (a variable that changes every round): added where it belongs, two entries instead of
            // four staged ones (the same integers, so the same sums).
            d[ss + from * nv + k] += x;
            d[sh[from * nv + k] + (x > vm ? vm : x)] += 1;
          } else if (x >= 0) {
            const b = x > vm ? vm : x;
            if (b > top) top = b;
            g[ss + from * nv + k] += x;
            g[sh[from * nv + k] + b] += 1;
            if (st < ns) {
              g[ss + st * nv + k] -= x;
              g[sh[st * nv + k] + b] -= 1;
            }
          }
          from = st;
          x = y;
        }
        binHi[k] = top;
      }
    }
  }

  /** Add another accumulator's statistics into this one (element-wise). */
  merge(other: Accumulator): void {
    const a = this.data, b = other.data;
    if (b.length !== a.length) throw new Error('cannot merge accumulators of different layouts');
    for (let i = 0; i < a.length; i++) a[i] += b[i];
    if (this.layout.cv !== null) normalizeExact(this.layout.cv, a);
  }

  /** Games added. */
  get games(): number {
    return this.data[0];
  }
  /** Games where rate r happened. */
  rateCount(r: number): number {
    return this.data[this.layout.rateCount + r];
  }
  /** Σ and Σ² of value j. */
  valueSums(j: number): { sum: number; sumSq: number } {
    return { sum: this.data[this.layout.valueSum + j], sumSq: this.data[this.layout.valueSumSq + j] };
  }
  /** Histogram of value j (a view, bins 0..max). */
  valueHist(j: number): Float64Array {
    const at = this.layout.valueHist[j];
    return this.data.subarray(at, at + this.layout.valueMax[j] + 1);
  }
  /** Σd and Σd² of rate r minus the baseline's rate r on the same games. */
  pairedRate(r: number): { sum: number; sumSq: number } {
    return { sum: this.data[this.layout.pairedRateSum + r], sumSq: this.data[this.layout.pairedRateSumSq + r] };
  }
  /** Σd and Σd² of value j minus the baseline's value j on the same games. */
  pairedValue(j: number): { sum: number; sumSq: number } {
    return { sum: this.data[this.layout.pairedValueSum + j], sumSq: this.data[this.layout.pairedValueSumSq + j] };
  }
  /** Σ of series var k at step s over the games that reached s (exact values). */
  seriesSum(s: number, k: number): number {
    return this.data[this.layout.seriesSum + s * this.layout.nVars + k];
  }
  /** Histogram of series var k at step s (a view, bins 0..var.max); its total is the games that reached s. */
  seriesHist(s: number, k: number): Float64Array {
    const at = this.layout.seriesHist[s * this.layout.nVars + k];
    return this.data.subarray(at, at + this.layout.varMax[k] + 1);
  }
}
