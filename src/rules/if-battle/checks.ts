/**
 * Check resolution (成否判定). The seed speaks of a check's rank (ランク) going
 * up or down but never says what a rank is (ruling IF-F01): here a check
 * rolls `dice` dice with `sides` faces and succeeds when the total reaches the
 * target of its rank; the rank is `rankBase − skill level` plus the rank
 * changes of the chapter (fields, bugs, the counter check's level
 * comparison), clamped to the table. Higher rank = harder. The table is data:
 * an experiment replaces it under `check:`.
 */
import type { Dice } from '../../sim/core/dice.js';

/** The check table (plain JSON). */
export interface CheckTable {
  readonly dice: number;
  readonly sides: number;
  /** Rank of a check made with skill level 0 (before rank changes). */
  readonly rankBase: number;
  /** Target total per rank, rank 0 first; ranks beyond either end use the end value. */
  readonly targets: readonly number[];
}

/** Default: 2D6 ≥ 5 + rank, ranks 0..7 (rank 4 at level 0, each level one rank easier). */
export function defaultCheckTable(): CheckTable {
  return { dice: 2, sides: 6, rankBase: 4, targets: [5, 6, 7, 8, 9, 10, 11, 12] };
}

/** Rank of a check: base − level + changes, clamped to the table. */
export function checkRank(t: CheckTable, level: number, change: number): number {
  const r = t.rankBase - level + change;
  const top = t.targets.length - 1;
  return r < 0 ? 0 : r > top ? top : r;
}

/** Roll a check: the dice total (success when ≥ the rank's target). d6 tables draw `d6()` each: the draws of `nd(n, 6)`. */
export function rollCheck(t: CheckTable, dice: Dice): number {
  if (t.sides !== 6) return dice.nd(t.dice, t.sides);
  let total = 0;
  for (let i = 0; i < t.dice; i++) total += dice.d6();
  return total;
}

/** Exact probability that a check of this rank succeeds (sum distribution by convolution). */
export function successProbability(t: CheckTable, rank: number): number {
  let dist = [1];
  for (let k = 0; k < t.dice; k++) {
    const next = new Array<number>(dist.length + t.sides).fill(0);
    for (let s = 0; s < dist.length; s++) for (let f = 1; f <= t.sides; f++) next[s + f] += dist[s] / t.sides;
    dist = next;
  }
  const target = t.targets[Math.max(0, Math.min(t.targets.length - 1, rank))];
  let p = 0;
  for (let s = target; s < dist.length; s++) p += dist[s] ?? 0;
  return p;
}
