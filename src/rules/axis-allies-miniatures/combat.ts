/**
 * The arithmetic of one attack, as plain functions (the game and the exact
 * tests share them): range bands, attack values, rolling the dice (each die
 * that shows 4 or more after modifiers is a success), and turning successes
 * against a defence into hits.
 */
import type { Dice } from '../../sim/core/dice.js';
import { KIND_AIRCRAFT, KIND_VEHICLE, type CombatTable, type UnitType } from './config.js';

export type { CombatTable };

/** Short 0–1, medium 2–4, long 5–8 hexes (the defaults of {@link CombatTable}). */
export const SHORT = 0, MEDIUM = 1, LONG = 2;
export const BAND_NAMES = ['short', 'medium', 'long'] as const;
export const LONG_RANGE = 8;
/** The largest `long_max` and `extended_range` an experiment may write (checked by the compiler). */
export const LONG_MAX_LIMIT = 40, EXTENDED_RANGE_LIMIT = 30;
/** The farthest distance at which any unit can have attack dice: {@link longRange} at both limits. */
export const MAX_REACH = LONG_MAX_LIMIT + (EXTENDED_RANGE_LIMIT - LONG_RANGE);

/** The published values: 4+, short 0–1, medium 2–4, long 5–8. */
export const DEFAULT_COMBAT: CombatTable = { successOn: 4, shortMax: 1, mediumMax: 4, longMax: LONG_RANGE };

/** Range band of a distance (−1 beyond long range; `longMax` extends long range, e.g. Extended Range). */
export function rangeBand(dist: number, longMax = LONG_RANGE, t: CombatTable = DEFAULT_COMBAT): number {
  if (dist <= t.shortMax) return SHORT;
  if (dist <= t.mediumMax) return MEDIUM;
  return dist <= longMax ? LONG : -1;
}

/**
 * Attack dice of `a` against a target of `targetKind` at `dist` (aircraft are
 * attacked with the values vs Vehicles or vs Soldiers, per `aaAsVehicle`,
 * ruling AAM-R06). Close Assault is returned separately: it applies only
 * against Vehicles in the same hex.
 */
export function attackValue(a: UnitType, targetKind: number, dist: number, aaAsVehicle = true, t: CombatTable = DEFAULT_COMBAT): number {
  const asVehicle = targetKind === KIND_VEHICLE || (targetKind === KIND_AIRCRAFT && aaAsVehicle);
  const band = rangeBand(dist, longRange(a, asVehicle, t), t);
  if (band < 0) return 0;
  return asVehicle ? a.vsVehicle[band] : a.vsSoldier[band];
}

/** The last hex of long range for `a`: the table's, or its Extended Range against vehicles (beyond the default 8 by the same amount). */
export function longRange(a: UnitType, asVehicle: boolean, t: CombatTable = DEFAULT_COMBAT): number {
  return asVehicle ? t.longMax + (a.longVsVehicle - LONG_RANGE) : t.longMax;
}

/** Close Assault dice against a target of `targetKind` at `dist` (0 when it does not apply). */
export function closeAssaultValue(a: UnitType, targetKind: number, dist: number): number {
  return dist === 0 && targetKind === KIND_VEHICLE ? a.closeAssault : 0;
}

/** Is a die face a success with modifier `mod` (each die −1 per penalty)? */
export function isSuccess(face: number, mod: number, successOn = DEFAULT_COMBAT.successOn): boolean {
  return face + mod >= successOn;
}

/** Per-die success probability with modifier `mod`. */
export function successProbability(mod: number, successOn = DEFAULT_COMBAT.successOn): number {
  let k = 0;
  for (let f = 1; f <= 6; f++) if (isSuccess(f, mod, successOn)) k++;
  return k / 6;
}

/**
 * Roll `n` attack dice with modifier `mod` and count the successes. With Guard
 * Crew, one die that shows a natural 1 is re-rolled (one extra draw). The
 * faces are written to `faces` (if given) for the replay log.
 */
export function rollSuccesses(dice: Dice, n: number, mod: number, guardCrew: boolean, faces: number[] | null = null, successOn = DEFAULT_COMBAT.successOn): number {
  // A face f succeeds when f ≥ need (isSuccess); counted without a branch on the face (random: no prediction helps).
  const need = successOn - mod;
  let s = 0, ones = 0;
  for (let i = 0; i < n; i++) {
    const f = dice.d6();
    if (faces) faces.push(f);
    ones += (f - 2) >>> 31; // 1 when f = 1
    s += (need - 1 - f) >>> 31; // 1 when f ≥ need
  }
  if (guardCrew && ones > 0) {
    const f = dice.d6();
    if (faces) faces.push(f);
    if (isSuccess(f, mod, successOn)) s++;
  }
  return s;
}

/**
 * Hits from one attack: successes ≥ 2 × defence → 3 hits; successes beating the
 * defence by `superior` (1 normally, X with Superior Armor X) → 2 hits;
 * successes ≥ defence → 1 hit; fewer → none. Soldiers and aircraft take at
 * most 2 (the second destroys them).
 */
export function hitsFrom(successes: number, defence: number, superior: number, kind: number): number {
  let h: number;
  if (successes >= 2 * defence) h = 3;
  else if (successes >= defence + Math.max(1, superior)) h = 2;
  else if (successes >= defence) h = 1;
  else h = 0;
  return kind === KIND_VEHICLE ? h : Math.min(h, 2);
}

/** Counters that destroy a unit of this kind (soldiers and aircraft 2, vehicles 3). */
export function lethalCounters(kind: number): number {
  return kind === KIND_VEHICLE ? 3 : 2;
}

/** Binomial probability P(X = k), X ~ Bin(n, p). */
export function binomialPmf(n: number, k: number, p: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c * p ** k * (1 - p) ** (n - k);
}

/** Exact distribution of hits (index 0..3) of an attack of n dice at `mod` against `defence` (no Guard Crew). */
export function hitDistribution(n: number, mod: number, defence: number, superior: number, kind: number): number[] {
  const p = successProbability(mod);
  const out = [0, 0, 0, 0];
  for (let k = 0; k <= n; k++) out[hitsFrom(k, defence, superior, kind)] += binomialPmf(n, k, p);
  return out;
}

