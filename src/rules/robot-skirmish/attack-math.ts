/**
 * Attack arithmetic shared by the rules and the policies: the 36 outcomes of
 * 2D6 with criticals (6-6 always hits) and fumbles (1-1 always misses), judged
 * before modifiers; mean damage of a damage expression; the situational
 * modifiers of an attack roll.
 */
import { EQ_EVASION, type DamageExpr } from './catalogue.js';
import type { RsObservation } from './state.js';

/** Outcomes (of 36) of 2D6 that hit when attack + 2D6 + modifiers must reach `need` = defence − attack − modifiers. */
export function hitOutcomes(need: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      if (a === 6 && b === 6) n++;
      else if (!(a === 1 && b === 1) && a + b >= need) n++;
    }
  }
  return n;
}

const HIT_TABLE = new Float64Array(31);
for (let i = 0; i < 31; i++) HIT_TABLE[i] = hitOutcomes(i - 10) / 36;

/** P(hit) for `need` (see {@link hitOutcomes}). */
export function hitProbability(need: number): number {
  const i = need + 10;
  return i < 0 ? HIT_TABLE[0] : i > 30 ? HIT_TABLE[30] : HIT_TABLE[i];
}

const meanCache = new Map<number, number>();

/** Mean of a damage expression (dice d6 + bonus, at least min); `maxDice` counts every die as a 6. */
export function meanDamage(d: DamageExpr, maxDice = false): number {
  if (d.dice === 0 || maxDice) return Math.max(d.min, d.dice * 6 + d.bonus);
  const key = (d.dice * 128 + d.bonus + 64) * 128 + d.min;
  const hit = meanCache.get(key);
  if (hit !== undefined) return hit;
  // Distribution of the sum of d.dice d6 (d.dice ≤ 6: at most 36 sums).
  let dist = [1];
  for (let k = 0; k < d.dice; k++) {
    const next = new Array(dist.length + 6).fill(0);
    for (let s = 0; s < dist.length; s++) for (let f = 1; f <= 6; f++) next[s + f] += dist[s] / 6;
    dist = next;
  }
  let m = 0;
  for (let s = 0; s < dist.length; s++) m += dist[s] * Math.max(d.min, s + d.bonus);
  meanCache.set(key, m);
  return m;
}

/** Stealth (隠密行動): shooting at a hidden unit −2. Evasion booster: every attack against it −2. Point-blank (接射): −2. Hovering over a grounded target: the catalogue's `heightMod` (ruling RS-F08, default +1). */
export const STEALTH_MOD = -2, EVASION_MOD = -2, POINT_BLANK_MOD = -2;

/**
 * The situational modifiers of one attack roll by lead `a` on unit `t` (−1 for
 * headquarters): stealth (shooting only, unless terrain is ignored — 迎撃),
 * evasion booster, height, point-blank. Multi-attack, formation, combination
 * and concentration are added by the caller.
 */
export function situationalModifier(s: RsObservation, a: number, t: number, shooting: boolean, pointBlank: boolean, ignoreTerrain: boolean): number {
  let m = 0;
  if (pointBlank) m += POINT_BLANK_MOD;
  if (t < 0) return m;
  if (shooting && !ignoreTerrain && s.stealth[t]) m += STEALTH_MOD;
  if (s.eq[t] & EQ_EVASION) m += EVASION_MOD;
  if (shooting && s.hover[a] && !s.hover[t]) m += s.cat.base.heightMod;
  return m;
}
