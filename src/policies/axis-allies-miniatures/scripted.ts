/**
 * Scripted Axis & Allies Miniatures policies as ordered (action, condition)
 * lists, SimulationCraft style: at each unit's turn the first rule whose
 * condition holds and whose action is legal is taken. The rules are built from
 * a few readable heuristics a designer can tune from the experiment file:
 *
 * - attack score: the target's points × the chance this attack destroys it
 *   (given the counters it already carries), plus a little for any hit, with a
 *   bonus for targets already hit (focus fire);
 * - hex score (where to move): the best attack score from that hex (close to
 *   the optimal range), cover, the threat from enemies that see the hex, and
 *   the pull of the objective, which grows as turn 7 approaches;
 * - facing: towards the enemy with the most dice against vehicles (protect the
 *   rear armour).
 *
 * The policy sees only the observation (state, map, unit types: all public)
 * and the legal actions.
 */
import type { Dice } from '../../sim/dice.js';
import { DEFAULT_COMBAT, attackValue, closeAssaultValue, lethalCounters, successProbability, type CombatTable } from '../../rules/axis-allies-miniatures/combat.js';
import { KIND_AIRCRAFT, KIND_VEHICLE, type UnitType } from '../../rules/axis-allies-miniatures/config.js';
import * as D from '../../rules/axis-allies-miniatures/decisions.js';
import { DIR_Q, DIR_R } from '../../rules/axis-allies-miniatures/hexmap.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';
import type { AamPolicy, ParamDef } from './policy.js';

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

/** {@link attackScore} with the distance, the dice and whether Close Assault (no cover) applies already known. */
export function attackScoreWith(o: AamObservation, u: number, t: number, from: number, d: number, n: number, closeAssault: boolean, focus: number): number {
  if (n <= 0) return 0;
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
  let pKill: number;
  if (need <= 1) pKill = atLeast(n, def, mod, o.bf.combat.successOn);
  else if (need === 2) pKill = atLeast(n, def + sa, mod, o.bf.combat.successOn);
  else pKill = atLeast(n, 2 * def, mod, o.bf.combat.successOn);
  const pHit = atLeast(n, def, mod, o.bf.combat.successOn);
  // A cover roll that holds limits the attack to disruption, so it cannot destroy (Close Assault ignores cover).
  if (!closeAssault && o.rulings.cover_rolls === 'on') {
    const base = o.bf.cover[m.terrain[tp]][tk === KIND_VEHICLE ? 1 : 0];
    if (base > 0) pKill *= 1 - Math.max(0, 7 - base - (d === 0 ? 1 : 0)) / 6;
  }
  const v = T.cost * (pKill + 0.15 * pHit);
  return c > 0 ? v * (1 + focus) : v;
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

const RANGE_SLOTS = 16;
const MAXU = 64;

/** Per unit type: dice vs each target kind by distance (with Close Assault), whether that is Close Assault, and the stand-off range. */
interface DiceTable {
  readonly dice: Int32Array;
  readonly closeAssault: Uint8Array;
  readonly optimal: Int32Array;
}
const DICE_TABLES = new WeakMap<CombatTable, WeakMap<UnitType, DiceTable>>();

function diceTable(A: UnitType, table: CombatTable): DiceTable {
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

/**
 * Scores hexes for one unit's decision. `prepare` reads the observation once
 * (the enemies and what each side's dice do at every distance); `score(h)`
 * then costs one distance and one line-of-sight lookup per enemy. Reused
 * across decisions: nothing is allocated per step.
 */
export class HexEvaluator {
  private o!: AamObservation;
  private p!: Params;
  private u = -1;
  private ne = 0;
  /** The enemy list is rebuilt only when the (state object, game serial, turn, phase, acting side) changes: enemies do not move in our phase. */
  private keyObs: AamObservation | null = null;
  private keyTurn = -1;
  private keyPhase = -1;
  private keySide = -1;
  private keySerial = -1;
  private readonly ePos = new Int32Array(MAXU);
  private readonly eUnit = new Int32Array(MAXU);
  private readonly eKind = new Int32Array(MAXU);
  private readonly eTable: DiceTable[] = [];
  private ours!: DiceTable;
  private ourKind = 0;
  private ourNeed = 0;
  private urg = 0;

  prepare(o: AamObservation, u: number, p: Params): void {
    this.o = o;
    this.p = p;
    this.u = u;
    const side = o.side[u], U = o.types[o.type[u]];
    this.ours = diceTable(U, o.bf.combat);
    this.ourKind = o.kind[u];
    this.ourNeed = Math.max(1, U.defFront - penalty(o, u)) + Math.max(1, U.superiorArmor);
    this.urg = urgency(o, p);
    if (this.keyObs === o && this.keyTurn === o.turn && this.keyPhase === o.phase && this.keySide === side && this.keySerial === o.serial) return;
    this.keyObs = o;
    this.keyTurn = o.turn;
    this.keyPhase = o.phase;
    this.keySide = side;
    this.keySerial = o.serial;
    let ne = 0;
    for (let e = 0; e < o.n; e++) {
      if (!o.alive[e] || o.side[e] === side || o.kind[e] === KIND_AIRCRAFT || o.pos[e] < 0) continue;
      this.eUnit[ne] = e;
      this.ePos[ne] = o.pos[e];
      this.eKind[ne] = o.kind[e];
      this.eTable[ne] = diceTable(o.types[o.type[e]], o.bf.combat);
      ne++;
    }
    this.ne = ne;
  }

  /** Score of the prepared unit standing in hex `h` (higher is better). */
  score(h: number): number {
    const o = this.o, p = this.p, m = o.map, mn = m.n, ours = this.ours, k = this.ourKind;
    let fire = 0, threat = 0, nearest = -1, nd = 1e9;
    for (let i = 0; i < this.ne; i++) {
      const e = this.eUnit[i];
      if (!o.alive[e]) continue;
      const ep = this.ePos[i];
      const d = m.distance[h * mn + ep];
      if (d < nd) {
        nd = d;
        nearest = i;
      }
      if (d >= RANGE_SLOTS || (d > 1 && m.sight[h * mn + ep] === 0)) continue;
      const tn = this.eTable[i].dice[k * RANGE_SLOTS + d];
      if (tn > 0) threat += atLeast(tn, this.ourNeed, penalty(o, e), o.bf.combat.successOn);
      const slot = this.eKind[i] * RANGE_SLOTS + d;
      const on = ours.dice[slot];
      if (on > 0) {
        const v = attackScoreWith(o, this.u, e, h, d, on, ours.closeAssault[slot] === 1, p.focus);
        if (v > fire) fire = v;
      }
    }
    const U = o.types[o.type[this.u]];
    threat *= U.cost;
    const cov = p.cover > 0 || p.threat > 0 ? coverChance(o, h, k) : 0;
    let score = p.fire * fire - p.threat * threat * (1 - cov * 0.5) + p.cover * cov * (threat > 0 ? threat + 1 : 1);
    if (nearest >= 0 && fire === 0) score -= p.approach * Math.abs(nd - ours.optimal[this.eKind[nearest]]);
    if (this.urg > 0) {
      const dc = m.distance[h * mn + m.centre];
      score += p.objective * this.urg * (dc <= 1 ? 10 : 10 - dc);
    }
    return score;
  }
}

const EVAL = new HexEvaluator();

/** Score of unit `u` standing in hex `h` (higher is better). */
export function hexScore(o: AamObservation, u: number, h: number, p: Params): number {
  EVAL.prepare(o, u, p);
  return EVAL.score(h);
}

/**
 * Tie-break key of hex `h` for `u`'s side: the hex index seen from that side's
 * edge (Red uses the mirrored hex), so equal choices resolve the same way for
 * both sides and a mirror match stays symmetric.
 */
export function sideKey(o: AamObservation, u: number, h: number): number {
  return o.side[u] === 0 ? h : o.map.mirror[h];
}

/** Score of the last {@link bestMove} / {@link bestAttack} choice (kept here so choosing allocates nothing). */
export let lastScore = 0;

/** The legal K_MOVE/K_STAY action with the best hex score (staying wins ties); its score is left in {@link lastScore}. */
export function bestMove(o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  const u = o.actor;
  EVAL.prepare(o, u, p);
  let best = D.A_STAY, bestScore = EVAL.score(o.pos[u]) + p.stay_bonus, bestKey = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_MOVE) continue;
    const h = D.argOf(a);
    const sc = EVAL.score(h);
    if (sc > bestScore || (sc === bestScore && bestKey >= 0 && sideKey(o, u, h) < bestKey)) {
      bestScore = sc;
      best = a;
      bestKey = sideKey(o, u, h);
    }
  }
  lastScore = bestScore;
  return best;
}

/** The legal attack with the best score (−1 if none); its score is left in {@link lastScore}. */
export function bestAttack(o: AamObservation, legal: Int32Array, n: number, p: Params, onlyHit = false): number {
  const u = o.actor;
  let best = -1, bestScore = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_ATTACK) continue;
    const t = D.argOf(a);
    if (onlyHit && o.counters[t] === 0) continue;
    let sc: number;
    if (o.kind[t] === KIND_AIRCRAFT) sc = 0.5; // anti-aircraft fire: something, but below any real ground target
    else sc = attackScore(o, u, t, o.pos[u], p.focus);
    if (sc > bestScore) {
      bestScore = sc;
      best = a;
    }
  }
  lastScore = bestScore;
  return best;
}

/** The legal move to a hex on or next to the objective with the best score, or −1. */
export function objectiveMove(o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  const u = o.actor, m = o.map;
  if (m.dist(o.pos[u], m.centre) <= 1) return -1;
  let best = -1, bestScore = -Infinity, prepared = false;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_MOVE || m.dist(D.argOf(a), m.centre) > 1) continue;
    if (!prepared) {
      EVAL.prepare(o, u, p);
      prepared = true;
    }
    const h = D.argOf(a);
    const sc = EVAL.score(h);
    if (sc > bestScore || (sc === bestScore && sideKey(o, u, h) < sideKey(o, u, D.argOf(best)))) {
      bestScore = sc;
      best = a;
    }
  }
  return best;
}

/** One step of a unit's rule list: a readable action name, a condition, and the chooser (−1 = not applicable). */
export interface UnitRule {
  readonly action: string;
  readonly when: (o: AamObservation, p: Params) => boolean;
  readonly pick: (o: AamObservation, legal: Int32Array, n: number, p: Params) => number;
}

export const SEIZE_OBJECTIVE: UnitRule = {
  action: 'seize the objective (move next to it from turn seize_from on)',
  when: (o, p) => o.turn >= p.seize_from,
  pick: objectiveMove,
};
export const FINISH_OFF: UnitRule = {
  action: 'attack a unit already hit (focus fire)',
  when: (_o, p) => p.focus > 0,
  pick: (o, legal, n, p) => {
    const a = bestAttack(o, legal, n, p, true);
    return a >= 0 && lastScore >= p.finish_threshold ? a : -1;
  },
};
export const BEST_ATTACK: UnitRule = {
  action: 'attack the best target',
  when: () => true,
  pick: (o, legal, n, p) => {
    const a = bestAttack(o, legal, n, p);
    return a >= 0 && lastScore >= p.attack_threshold ? a : -1;
  },
};
export const MANOEUVRE: UnitRule = {
  action: 'close to optimal range, prefer cover, avoid threat, contest the objective (hex score)',
  when: () => true,
  pick: bestMove,
};

/** The facing that points at the enemy with the most dice against vehicles that sees the unit (rear armour away from it). */
export function bestFacing(o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  const u = o.actor, m = o.map, h = o.pos[u];
  if (p.guard_rear <= 0) return legal[0];
  let threat = -1, most = 0;
  for (let e = 0; e < o.n; e++) {
    if (!o.alive[e] || o.side[e] === o.side[u] || o.kind[e] === KIND_AIRCRAFT || o.pos[e] < 0 || o.pos[e] === h) continue;
    const d = m.dist(o.pos[e], h);
    const E = o.types[o.type[e]];
    // Threat of an enemy: its dice vs vehicles now, or (out of sight/range) a little for being near.
    let w = d <= 1 || m.los(o.pos[e], h) ? attackValue(E, KIND_VEHICLE, d, true, o.bf.combat) : 0;
    w += Math.max(0, E.vsVehicle[0] * (12 - d)) / 100;
    if (w > most) {
      most = w;
      threat = e;
    }
  }
  if (threat < 0) return legal[0];
  // The facing closest to the threat; ties resolve by the direction seen from the unit's own side.
  const tq = m.q[o.pos[threat]] - m.q[h], tr = m.r[o.pos[threat]] - m.r[h];
  const X = tq, Y = 2 * tr + tq;
  let best = legal[0], bestDot = -Infinity, bestKey = 99;
  for (let i = 0; i < n; i++) {
    const d = D.argOf(legal[i]);
    const dot = 3 * X * DIR_Q[d] + Y * (2 * DIR_R[d] + DIR_Q[d]);
    const key = (d + 3 * o.side[u]) % 6;
    if (dot > bestDot || (dot === bestDot && key < bestKey)) {
      bestDot = dot;
      bestKey = key;
      best = legal[i];
    }
  }
  return best;
}

/** The hex of the enemy ground unit with the best airstrike score for aircraft `u`, or stay. */
function bestFlight(o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  const u = o.actor, A = o.types[o.type[u]];
  let best = legal[0], bestScore = 0;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_PLACE) continue;
    const h = D.argOf(a);
    for (let t = 0; t < o.n; t++) {
      if (!o.alive[t] || o.side[t] === o.side[u] || o.pos[t] !== h || o.kind[t] === KIND_AIRCRAFT) continue;
      const T = o.types[o.type[t]];
      const nd = o.kind[t] === KIND_VEHICLE ? A.vsVehicle[0] : A.vsSoldier[0];
      const def = Math.max(1, (o.kind[t] === KIND_VEHICLE && o.rulings.airstrike_defense === 'rear' ? T.defRear : T.defFront) - penalty(o, t));
      const sc = T.cost * (atLeast(nd, def + Math.max(1, T.superiorArmor), 0, o.bf.combat.successOn) + 0.15 * atLeast(nd, def, 0, o.bf.combat.successOn)) * (o.counters[t] > 0 ? 1 + p.focus : 1);
      if (sc > bestScore) {
        bestScore = sc;
        best = a;
      }
    }
  }
  return best;
}

function bestAirstrike(o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  const u = o.actor, A = o.types[o.type[u]];
  let best = legal[0], bestScore = 0;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_ATTACK) continue;
    const t = D.argOf(a), T = o.types[o.type[t]];
    const nd = o.kind[t] === KIND_VEHICLE ? A.vsVehicle[0] : A.vsSoldier[0];
    const def = Math.max(1, (o.kind[t] === KIND_VEHICLE && o.rulings.airstrike_defense === 'rear' ? T.defRear : T.defFront) - penalty(o, t));
    const sc = T.cost * (atLeast(nd, def + Math.max(1, T.superiorArmor), 0, o.bf.combat.successOn) + 0.15 * atLeast(nd, def, 0, o.bf.combat.successOn)) * (o.counters[t] > 0 ? 1 + p.focus : 1);
    if (sc > bestScore) {
      bestScore = sc;
      best = a;
    }
  }
  return best;
}

/** The rule lists of a scripted policy: one for the movement phase, one for the assault phase. */
export interface RuleSet {
  readonly movement: readonly UnitRule[];
  readonly assault: readonly UnitRule[];
}

function firstRule(rules: readonly UnitRule[], o: AamObservation, legal: Int32Array, n: number, p: Params): number {
  for (const r of rules) {
    if (!r.when(o, p)) continue;
    const a = r.pick(o, legal, n, p);
    if (a >= 0) return a;
  }
  return D.A_STAY;
}

/**
 * Activation order `activation: 1` (AAM-R29): the unit with the most attack dice against any enemy it could attack
 * from where it stands acts first, so the strongest shots land first and later units see their hits (focus fire);
 * ties keep force order.
 */
function strongestFirst(o: AamObservation, legal: Int32Array, n: number): number {
  let best = legal[0], most = -1;
  for (let i = 0; i < n; i++) {
    const u = D.argOf(legal[i]), A = o.types[o.type[u]], from = o.pos[u];
    let dice = 0;
    for (let t = 0; t < o.n && from >= 0; t++) {
      if (!o.alive[t] || o.side[t] === o.side[u] || o.kind[t] === KIND_AIRCRAFT || o.pos[t] < 0) continue;
      const d = o.map.dist(from, o.pos[t]);
      if (d > 1 && !o.map.los(from, o.pos[t])) continue;
      dice = Math.max(dice, attackValue(A, o.kind[t], d, true, o.bf.combat), closeAssaultValue(A, o.kind[t], d));
    }
    if (dice > most) {
      most = dice;
      best = legal[i];
    }
  }
  return best;
}

/** Build a policy from rule lists and parameters. */
export function scriptedPolicy(rules: RuleSet, p: Params): AamPolicy {
  return {
    decide(d: number, o: AamObservation, legal: Int32Array, n: number, rng: Dice): number {
      switch (d) {
        case D.D_INITIATIVE:
          // go_first: 1 = always first, 0 = always second, in between = that chance (policy stream).
          if (p.go_first >= 1) return D.A_FIRST;
          if (p.go_first <= 0) return D.A_SECOND;
          return rng.below(1000) < p.go_first * 1000 ? D.A_FIRST : D.A_SECOND;
        case D.D_MOVE:
          return firstRule(rules.movement, o, legal, n, p);
        case D.D_ASSAULT:
          return firstRule(rules.assault, o, legal, n, p);
        case D.D_FACE:
          return bestFacing(o, legal, n, p);
        case D.D_FLIGHT:
          return bestFlight(o, legal, n, p);
        case D.D_AIRSTRIKE:
          return bestAirstrike(o, legal, n, p);
        case D.D_ACTIVATE:
          return p.activation >= 1 ? strongestFirst(o, legal, n) : legal[0];
      }
      return legal[0];
    },
  };
}

/** Parameters shared by the scripted policies (each policy changes some defaults). */
export const COMMON_PARAMS: Record<string, ParamDef> = {
  activation: { default: 0, min: 0, max: 1, doc: 'order in which the side\'s units act in the movement and assault phases (AAM-R29): 0 = force order, 1 = the unit with the most attack dice first' },
  go_first: { default: 1, min: 0, max: 1, doc: 'on winning the initiative: 1 = go first, 0 = go second, in between = that chance of going first' },
  fire: { default: 1, min: 0, max: 10, doc: 'weight of the best attack available from a hex (close to optimal range)' },
  cover: { default: 0.6, min: 0, max: 10, doc: 'weight of cover (chance a cover roll holds) when choosing a hex' },
  threat: { default: 0.4, min: 0, max: 10, doc: 'weight of the expected points lost to enemies that see a hex' },
  approach: { default: 1, min: 0, max: 10, doc: 'per hex of distance from the optimal range to the nearest enemy when nothing can be attacked' },
  objective: { default: 3, min: 0, max: 20, doc: 'weight of closeness to the objective once it matters' },
  objective_from: { default: 4, min: 1, max: 30, doc: 'turn from which the objective starts to pull (full pull on the objective turn)' },
  seize_from: { default: 6, min: 1, max: 99, doc: 'turn from which a unit that can reach a hex next to the objective goes there' },
  focus: { default: 0.5, min: 0, max: 10, doc: 'bonus factor for attacking a unit already hit this turn (focus fire)' },
  finish_threshold: { default: 4, min: 0, max: 100, doc: 'attack a unit already hit first when that attack is worth at least this many points' },
  attack_threshold: { default: 0.3, min: 0, max: 100, doc: 'attack rather than manoeuvre when the best attack is worth at least this many points' },
  stay_bonus: { default: 0.5, min: 0, max: 100, doc: 'a move must beat staying put by this much' },
  guard_rear: { default: 1, min: 0, max: 1, doc: '1 = vehicles face the most dangerous enemy (protect the rear armour), 0 = never turn' },
};
