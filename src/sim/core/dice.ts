/**
 * Dice: the one small API every engine draws its randomness through
 * (boardgame.io style). Engines never see the generator itself.
 *
 * All rolls are unbiased: a 32-bit draw is rejected when it falls in the
 * incomplete top block (rejection sampling), so `d6()` is exactly uniform.
 */
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { streamStateInto } from './streams.js';

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

/** The fields of pure-rand's xoroshiro128+ generator (its state, `getState()` order). */
interface XoroFields {
  s01: number;
  s00: number;
  s11: number;
  s10: number;
}

/**
 * Whether pure-rand's xoroshiro128+ keeps its state in the four fields {@link XoroFields} (checked once against
 * `getState()` and `next()`): then one generator object is reused across games by overwriting its state, and a
 * game's stream costs no allocation. Otherwise each game builds its generator with `xoroshiro128plusFromState`.
 */
const REUSABLE = ((): boolean => {
  const g = xoroshiro128plusFromState([1, 2, 3, 4]) as unknown as XoroFields & RandomGenerator;
  const st = [0x12345678, -0x6543210f, 0x0badf00d, -0x21524111];
  g.s01 = st[0];
  g.s00 = st[1];
  g.s11 = st[2];
  g.s10 = st[3];
  const ref = xoroshiro128plusFromState(st);
  const got = g.getState();
  if (got.length !== 4 || got.some((x, i) => x !== st[i])) return false;
  for (let i = 0; i < 8; i++) if (g.next() !== ref.next()) return false;
  return true;
})();

/** Largest multiple of 6 not above 2^32: 32-bit words at or above it are rejected by d6 and d3. */
const D6_LIMIT = TWO32 - (TWO32 % 6);

/**
 * Dice backed by a pure-rand generator (xoroshiro128+ for game streams). Mutates the generator.
 *
 * A game's stream is set with {@link RngDice.resetStream}: the state is derived on the first draw only (a stream
 * never drawn from costs nothing) and written into one reused pure-rand generator, so a game allocates nothing; the
 * draws are pure-rand's own `next()`. The last derived state is kept, so the variants of one game index (common
 * random numbers) derive it once.
 */
export class RngDice extends DiceBase {
  draws = 0;
  private gen: RandomGenerator;
  /** The reused generator of {@link resetStream}. */
  private readonly own: RandomGenerator = xoroshiro128plusFromState([0, 0, 0, 1]);
  /** A stream set by resetStream, not derived yet. */
  private pending = false;
  private pendSeed = 0;
  private pendGame = 0;
  private pendTag = 0;
  /** The last derived (seed, game, tag) and its state. */
  private readonly cached = new Int32Array(4);
  private cachedSeed = -1;
  private cachedGame = -1;
  private cachedTag = -1;
  /** The n of the last {@link below} and its rejection limit (2^32 − 2^32 mod n). */
  private limitN = 6;
  private limit = D6_LIMIT;

  constructor(gen?: RandomGenerator) {
    super();
    this.gen = gen ?? this.own;
  }

  /** Replace the underlying generator (reuse this object across games). */
  reset(gen: RandomGenerator): void {
    this.gen = gen;
    this.pending = false;
    this.draws = 0;
  }

  /** Restart on the stream of (seed, game, tag) (streams.ts), derived lazily on the first draw. */
  resetStream(seed: number, game: number, tag: number): void {
    this.pendSeed = seed;
    this.pendGame = game;
    this.pendTag = tag;
    this.pending = true;
    this.draws = 0;
  }

  /** Derive the pending stream (or take the kept state) into the reused generator. */
  private derive(): void {
    this.pending = false;
    const c = this.cached;
    if (this.pendSeed !== this.cachedSeed || this.pendGame !== this.cachedGame || this.pendTag !== this.cachedTag) {
      streamStateInto(this.pendSeed, this.pendGame, this.pendTag, c);
      this.cachedSeed = this.pendSeed;
      this.cachedGame = this.pendGame;
      this.cachedTag = this.pendTag;
    }
    if (REUSABLE) {
      const g = this.own as unknown as XoroFields;
      g.s01 = c[0];
      g.s00 = c[1];
      g.s11 = c[2];
      g.s10 = c[3];
      this.gen = this.own;
    } else {
      this.gen = xoroshiro128plusFromState(Array.from(c));
    }
  }

  below(n: number): number {
    if (this.pending) this.derive();
    if (!(n >= 1)) throw new Error(`below(${n}): n must be at least 1`);
    this.draws++;
    // Largest multiple of n not above 2^32: values at or above it are rejected. The last n's limit is kept (engines
    // draw from the same n in runs: a deck's size, a list's length), which saves a floating-point remainder per draw.
    if (n !== this.limitN) {
      this.limitN = n;
      this.limit = TWO32 - (TWO32 % n);
    }
    const limit = this.limit;
    for (;;) {
      const u = this.gen.next() >>> 0;
      if (u < limit) return u % n;
    }
  }

  /** One d6: exactly `below(6) + 1`, without the generic limit arithmetic. */
  override d6(): number {
    if (this.pending) this.derive();
    this.draws++;
    for (;;) {
      const u = this.gen.next() >>> 0;
      if (u < D6_LIMIT) return (u % 6) + 1;
    }
  }

  /** d3: exactly `(below(6) >> 1) + 1`. */
  override d3(): number {
    if (this.pending) this.derive();
    this.draws++;
    for (;;) {
      const u = this.gen.next() >>> 0;
      if (u < D6_LIMIT) return ((u % 6) >> 1) + 1;
    }
  }
}
