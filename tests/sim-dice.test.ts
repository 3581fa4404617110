import { describe, expect, it } from 'vitest';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A generator that replays fixed 32-bit words (as signed ints, like pure-rand). */
function scripted(words: number[]): RandomGenerator {
  let i = 0;
  const g: RandomGenerator = {
    next: () => {
      if (i >= words.length) throw new Error('script exhausted');
      return words[i++] | 0;
    },
    clone: () => g,
    getState: () => [i],
  };
  return g;
}

function chiSquare(counts: number[]): number {
  const total = counts.reduce((s, c) => s + c, 0);
  const e = total / counts.length;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
}

describe('RngDice', () => {
  it('d6 is uniform over 600k rolls (chi-square, 5 df, p = 0.01 critical 15.09)', () => {
    const dice = new RngDice(gameStream(2024, 0, STREAM_DICE));
    const counts = new Array(8).fill(0);
    for (let i = 0; i < 600_000; i++) counts[dice.d6()]++;
    expect(counts.length).toBe(8);
    expect(counts[0] + counts[7]).toBe(0); // never outside 1..6 (out-of-range would be undefined++ → NaN)
    expect(chiSquare(counts.slice(1, 7))).toBeLessThan(15.09);
    expect(dice.draws).toBe(600_000);
  });

  it('rolls over many games are uniform too (stream derivation)', () => {
    const dice = new RngDice(gameStream(7, 0));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let g = 0; g < 100_000; g++) {
      dice.reset(gameStream(7, g, STREAM_DICE));
      counts[dice.d6() - 1]++; // first roll of each game
    }
    expect(chiSquare(counts)).toBeLessThan(15.09);
  });

  it('d3 is ceil(d6 / 2)', () => {
    // u % 6 = 0..5 ↦ d6 = 1..6 ↦ d3 = 1,1,2,2,3,3
    const dice = new RngDice(scripted([0, 1, 2, 3, 4, 5]));
    expect(Array.from({ length: 6 }, () => dice.d3())).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('rejects draws from the incomplete top block', () => {
    // 2^32 mod 3 = 1, so 0xFFFFFFFF is the one rejected word for below(3).
    const dice = new RngDice(scripted([0xffffffff, 0xffffffff, 4, 0xfffffffe]));
    expect(dice.below(3)).toBe(1); // two rejections, then 4 % 3
    expect(dice.below(3)).toBe(0xfffffffe % 3);
    expect(dice.draws).toBe(2);
  });

  it('below(3·2^30) is uniform: rejection removes the bias of plain modulo', () => {
    // Without rejection, u % n would put twice the mass in the first third.
    const n = 3 * 2 ** 30;
    const dice = new RngDice(gameStream(99, 3));
    const counts = [0, 0, 0];
    for (let i = 0; i < 300_000; i++) counts[Math.floor(dice.below(n) / 2 ** 30)]++;
    expect(chiSquare(counts)).toBeLessThan(9.21); // 2 df, p = 0.01
  });

  it('same (seed, game) repeats; different games, seeds and tags differ', () => {
    const seq = (seed: number, game: number, tag = STREAM_DICE) => {
      const d = new RngDice(gameStream(seed, game, tag));
      return Array.from({ length: 32 }, () => d.below(1_000_000));
    };
    expect(seq(1, 5)).toEqual(seq(1, 5));
    expect(seq(1, 5)).not.toEqual(seq(1, 6));
    expect(seq(1, 5)).not.toEqual(seq(2, 5));
    expect(seq(1, 5)).not.toEqual(seq(1, 5, STREAM_POLICY));
    expect(seq(1, 2 ** 40)).not.toEqual(seq(1, 0)); // high word of the game index counts
  });

  it('resetStream draws exactly what a fresh pure-rand generator of the same stream draws (lazy, cached, reused)', () => {
    const reused = new RngDice();
    // Alternating games and tags exercises the kept state (a hit on the same game index, a miss on another).
    const plan: [number, number, number][] = [[1, 0, STREAM_DICE], [1, 0, STREAM_DICE], [1, 0, STREAM_POLICY], [99, 12345, STREAM_DICE], [1, 0, STREAM_DICE], [2 ** 40 + 3, 2 ** 33 + 7, 7]];
    for (const [seed, game, tag] of plan) {
      reused.resetStream(seed, game, tag);
      const fresh = new RngDice(gameStream(seed, game, tag));
      const a: number[] = [], b: number[] = [];
      for (let i = 0; i < 500; i++) {
        a.push(i % 3 === 0 ? reused.d6() : i % 3 === 1 ? reused.d3() : reused.below(11));
        b.push(i % 3 === 0 ? fresh.d6() : i % 3 === 1 ? fresh.d3() : fresh.below(11));
      }
      expect(a).toEqual(b);
      expect(reused.draws).toBe(500);
    }
  });
});
