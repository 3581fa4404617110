/**
 * The control-variate part of an accumulator (issue 27, experiment key `control_variates: true`): the sums the
 * estimator in control-variates.ts needs, as one more block of the accumulator's flat array, merged element-wise
 * like the rest. It exists only when the key is on and the engine declares controls, so every other run keeps its
 * accumulator byte for byte.
 *
 * With k controls c (this variant's game), c_b (the baseline's game of the same index), and the outcomes y_t — the
 * unconditional rates (conditional ones keep their raw interval) then the values — the block holds:
 * Σc, Σccᵀ, Σy_t·c; and for the paired differences D_t = y_t − y_t(baseline): Σc_b, Σc_b c_bᵀ, Σc c_bᵀ and
 * Σ D_t·(c, c_b). Σy, Σy², ΣD and ΣD² are already in the accumulator.
 *
 * The sums are exact, so a result never depends on the chunking: each game's term is rounded once to a multiple of
 * 2^−24 ({@link CV_QUANTUM}) and added as an integer into a pair of doubles (hi counts 2^52s, lo ∈ [0, 2^52)), which
 * is integer arithmetic below 2^53 in every step — associative, so any grouping of games and chunks gives the same
 * pair. The rounding moves a control's mean by at most 2^−25 a game, far below any interval it narrows.
 */
import type { CvSums } from './control-variates.js';
import type { GameRecord, MetricSpec } from '../core/types.js';

/** The grid each game's term is rounded to before it is summed (2^−24). */
export const CV_QUANTUM = 2 ** -24;
const SCALE = 2 ** 24;
const LIMB = 2 ** 52;

/** Add `t` (rounded to the grid) into the exact pair at d[at] (hi, in units of 2^52) and d[at + 1] (lo ∈ [0, 2^52)). */
export function addExact(d: Float64Array, at: number, t: number): void {
  addUnits(d, at, Math.round(t * SCALE));
}

/** Add the integer `q` (a term rounded to the grid, in units of {@link CV_QUANTUM}) into the exact pair at d[at]. */
function addUnits(d: Float64Array, at: number, q: number): void {
  const h = Math.floor(q / LIMB);
  let hi = d[at] + h;
  let lo = d[at + 1] + (q - h * LIMB);
  const c = Math.floor(lo / LIMB);
  hi += c;
  lo -= c * LIMB;
  d[at] = hi;
  d[at + 1] = lo;
}

/**
 * Add the n integers q[from …] into the n pairs from d[at]. When lo + q stays in [0, 2^52) — nearly always: a term is
 * far below 2^52 — that sum is exact and already in the pair's one form, so it is stored as it is; otherwise
 * addUnits carries. Either way the pair ends as addExact leaves it: the form with lo ∈ [0, 2^52) is unique.
 */
function addRow(d: Float64Array, at: number, q: Float64Array, from: number, n: number): void {
  for (let j = 0; j < n; j++, at += 2) {
    const x = q[from + j], lo = d[at + 1] + x;
    if (lo < LIMB && lo >= 0) d[at + 1] = lo;
    else addUnits(d, at, x);
  }
}

/** Bring every pair of the block back to lo ∈ [0, 2^52) after an element-wise merge (exact: integers below 2^53). */
export function normalizeExact(C: CvLayout, d: Float64Array): void {
  for (let at = C.start; at < C.end; at += 2) {
    const c = Math.floor(d[at + 1] / LIMB);
    if (c !== 0) {
      d[at] += c;
      d[at + 1] -= c * LIMB;
    }
  }
}

/** The sum held by the pair at d[at], as a double (one rounding of the exact total). */
export function exactValue(d: ArrayLike<number>, at: number): number {
  return (d[at] * LIMB + d[at + 1]) * CV_QUANTUM;
}

/** Slot `i` of a block starting at `at` (each slot is an exact pair: two doubles). */
function slot(at: number, i: number): number {
  return at + 2 * i;
}

/** Where the control-variate sums live (offsets into the accumulator's data, after the plain layout). */
export class CvLayout {
  /** Number of controls. */
  readonly k: number;
  /** Rate indices with an adjusted estimate (the unconditional rates), in spec order. */
  readonly rates: Int32Array;
  readonly nValues: number;
  /** Outcomes: the adjusted rates, then every value. */
  readonly nOut: number;
  readonly sumC: number;
  readonly sumCC: number;
  /** Σ y_t·c_j at sumYC + t·k + j. */
  readonly sumYC: number;
  readonly sumB: number;
  readonly sumBB: number;
  /** Σ c_i·c_b,j at sumCB + i·k + j. */
  readonly sumCB: number;
  /** Σ D_t·z_j at sumDZ + t·2k + j, z = (c, c_b). */
  readonly sumDZ: number;
  /** First index of the block. */
  readonly start: number;
  /** First index past the block. */
  readonly end: number;

  constructor(spec: MetricSpec, at: number) {
    const k = (this.k = spec.controls?.length ?? 0);
    this.rates = Int32Array.from(spec.rates.flatMap((r, i) => (r.given ? [] : [i])));
    this.nValues = spec.values.length;
    this.nOut = this.rates.length + this.nValues;
    let o = (this.start = at);
    // Every sum is an exact pair of doubles (see addExact), so a block of len sums takes 2·len slots.
    const block = (len: number): number => {
      const b = o;
      o += 2 * len;
      return b;
    };
    this.sumC = block(k);
    this.sumCC = block(k * k);
    this.sumYC = block(this.nOut * k);
    this.sumB = block(k);
    this.sumBB = block(k * k);
    this.sumCB = block(k * k);
    this.sumDZ = block(this.nOut * 2 * k);
    this.end = o;
  }
}

/** Largest |multiplier| whose rounded products a {@link GameTerms} keeps (the outcomes are mostly small integers). */
const MAX_MULT = 128;

/**
 * One record's controls c with their terms rounded to the grid (integers in units of {@link CV_QUANTUM}): c_i,
 * c_i·c_j and m·c_j for integer multipliers m (an outcome y or a paired difference D), each computed on first use.
 * A record is added as a variant's game and again as the reference of every variant paired with it, and its
 * outcomes repeat the same few small integers, so each rounding is done once a game instead of once a use. Every
 * term is Math.round(x · 2^24) of exactly the product addExact would round: the sums are the same to the bit.
 */
class GameTerms {
  /** The controls the terms below belong to (compared with the record's on each use). */
  private readonly ctl: Float64Array;
  /** round(c_i · 2^24). */
  readonly qc: Float64Array;
  /** round(c_i·c_j · 2^24) at i·k + j (the products are symmetric: each is rounded once). */
  readonly qcc: Float64Array;
  /** round(m·c_j · 2^24) at (m + MAX_MULT)·k + j, valid where gen[m + MAX_MULT] === now. */
  private readonly qm: Float64Array;
  private readonly gen: Int32Array;
  private now = 1;
  private fresh = false;

  constructor(private readonly k: number) {
    this.ctl = new Float64Array(k);
    this.qc = new Float64Array(k);
    this.qcc = new Float64Array(k * k);
    this.qm = new Float64Array((2 * MAX_MULT + 1) * k);
    this.gen = new Int32Array(2 * MAX_MULT + 1);
  }

  /**
   * Make the terms those of controls `c` (recomputed only when they differ from the last ones; −0 and 0 count as
   * equal: their terms ±0 add the same, since a pair's lo is never −0).
   */
  update(c: Float64Array): void {
    const k = this.k, ctl = this.ctl;
    if (this.fresh) {
      let same = true;
      for (let i = 0; i < k; i++) {
        if (ctl[i] !== c[i]) {
          same = false;
          break;
        }
      }
      if (same) return;
    }
    this.fresh = true;
    this.now++;
    const qc = this.qc, qcc = this.qcc;
    for (let i = 0; i < k; i++) {
      const ci = (ctl[i] = c[i]);
      qc[i] = Math.round(ci * SCALE);
      for (let j = i; j < k; j++) qcc[j * k + i] = qcc[i * k + j] = Math.round(ci * c[j] * SCALE);
    }
  }

  /** The k terms round(m·c_j · 2^24) from the returned offset into {@link terms}, or −1 when m is not a kept integer. */
  times(m: number): number {
    if (!Number.isInteger(m) || m > MAX_MULT || m < -MAX_MULT) return -1;
    const k = this.k, row = m + MAX_MULT, at = row * k;
    if (this.gen[row] !== this.now) {
      this.gen[row] = this.now;
      const c = this.ctl, q = this.qm;
      for (let j = 0; j < k; j++) q[at + j] = Math.round(m * c[j] * SCALE);
    }
    return at;
  }

  /** The rounded products of {@link times}. */
  get terms(): Float64Array {
    return this.qm;
  }
}

/** The rounded terms of each record's controls (keyed by its controls array: one per record, reused every game). */
const termsOf = new WeakMap<Float64Array, GameTerms>();

function gameTerms(c: Float64Array, k: number): GameTerms {
  let g = termsOf.get(c);
  if (g === undefined) {
    g = new GameTerms(k);
    termsOf.set(c, g);
  }
  g.update(c);
  return g;
}

/** Scratch rows of rounded terms not kept by a GameTerms (products c_i·c_b,j; non-integer multipliers). */
let scratch = new Float64Array(0);

function scratchOf(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(n);
  return scratch;
}

/** Add the k terms m·c_j (rounded) into the k pairs from d[at] (g's kept row, or rounded here). */
function addTimes(d: Float64Array, at: number, g: GameTerms, c: Float64Array, m: number, k: number): void {
  const row = g.times(m);
  if (row >= 0) {
    addRow(d, at, g.terms, row, k);
    return;
  }
  const q = scratchOf(k);
  for (let j = 0; j < k; j++) q[j] = Math.round(m * c[j] * SCALE);
  addRow(d, at, q, 0, k);
}

/** Add one game's control sums into `d` (`base`: the baseline's record of the same game, null for the baseline). */
export function addControls(C: CvLayout, d: Float64Array, rec: GameRecord, base: GameRecord | null): void {
  const k = C.k, c = rec.controls, rates = rec.rates, values = rec.values, idx = C.rates, nr = idx.length;
  const g = gameTerms(c, k), kk = k * k;
  addRow(d, C.sumC, g.qc, 0, k);
  addRow(d, C.sumCC, g.qcc, 0, kk);
  for (let t = 0; t < C.nOut; t++) {
    const y = t < nr ? rates[idx[t]] : values[t - nr];
    if (y !== 0) addTimes(d, slot(C.sumYC, t * k), g, c, y, k);
  }
  if (base === null) return;
  const cb = base.controls, br = base.rates, bv = base.values, k2 = 2 * k;
  const gb = gameTerms(cb, k);
  addRow(d, C.sumB, gb.qc, 0, k);
  addRow(d, C.sumBB, gb.qcc, 0, kk);
  const q = scratchOf(kk);
  for (let i = 0; i < k; i++) {
    const ci = c[i];
    for (let j = 0; j < k; j++) q[i * k + j] = Math.round(ci * cb[j] * SCALE);
  }
  addRow(d, C.sumCB, q, 0, kk);
  for (let t = 0; t < C.nOut; t++) {
    const D = t < nr ? rates[idx[t]] - br[idx[t]] : values[t - nr] - bv[t - nr];
    if (D === 0) continue;
    const at = slot(C.sumDZ, t * k2);
    addTimes(d, at, g, c, D, k);
    addTimes(d, at + 2 * k, gb, cb, D, k);
  }
}

/** Sums i0 … i0+len−1 of the block at `at`, as doubles. */
function sums(d: Float64Array, at: number, i0: number, len: number): Float64Array {
  const out = new Float64Array(len);
  for (let i = 0; i < len; i++) out[i] = exactValue(d, slot(at, i0 + i));
  return out;
}

/** Sum `i` of the block at `at` (e.g. `C.sumCC`), as a double. */
export function cvSum(d: Float64Array, at: number, i: number): number {
  return exactValue(d, slot(at, i));
}

/** Outcome index of rate r in the block, or −1 (a conditional rate: no adjusted estimate). */
export function cvRateOutcome(C: CvLayout, r: number): number {
  return C.rates.indexOf(r);
}

/** The estimator's sums for outcome t of one variant: y_t against its own k controls. */
export function ownSums(C: CvLayout, d: Float64Array, t: number, sumY: number, sumY2: number): CvSums {
  const k = C.k;
  return {
    n: d[0], sumY, sumY2,
    sumZ: sums(d, C.sumC, 0, k),
    sumZZ: sums(d, C.sumCC, 0, k * k),
    sumZY: sums(d, C.sumYC, t * k, k),
  };
}

/** The estimator's sums for the paired difference D_t against the 2k regressors (this variant's controls, the baseline's). */
export function pairedSums(C: CvLayout, d: Float64Array, t: number, sumD: number, sumD2: number): CvSums {
  const k = C.k, m = 2 * k;
  const sumZ = new Float64Array(m), sumZZ = new Float64Array(m * m);
  for (let i = 0; i < k; i++) {
    sumZ[i] = cvSum(d, C.sumC, i);
    sumZ[k + i] = cvSum(d, C.sumB, i);
    for (let j = 0; j < k; j++) {
      sumZZ[i * m + j] = cvSum(d, C.sumCC, i * k + j);
      sumZZ[(k + i) * m + k + j] = cvSum(d, C.sumBB, i * k + j);
      const cb = cvSum(d, C.sumCB, i * k + j);
      sumZZ[i * m + k + j] = cb;
      sumZZ[(k + j) * m + i] = cb;
    }
  }
  return { n: d[0], sumY: sumD, sumY2: sumD2, sumZ, sumZZ, sumZY: sums(d, C.sumDZ, t * m, m) };
}
