/**
 * Stream derivation: every game gets its own xoroshiro128+ generator whose
 * full 128-bit state is a hash of (experiment seed, game index, stream tag).
 *
 * The variant is deliberately *not* part of the derivation: game i of every
 * variant sees the same dice stream (common random numbers), so paired
 * differences between variants are measured on identical luck. Results depend
 * only on (seed, game index), never on worker count, chunking or timing.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** Which stream of a game: the dice stream of the rules, or the policy's own stream. */
export const STREAM_DICE = 0x0d1ce;
export const STREAM_POLICY = 0x9011c;

/** murmur3 fmix32 finaliser: a bijective avalanche on 32-bit integers. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Split a non-negative integer below 2^53 into two 32-bit words. */
function lo32(x: number): number {
  return x >>> 0;
}
function hi32(x: number): number {
  return Math.floor(x / 4294967296) >>> 0;
}

/**
 * Each word's hash after the tag and the seed (the first three of its five mixing steps), for the last (seed, tag):
 * a game's streams, and an engine's keyed streams (one game key, many keys), repeat them, so only the two game
 * steps are mixed anew. The same arithmetic, so the same states.
 */
const prefix = new Int32Array(4);
let prefixSeed = -1;
let prefixTag = -1;

/**
 * Derive the 4-word generator state for (seed, game, tag) into `out` (no
 * allocation). Each word mixes all inputs with a different salt, so
 * neighbouring games get unrelated states.
 */
export function streamStateInto(seed: number, game: number, tag: number, out: { [i: number]: number }): void {
  if (seed !== prefixSeed || tag !== prefixTag) {
    const a = lo32(seed), b = hi32(seed);
    for (let w = 0; w < 4; w++) {
      let h = fmix32(0x9e3779b9 * (w + 1) ^ tag);
      h = fmix32(h ^ a);
      prefix[w] = fmix32(h ^ b ^ 0x85ebca6b);
    }
    prefixSeed = seed;
    prefixTag = tag;
  }
  const c = lo32(game), d = hi32(game);
  let any = 0;
  for (let w = 0; w < 4; w++) {
    let h = fmix32(prefix[w] ^ c);
    h = fmix32(h ^ d ^ 0xc2b2ae35);
    out[w] = h;
    any |= h;
  }
  // xoroshiro's all-zero state is a fixed point; the hash makes it practically
  // impossible, but guard it anyway.
  if (any === 0) out[3] = 1;
}

/** The 4-word generator state for (seed, game, tag), as a new array (see {@link streamStateInto}). */
export function streamState(seed: number, game: number, tag: number): [number, number, number, number] {
  const words: [number, number, number, number] = [0, 0, 0, 0];
  streamStateInto(seed, game, tag, words);
  return words;
}

/** A fresh generator for (seed, game, tag). */
export function gameStream(seed: number, game: number, tag: number = STREAM_DICE): RandomGenerator {
  return xoroshiro128plusFromState(streamState(seed, game, tag));
}
