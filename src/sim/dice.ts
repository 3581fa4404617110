/**
 * Dice: the one small API every engine draws its randomness through
 * (boardgame.io style). Engines never see the generator itself.
 *
 * All rolls are unbiased: a 32-bit draw is rejected when it falls in the
 * incomplete top block (rejection sampling), so `d6()` is exactly uniform.
 */
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** Source of dice rolls. Implemented by {@link RngDice} and by the scripted test helper. */
export interface Dice {
  /** Uniform integer in [0, n). n ≥ 1. */
  below(n: number): number;
  /** One six-sided die, 1..6. */
  d6(): number;
  /** d3 as the rules define it: ⌈d6 / 2⌉, 1..3. */
  d3(): number;
  /** Sum of n dice with `sides` faces. */
  nd(n: number, sides: number): number;
  /** d66: tens digit then units digit, each 1..6 (11..66). */
  d66(): number;
  /** Number of primitive draws taken so far (for the benchmark's dice_per_game). */
  readonly draws: number;
}

const TWO32 = 4294967296;

/**
 * The shared dice arithmetic: every roll is built from `below(n)`, so a test
 * double only has to script `below` (and the rolls then consume exactly the
 * draws the real dice would).
 */
export abstract class DiceBase implements Dice {
  abstract below(n: number): number;
  abstract readonly draws: number;
  d6(): number {
    return this.below(6) + 1;
  }
  d3(): number {
    return (this.below(6) >> 1) + 1;
  }
  nd(n: number, sides: number): number {
    let s = 0;
    for (let i = 0; i < n; i++) s += this.below(sides) + 1;
    return s;
  }
  d66(): number {
    const t = this.d6();
    return t * 10 + this.d6();
  }
}

/** Dice backed by a pure-rand generator (xoroshiro128+). Mutates the generator. */
export class RngDice extends DiceBase {
  draws = 0;
  /** xoroshiro128+ state to start from on the first draw (lazy: a stream never drawn from costs nothing). */
  private pending: readonly number[] | null = null;
  constructor(private gen: RandomGenerator) {
    super();
  }

  /** Replace the underlying generator (reuse this object across games). */
  reset(gen: RandomGenerator): void {
    this.gen = gen;
    this.pending = null;
    this.draws = 0;
  }

  /** Restart from a xoroshiro128+ state (see streams.ts); the generator is built on the first draw. */
  resetState(state: readonly number[]): void {
    this.pending = state;
    this.draws = 0;
  }

  below(n: number): number {
    if (this.pending !== null) {
      this.gen = xoroshiro128plusFromState(this.pending);
      this.pending = null;
    }
    if (!(n >= 1)) throw new Error(`below(${n}): n must be at least 1`);
    this.draws++;
    // Largest multiple of n not above 2^32: values at or above it are rejected.
    const limit = TWO32 - (TWO32 % n);
    for (;;) {
      const u = this.gen.next() >>> 0;
      if (u < limit) return u % n;
    }
  }
}
