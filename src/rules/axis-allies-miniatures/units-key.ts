/**
 * The units' state as a table key (issue 27 speed; no rule of its own): phase-memo.ts looks the
 * state up by it. One head word (what is looked up: turn, stretch or decision, actor…), then one word per unit: its
 * position (16 bits, exactly as the Int16 field), facing and counters (4 bits each) and its alive, disrupted and
 * damaged flags (1 bit each) — every per-unit field the policies and rules read that changes in a game (side, type and
 * kind are fixed by the runner's deployment). The engine keeps facings 0–5, counters ≤ 3 and the flags 0/1; should a
 * value ever not fit its bits, {@link UnitsKey.fill} says so and the caller looks nothing up, so two different states
 * never share a key. A 32-bit hash of the words comes with it.
 */
import type { AamState } from './state.js';

/** Words before the units. */
export const KEY_HEAD = 1;

export class UnitsKey {
  /** The key last filled: head word, then one word per unit. */
  readonly words: Int32Array;
  /** Its hash. */
  hash = 0;

  constructor(readonly nUnits: number) {
    this.words = new Int32Array(KEY_HEAD + nUnits);
  }

  /** Fill the key of `s` under head word `head`; false when a field does not fit its bits (then use no table). */
  fill(s: AamState, head: number): boolean {
    const key = this.words, n = this.nUnits;
    const pos = s.pos, facing = s.facing, counters = s.counters, alive = s.alive, disrupted = s.disrupted, damaged = s.damaged;
    key[0] = head;
    let h = Math.imul(head ^ 0x2545f491, 0x9e3779b1), wide = 0;
    for (let u = 0; u < n; u++) {
      const f = facing[u], c = counters[u], a = alive[u], d = disrupted[u], g = damaged[u];
      wide |= ((f | c) & ~15) | ((a | d | g) & ~1);
      const w = (pos[u] & 0xffff) | (f << 16) | (c << 20) | (a << 24) | (d << 25) | (g << 26);
      key[KEY_HEAD + u] = w;
      h = Math.imul(h ^ w, 0x85ebca6b);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.hash = h ^ (h >>> 16);
    return wide === 0;
  }

  /** Whether the entry of `width` words at `base` of `keys` is the key last filled. */
  same(keys: Int32Array, base: number): boolean {
    const key = this.words, width = key.length;
    for (let i = 0; i < width; i++) if (keys[base + i] !== key[i]) return false;
    return true;
  }
}
