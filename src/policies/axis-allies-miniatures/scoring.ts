/**
 * The arithmetic the scripted Axis & Allies Miniatures policies score with
 * (seed 002 §命中, the attack and hit rules as rulings AAM-R02, R10, R25, R35
 * read them): success tails of n dice, penalties, the expected points of one
 * attack, cover chances, stand-off ranges and the objective's pull, and the
 * per-type dice-by-distance tables. Pure functions of the observation: the
 * policies and the hex evaluator share them.
 */
import { DEFAULT_COMBAT, MAX_REACH, attackValue, closeAssaultValue, lethalCounters, successProbability, type CombatTable } from '../../rules/axis-allies-miniatures/combat.js';
import { KIND_AIRCRAFT, KIND_VEHICLE, type UnitType } from '../../rules/axis-allies-miniatures/config.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';

/** A scripted policy's parameters by name. */
export type Params = Readonly<Record<string, number>>;

const MAX_DICE = 40;
/**
 * TAIL[m + 3][n * (MAX_DICE + 2) + k] = P(at least k successes from n dice) with a per-die shift −m against the
 * published 4+ (m = −3 … 5: a penalty, or a success number other than 4 from the combat table, AAM-R35).
 */
const TAIL: Float64Array[] = [-3, -2, -1, 0, 1, 2, 3, 4, 5].map((m) => {
  const p = successProbability(-m);
  const t = new Float64Array((MAX_DICE + 1) * (MAX_DICE + 2));
  for (let n = 0; n <= MAX_DICE; n++) {
    const pmf = new Float64Array(n + 1);
    for (let k = 0; k <= n; k++) {
      let c = 1;
      for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
      pmf[k] = c * p ** k * (1 - p) ** (n - k);
    }
    let acc = 0;
    for (let k = n; k >= 0; k--) {
      acc += pmf[k];
      t[n * (MAX_DICE + 2) + k] = acc;
    }
  }
  return t;
});

/** Entries per dice count in a {@link tailRow} row: index n × TAIL_STRIDE + k. */
export const TAIL_STRIDE = MAX_DICE + 2;

/**
 * The success-tail table {@link atLeast} reads for a per-die penalty `m` (counted up to 3) and success number
 * `successOn`. A hot caller reads `row[min(n, MAX_DICE) × TAIL_STRIDE + k]` itself for 1 ≤ k ≤ min(n, MAX_DICE) (see
 * {@link tailAt}): a double returned from a call that is not inlined is boxed.
 */
export function tailRow(m: number, successOn: number): Float64Array {
  const shift = Math.min(3, Math.max(0, m)) + successOn - DEFAULT_COMBAT.successOn;
  return TAIL[Math.min(5, Math.max(-3, shift)) + 3];
}

/** Dice counts the tail tables cover (more dice read as this many). */
export const TAIL_MAX_DICE = MAX_DICE;

/** P(at least k successes from n dice at −m per die, succeeding on `successOn` or more; penalties count up to 3). */
export function atLeast(n: number, k: number, m: number, successOn = DEFAULT_COMBAT.successOn): number {
  if (k <= 0) return 1;
  if (n > MAX_DICE) n = MAX_DICE;
  if (k > n) return 0;
  const shift = Math.min(3, Math.max(0, m)) + successOn - DEFAULT_COMBAT.successOn;
  return TAIL[Math.min(5, Math.max(-3, shift)) + 3][n * (MAX_DICE + 2) + k];
}

/** Penalty per die / to defence the observation shows for unit `u` (AAM-R02 stacking read from the rulings). */
export function penalty(o: AamObservation, u: number): number {
  const p = o.disrupted[u] + o.damaged[u];
  return o.rulings.penalties_stack === 'stack' ? p : p > 0 ? 1 : 0;
}

/**
 * Expected value (in points) of `u` attacking `t` from hex `from`: the chance
 * to push its counters to destruction × its cost, + 15 % of its cost × the
 * chance of at least one hit; × (1 + focus) when it already carries counters.
 * 0 when the attack is impossible from there.
 */
export function attackScore(o: AamObservation, u: number, t: number, from: number, focus: number): number {
  const m = o.map, tk = o.kind[t], tp = o.pos[t];
  if (tp < 0 || from < 0 || tk === KIND_AIRCRAFT) return 0;
  const A = o.types[o.type[u]];
  const d = m.dist(from, tp);
  if (d > 1 && !m.los(from, tp)) return 0;
  const ca = closeAssaultValue(A, tk, d), av = attackValue(A, tk, d, true, o.bf.combat);
  return attackScoreWith(o, u, t, from, d, Math.max(av, ca), ca > 0 && ca >= av, focus);
}

/** Scratch slot for {@link attackScoreWith}'s result (a double returned from a call that is not inlined is boxed). */
const SCRATCH = new Float64Array(1);

/** {@link attackScore} with the distance, the dice and whether Close Assault (no cover) applies already known. */
export function attackScoreWith(o: AamObservation, u: number, t: number, from: number, d: number, n: number, closeAssault: boolean, focus: number): number {
  attackScoreInto(SCRATCH, 0, o, u, t, from, d, n, closeAssault);
  const v = SCRATCH[0];
  return o.counters[t] > 0 ? v * (1 + focus) : v;
}

/**
 * {@link attackScoreWith} before the focus bonus (the caller multiplies by 1 + focus when `t` carries counters),
 * written to `out[at]` instead of returned: a hot caller (the hex evaluator, the attack choice) then passes and
 * gets back no double, so none is boxed per call. Same operations in the same order.
 */
export function attackScoreInto(out: Float64Array, at: number, o: AamObservation, u: number, t: number, from: number, d: number, n: number, closeAssault: boolean): void {
  if (n <= 0) {
    out[at] = 0;
    return;
  }
  const m = o.map, tk = o.kind[t], tp = o.pos[t];
  const T = o.types[o.type[t]];
  let def = T.defFront;
  if (tk === KIND_VEHICLE) {
    const rear = d === 0 ? o.rulings.same_hex_defense === 'rear' : !m.inFrontArc(tp, o.facing[t], from);
    def = rear ? T.defRear : T.defFront;
  }
  def = Math.max(1, def - penalty(o, t));
  const mod = penalty(o, u);
  const sa = Math.max(1, T.superiorArmor);
  const c = o.counters[t], need = lethalCounters(tk) - c; // hits still needed
  // atLeast(n, k, mod, successOn) read from its table here (k ≥ 1 always: def ≥ 1), so no double is returned.
  const tail = tailRow(mod, o.bf.combat.successOn), nn = n > MAX_DICE ? MAX_DICE : n, row = nn * TAIL_STRIDE;
  const kKill = need <= 1 ? def : need === 2 ? def + sa : 2 * def;
  let pKill = kKill > nn ? 0 : tail[row + kKill];
  const pHit = def > nn ? 0 : tail[row + def];
  // A cover roll that holds limits the attack to disruption, so it cannot destroy (Close Assault ignores cover).
  if (!closeAssault && o.rulings.cover_rolls === 'on') {
    const base = o.bf.cover[m.terrain[tp]][tk === KIND_VEHICLE ? 1 : 0];
    if (base > 0) pKill *= 1 - Math.max(0, 7 - base - (d === 0 ? 1 : 0)) / 6;
  }
  out[at] = T.cost * (pKill + 0.15 * pHit);
}

/** Chance a cover roll holds for a unit of `kind` in hex `h` (0 without cover). */
export function coverChance(o: AamObservation, h: number, kind: number): number {
  if (o.rulings.cover_rolls !== 'on' || kind === KIND_AIRCRAFT) return 0;
  const need = o.bf.cover[o.map.terrain[h]][kind === KIND_VEHICLE ? 1 : 0];
  return need > 0 ? Math.max(0, 7 - need) / 6 : 0;
}

/** The longest distance at which `A` keeps at least 80 % of its best dice against a target kind (its stand-off range). */
export function optimalRange(A: UnitType, targetKind: number, t: CombatTable = DEFAULT_COMBAT): number {
  let best = 0;
  for (let d = 0; d <= 12; d++) best = Math.max(best, attackValue(A, targetKind, d, true, t));
  let r = 0;
  for (let d = 0; d <= 12; d++) if (attackValue(A, targetKind, d, true, t) >= 0.8 * best && best > 0) r = d;
  return r;
}

/** How hard the objective pulls on turn `turn`: 0 before `from`, rising to 1 on the objective turn. */
export function urgency(o: AamObservation, p: Params): number {
  const from = p.objective_from, goal = o.bf.objectiveTurn;
  if (o.turn < from) return 0;
  if (o.turn >= goal) return 1;
  return (o.turn - from + 1) / (goal - from + 1);
}

/**
 * Distances the dice tables cover: 0 … {@link MAX_REACH}, every distance at which an experiment's `long_max` and
 * `extended_range` can give dice (issue 28: they stopped at 15, so a `long_max` above 15 was invisible to the scores).
 */
export const RANGE_SLOTS = MAX_REACH + 1;

/** Per unit type: dice vs each target kind by distance (with Close Assault), whether that is Close Assault, and the stand-off range. */
export interface DiceTable {
  readonly dice: Int32Array;
  readonly closeAssault: Uint8Array;
  readonly optimal: Int32Array;
}
const DICE_TABLES = new WeakMap<CombatTable, WeakMap<UnitType, DiceTable>>();

/** The dice table of unit type `A` under combat table `table`, built once per (table, type). */
export function diceTable(A: UnitType, table: CombatTable): DiceTable {
  let byType = DICE_TABLES.get(table);
  if (!byType) DICE_TABLES.set(table, (byType = new WeakMap()));
  let t = byType.get(A);
  if (t) return t;
  const dice = new Int32Array(3 * RANGE_SLOTS), closeAssault = new Uint8Array(3 * RANGE_SLOTS), optimal = new Int32Array(3);
  for (let k = 0; k < 3; k++) {
    for (let d = 0; d < RANGE_SLOTS; d++) {
      const av = attackValue(A, k, d, true, table), ca = closeAssaultValue(A, k, d);
      dice[k * RANGE_SLOTS + d] = Math.max(av, ca);
      closeAssault[k * RANGE_SLOTS + d] = ca > 0 && ca >= av ? 1 : 0;
    }
    optimal[k] = optimalRange(A, k, table);
  }
  t = { dice, closeAssault, optimal };
  byType.set(A, t);
  return t;
}
