/**
 * Decision points and action codes of the Axis & Allies Miniatures engine. At
 * each decision the engine fills a list of legal actions (small integers) and
 * asks the acting side's policy to pick one; the policy sees only the
 * observation (the state, read-only, with the map and unit types) and that list.
 *
 * An action code is `kind * 4096 + argument`: a hex index, a unit index or a
 * direction.
 *
 * This file is also the policy contract ({@link AamPolicy}, {@link AamPolicyInfo}): the rules define the
 * decisions they ask; src/policies/axis-allies-miniatures implements them and src/registry.ts wires the two
 * (docs/architecture.md). The rules never import a policy.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { ParamDef } from '../../sim/core/policy-list.js';
import type { AamObservation } from './state.js';

export type { ParamDef } from '../../sim/core/policy-list.js';

/**
 * A policy: at each decision point the engine passes the observation (the state, read-only, with the map and unit
 * types) and the legal actions; the policy returns one of them. `rng` is the policy's own stream, never the rules'
 * dice.
 */
export interface AamPolicy {
  decide(decision: number, obs: AamObservation, legal: Int32Array, n: number, rng: Dice): number;
  /**
   * True when every answer is a function of the observation's game state and the legal actions alone: not of the
   * game counters `serial` and `changes` (a cache may key on them), nor of the decisions it was asked before (caches
   * that give the same numbers aside). Then a stretch of play that draws nothing is the same in every game that
   * enters it in the same state, and the engine may replay it (opening.ts) instead of asking again.
   */
  readonly memoryless?: boolean;
  /**
   * True when, beyond {@link memoryless}, an answer reads of the game state only the units (side, type, kind, pos,
   * facing, alive, disrupted, damaged, counters, the occupancy that follows from them, `n`), the turn, the phase, the
   * acting side and the actor — not the initiative (rolls, bonuses, winner, side going first), the points lost, nor
   * the tallies of initiatives won and turns gone first. Then an answer holds in every game that asks the same
   * question in the same units' state, and the engine may give it again without asking (phase-memo.ts, answer-trie.ts).
   */
  readonly unitsOnly?: boolean;
  /**
   * True when at every {@link D_ACTIVATE} decision the answer is the first legal action (the first unit in force
   * order), drawing nothing and changing nothing another answer reads. Then the engine takes that unit without
   * building the legal list or asking (game.ts `nextUnit`); every game plays exactly as when asked.
   */
  readonly activatesInOrder?: boolean;
}

/** A policy as the engine is built for it: id, summary, parameters with defaults and ranges, and its factory. */
export interface AamPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): AamPolicy;
}

/** Initiative winner: go first or second. Legal: A_FIRST, A_SECOND. */
export const D_INITIATIVE = 0;
/** Movement phase, unit `actor`: stay or move to a hex. */
export const D_MOVE = 1;
/** A vehicle that may turn (after its move, or in place): its new facing. */
export const D_FACE = 2;
/** Flight phase, aircraft `actor`: stay off the map or be placed over a hex. */
export const D_FLIGHT = 3;
/** Airstrike phase, aircraft `actor`: attack a unit in its hex, or not. */
export const D_AIRSTRIKE = 4;
/** Assault phase, unit `actor`: stay, attack a unit, or move to a hex. */
export const D_ASSAULT = 5;

/**
 * 「実行側プレイヤーがどの順番で解決するかを決定」: which of the acting side's units not yet activated in this
 * movement or assault phase acts next (AAM-R29). Legal: K_UNIT actions, one per unit, in force order.
 */
export const D_ACTIVATE = 6;

export const DECISION_NAMES = ['initiative', 'move', 'face', 'flight', 'airstrike', 'assault', 'activate'];

export const K_STAY = 0;
export const K_MOVE = 1;
export const K_ATTACK = 2;
export const K_FACE = 3;
export const K_PLACE = 4;
export const K_ORDER = 5;
export const K_UNIT = 6;
export const KIND_NAMES = ['stay', 'move', 'attack', 'face', 'place', 'order', 'unit'];

export const A_STAY = 0;
export const A_FIRST = K_ORDER * 4096 + 0;
export const A_SECOND = K_ORDER * 4096 + 1;

export function act(kind: number, arg = 0): number {
  return kind * 4096 + arg;
}
export function kindOf(a: number): number {
  return a >> 12;
}
export function argOf(a: number): number {
  return a & 4095;
}
