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
import type { Dice } from '../../sim/core/dice.js';
import { attackValue, closeAssaultValue } from '../../rules/axis-allies-miniatures/combat.js';
import { KIND_AIRCRAFT, KIND_VEHICLE } from '../../rules/axis-allies-miniatures/config.js';
import * as D from '../../rules/axis-allies-miniatures/decisions.js';
import { DIR_Q, DIR_R, NOT_SEEN } from '../../rules/axis-allies-miniatures/hexmap.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';
import type { AamPolicy, ParamDef } from '../../rules/axis-allies-miniatures/decisions.js';
import { FastHexEvaluator, type HexScorer } from './fast-hex-evaluator.js';
import { HexEvaluator } from './hex-evaluator.js';
import { RANGE_SLOTS, atLeast, attackScoreInto, penalty, type Params } from './scoring.js';

export { HexEvaluator } from './hex-evaluator.js';
export { FastHexEvaluator, type HexScorer } from './fast-hex-evaluator.js';
export { atLeast, attackScore, attackScoreWith, coverChance, optimalRange, penalty, urgency, type Params } from './scoring.js';

/**
 * The hex evaluators: {@link FAST} for every scripted policy, {@link THOROUGH} (the evaluator before issue 27) for
 * the `thorough` policy. Both give the same numbers; each is shared by the policies that use it (its caches are keyed
 * by game, turn, phase, side and class).
 */
export const FAST: HexScorer = new FastHexEvaluator();
export const THOROUGH: HexScorer = new HexEvaluator();

/** The evaluator of the policy deciding now (set by {@link scriptedPolicy}'s decide before any rule runs). */
let EVAL: HexScorer = FAST;

/** Score of unit `u` standing in hex `h` (higher is better), with the evaluator `ev` (default {@link FAST}). */
export function hexScore(o: AamObservation, u: number, h: number, p: Params, ev: HexScorer = FAST): number {
  ev.prepare(o, u, p);
  return ev.score(h);
}

/**
 * Tie-break key of hex `h` for `u`'s side: the hex index seen from that side's
 * edge (Red uses the mirrored hex), so equal choices resolve the same way for
 * both sides and a mirror match stays symmetric.
 */
export function sideKey(o: AamObservation, u: number, h: number): number {
  return o.side[u] === 0 ? h : o.map.mirror[h];
}

/**
 * `[0]`: score of the last {@link bestMove} / {@link bestAttack} choice (a typed-array slot: a module variable
 * would box a new double per store).
 */
export const lastScore = new Float64Array(1);
/** Scratch slot for one attack score ({@link attackScoreInto} writes it). */
const SC = new Float64Array(1);

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
  lastScore[0] = bestScore;
  return best;
}

/** Dice of `u` against `t` at distance `d` beyond the tables: max(attack value, Close Assault value), as {@link attackScore}. */
function attackDiceAt(o: AamObservation, u: number, t: number, d: number): number {
  const A = o.types[o.type[u]], tk = o.kind[t];
  return Math.max(attackValue(A, tk, d, true, o.bf.combat), closeAssaultValue(A, tk, d));
}

/** Whether that attack is a Close Assault (no cover roll), as {@link attackScore}. */
function closeAssaultAt(o: AamObservation, u: number, t: number, d: number): boolean {
  const A = o.types[o.type[u]], tk = o.kind[t];
  const ca = closeAssaultValue(A, tk, d);
  return ca > 0 && ca >= attackValue(A, tk, d, true, o.bf.combat);
}

/** The last {@link scanAttacks}: the best attack and the best on a unit already hit (−1 none), and their scores. */
let bestAny = -1, bestHit = -1;
const BEST_SCORES = new Float64Array(2);

/**
 * One pass over the legal attacks: the one with the best score, and the one with the best score among those on a
 * unit already hit (each the first in list order at its score; score −1 when none), into {@link bestAny},
 * {@link bestHit} and {@link BEST_SCORES}.
 */
function scanAttacks(o: AamObservation, legal: Int32Array, n: number, p: Params): void {
  const u = o.actor, m = o.map, from = o.pos[u], tab = EVAL.table(o, o.type[u]);
  let best = -1, bestScore = -1, hit = -1, hitScore = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== D.K_ATTACK) continue;
    const t = D.argOf(a);
    let sc: number;
    if (o.kind[t] === KIND_AIRCRAFT) sc = 0.5; // anti-aircraft fire: something, but below any real ground target
    else {
      // attackScore, with the dice and Close Assault flag read from the type's table (the same max(attack, Close
      // Assault) values) where the distance is within it.
      const tp = o.pos[t];
      if (tp < 0 || from < 0) sc = 0;
      else {
        const i = from * m.n + tp, d = m.distance[i];
        if (m.seen[i] === NOT_SEEN) sc = 0; // beyond 1 hex and out of sight
        else {
          if (d < RANGE_SLOTS) {
            const ds = o.kind[t] * RANGE_SLOTS + d;
            attackScoreInto(SC, 0, o, u, t, from, d, tab.dice[ds], tab.closeAssault[ds] === 1);
          } else attackScoreInto(SC, 0, o, u, t, from, d, attackDiceAt(o, u, t, d), closeAssaultAt(o, u, t, d));
          sc = o.counters[t] > 0 ? SC[0] * (1 + p.focus) : SC[0];
        }
      }
    }
    if (sc > bestScore) {
      bestScore = sc;
      best = a;
    }
    if (o.counters[t] !== 0 && sc > hitScore) {
      hitScore = sc;
      hit = a;
    }
  }
  bestAny = best;
  bestHit = hit;
  BEST_SCORES[0] = bestScore;
  BEST_SCORES[1] = hitScore;
}

/** The legal attack with the best score (−1 if none); its score is left in {@link lastScore}. */
export function bestAttack(o: AamObservation, legal: Int32Array, n: number, p: Params, onlyHit = false): number {
  scanAttacks(o, legal, n, p);
  return pickAttack(onlyHit);
}

/** {@link bestAttack} from the last {@link scanAttacks}. */
function pickAttack(onlyHit: boolean): number {
  lastScore[0] = BEST_SCORES[onlyHit ? 1 : 0];
  return onlyHit ? bestHit : bestAny;
}

/**
 * Whether a rule list is being walked ({@link firstRule}), and whether {@link scanAttacks} already ran for it: only the
 * rules of one list share a pass; a rule picked on its own, or {@link bestAttack}, always scans afresh.
 */
let inRuleList = false;
let scannedInList = false;

/**
 * {@link bestAttack} within a rule list: the rules of one decision (finish off, then the best attack) share one pass
 * over the attacks. Same choices: each pass scores every attack the same way.
 */
function ruleAttack(o: AamObservation, legal: Int32Array, n: number, p: Params, onlyHit: boolean): number {
  if (!(inRuleList && scannedInList)) {
    scanAttacks(o, legal, n, p);
    scannedInList = inRuleList;
  }
  return pickAttack(onlyHit);
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
    const a = ruleAttack(o, legal, n, p, true);
    return a >= 0 && lastScore[0] >= p.finish_threshold ? a : -1;
  },
};
export const BEST_ATTACK: UnitRule = {
  action: 'attack the best target',
  when: () => true,
  pick: (o, legal, n, p) => {
    const a = ruleAttack(o, legal, n, p, false);
    return a >= 0 && lastScore[0] >= p.attack_threshold ? a : -1;
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
    const i = o.pos[e] * m.n + h, d = m.distance[i];
    const E = o.types[o.type[e]];
    // Threat of an enemy: its dice vs vehicles now (in sight: HexMap.seen; from its type's dice table, which at d ≥ 1
    // is the attack value), or (out of sight/range) a little for being near.
    let w = m.seen[i] === NOT_SEEN ? 0 : d < RANGE_SLOTS ? EVAL.table(o, o.type[e]).dice[KIND_VEHICLE * RANGE_SLOTS + d] : attackValue(E, KIND_VEHICLE, d, true, o.bf.combat);
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
  inRuleList = true;
  scannedInList = false;
  let a: number = D.A_STAY;
  for (const r of rules) {
    if (!r.when(o, p)) continue;
    const pick = r.pick(o, legal, n, p);
    if (pick >= 0) {
      a = pick;
      break;
    }
  }
  inRuleList = false;
  return a;
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

/** Build a policy from rule lists and parameters, scoring hexes with `ev` (default {@link FAST}). */
export function scriptedPolicy(rules: RuleSet, p: Params, ev: HexScorer = FAST): AamPolicy {
  return {
    // The rules read the observation, the legal actions and the parameters; the evaluator's caches give the same
    // numbers whatever was scored before (its keys include the game serial and change counters only to drop them).
    memoryless: true,
    // Nor do they read the initiative, the points lost or the tallies: only the units, turn, phase and actor.
    unitsOnly: true,
    // With `activation` below 1 an activation decision answers legal[0] (below): the first unit in force order.
    activatesInOrder: !(p.activation >= 1),
    decide(d: number, o: AamObservation, legal: Int32Array, n: number, rng: Dice): number {
      EVAL = ev;
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
