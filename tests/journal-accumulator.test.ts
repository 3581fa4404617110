/**
 * The journal's accumulator text (src/sim/run/journal.ts encodeAccumulator / decodeAccumulator): byte-exact both ways in
 * its dense and sparse forms, and a sparse text that is not exactly one refused (null), never allocated or merged.
 */
import { describe, expect, it } from 'vitest';
import { chunkLine, decodeAccumulator, encodeAccumulator, readChunkLine } from '../src/sim/run/journal.js';

/** The bytes of a float64 array (to compare −0 and NaN payloads exactly). */
const bytes = (a: Float64Array): number[] => [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];

/** A mostly-zero accumulator with −0, a NaN with a payload, ±Infinity, a denormal and ordinary values. */
function sparseSample(n: number): Float64Array {
  const a = new Float64Array(n);
  a[0] = 1.5;
  a[7] = -0;
  const w = new Uint32Array(a.buffer);
  w[2 * 11] = 0x1234;
  w[2 * 11 + 1] = 0x7ff80000; // a quiet NaN with payload 0x1234
  a[13] = Infinity;
  a[14] = -Infinity;
  a[20] = 5e-324;
  a[n - 1] = 123456789.25;
  return a;
}

describe('journal accumulators', () => {
  it('writes a mostly-zero accumulator sparse and reads back every byte (−0, NaN payload, denormal)', () => {
    const a = sparseSample(10_000);
    const s = encodeAccumulator(a);
    expect(s.startsWith('!10000:')).toBe(true);
    expect(s.length).toBeLessThan(200);
    expect(bytes(decodeAccumulator(s)!)).toEqual(bytes(a));
  });

  it('writes a dense accumulator as base64 of its bytes, as journals always did', () => {
    const a = Float64Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 0 : i * 0.1));
    const s = encodeAccumulator(a);
    expect(s).toBe(Buffer.from(a.buffer).toString('base64'));
    expect(bytes(decodeAccumulator(s)!)).toEqual(bytes(a));
    expect(decodeAccumulator('')!.length).toBe(0);
  });

  it('reads an accumulator inside a chunk line (subarray views too)', () => {
    const big = sparseSample(5_000), view = big.subarray(0, 4_000);
    const line = chunkLine(3, { start: 3000, count: 1000, data: [sparseSample(4_000), view], draws: 9, policyDraws: 2 });
    const back = readChunkLine(line)!;
    expect(back.m).toBe(3);
    expect(bytes(back.result.data[0])).toEqual(bytes(sparseSample(4_000)));
    expect(bytes(back.result.data[1])).toEqual(bytes(view));
  });

  it('refuses a sparse text with an index out of range, out of order or repeated, sizes that disagree, or a huge length', () => {
    const b64 = (w: number[]): string => Buffer.from(new Uint32Array(w).buffer).toString('base64');
    const ok = `!4:${b64([1])}:${b64([0, 0x3ff00000])}`;
    expect(Array.from(decodeAccumulator(ok)!)).toEqual([0, 1, 0, 0]);
    expect(decodeAccumulator(`!4:${b64([4])}:${b64([0, 0x3ff00000])}`)).toBeNull(); // index ≥ length
    expect(decodeAccumulator(`!4:${b64([2, 1])}:${b64([0, 1, 0, 1])}`)).toBeNull(); // not ascending
    expect(decodeAccumulator(`!4:${b64([1, 1])}:${b64([0, 1, 0, 1])}`)).toBeNull(); // repeated
    expect(decodeAccumulator(`!4:${b64([1])}:${b64([0])}`)).toBeNull(); // values short
    expect(decodeAccumulator(`!999999999:${b64([1])}:${b64([0, 1])}`)).toBeNull(); // beyond the cap
    expect(decodeAccumulator('!4:AAAA')).toBeNull(); // not the form
    expect(decodeAccumulator('AAAAAA==')).toBeNull(); // dense, not whole float64s
    const line = chunkLine(0, { start: 0, count: 1, data: [new Float64Array(1)], draws: 0, policyDraws: 0 }).replace(/"data":\["[^"]*"\]/, `"data":["!4:${b64([9])}:${b64([0, 1])}"]`);
    expect(readChunkLine(line)).toBeNull();
  });
});
