/**
 * accumulator-cv.ts addControls keeps each game's rounded terms per record (GameTerms) and adds them row by row
 * (addRow). These tests hold it to the plain definition: every term x rounded once (Math.round(x · 2^24)) and added
 * with addExact, the sums compared to the bit.
 */
import { describe, expect, it } from 'vitest';
import { addControls, addExact, CvLayout } from '../src/sim/stats/accumulator-cv.js';
import { GameRecord, type MetricSpec } from '../src/sim/core/types.js';

const K = 3;
const spec: MetricSpec = {
  rates: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B', given: 'a' }, { id: 'c', label: 'C' }],
  values: [{ id: 'v', label: 'V', max: 200 }, { id: 'w', label: 'W', max: 3 }],
  series: null,
  controls: Array.from({ length: K }, (_, i) => ({ id: `k${i}`, doc: '' })),
};

/** The definition: each term rounded and added on its own, in the block's order. */
function reference(C: CvLayout, d: Float64Array, rec: GameRecord, base: GameRecord | null): void {
  const k = C.k, c = rec.controls, nr = C.rates.length;
  const y = (r: GameRecord, t: number): number => (t < nr ? r.rates[C.rates[t]] : r.values[t - nr]);
  for (let i = 0; i < k; i++) {
    addExact(d, C.sumC + 2 * i, c[i]);
    for (let j = 0; j < k; j++) addExact(d, C.sumCC + 2 * (i * k + j), c[i] * c[j]);
  }
  for (let t = 0; t < C.nOut; t++) for (let j = 0; j < k; j++) if (y(rec, t) !== 0) addExact(d, C.sumYC + 2 * (t * k + j), y(rec, t) * c[j]);
  if (base === null) return;
  const cb = base.controls;
  for (let i = 0; i < k; i++) {
    addExact(d, C.sumB + 2 * i, cb[i]);
    for (let j = 0; j < k; j++) {
      addExact(d, C.sumBB + 2 * (i * k + j), cb[i] * cb[j]);
      addExact(d, C.sumCB + 2 * (i * k + j), c[i] * cb[j]);
    }
  }
  for (let t = 0; t < C.nOut; t++) {
    const D = y(rec, t) - y(base, t);
    if (D === 0) continue;
    for (let j = 0; j < k; j++) {
      addExact(d, C.sumDZ + 2 * (t * 2 * k + j), D * c[j]);
      addExact(d, C.sumDZ + 2 * (t * 2 * k + k + j), D * cb[j]);
    }
  }
}

/** A small deterministic generator (xorshift32) for the games' numbers. */
function numbers(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

describe('addControls', () => {
  it('gives the sums of one rounding per term, to the bit, with records reused across games and pairs', () => {
    const C = new CvLayout(spec, 1);
    const got = new Float64Array(C.end), want = new Float64Array(C.end);
    const got2 = new Float64Array(C.end), want2 = new Float64Array(C.end);
    // Two variants' records and a baseline's, reused every game as the engine's runners do.
    const base = new GameRecord(spec), rec = new GameRecord(spec), rec2 = new GameRecord(spec);
    const r = numbers(12345);
    const fill = (g: GameRecord, i: number): void => {
      // Every third game only one control differs from the record's last game (the others are reused as they are).
      for (let j = 0; j < K; j++) {
        if (i % 3 === 1 && j !== i % K) continue;
        const u = r();
        // Thirds, halves (ties of the rounding, both signs), ±0, and now and then a term beyond 2^52 grid units.
        g.controls[j] = u < 0.1 ? (r() < 0.5 ? 0 : -0) : u < 0.2 ? (Math.floor(r() * 64) - 32) * 2 ** -25
          : u < 0.22 ? (r() - 0.5) * 2 ** 30 : (r() - 0.5) * 40 / 3;
      }
      for (let t = 0; t < 3; t++) g.rates[t] = r() < 0.4 ? 1 : 0;
      // Integers (kept rows), beyond the kept range, and fractions (rounded on the spot).
      const v = r();
      g.values[0] = v < 0.5 ? Math.floor(r() * 8) : v < 0.7 ? 200 : v < 0.8 ? -150 : r() * 9;
      g.values[1] = i % 7;
    };
    for (let i = 0; i < 3000; i++) {
      fill(base, i);
      fill(rec, i);
      // Every fifth game the second variant replays the first (the same controls, as identical games give).
      if (i % 5 === 0) {
        rec2.controls.set(rec.controls);
        rec2.rates.set(rec.rates);
        rec2.values.set(rec.values);
      } else fill(rec2, i);
      // The baseline's record is added on its own and as the reference of both variants.
      addControls(C, got, base, null);
      reference(C, want, base, null);
      addControls(C, got, rec, base);
      reference(C, want, rec, base);
      addControls(C, got2, rec2, base);
      reference(C, want2, rec2, base);
      // A record added twice in one game (nothing changed in between) must not reuse stale terms either.
      if (i % 11 === 0) {
        addControls(C, got2, rec2, rec);
        reference(C, want2, rec2, rec);
      }
    }
    // Byte for byte (a −0 would show).
    const bytes = (a: Float64Array): number[] => Array.from(new Uint8Array(a.buffer));
    expect(bytes(got)).toEqual(bytes(want));
    expect(bytes(got2)).toEqual(bytes(want2));
    for (let at = C.start; at < C.end; at += 2) {
      expect(got[at + 1]).toBeGreaterThanOrEqual(0);
      expect(got[at + 1]).toBeLessThan(2 ** 52);
    }
  });
});
