/**
 * The policy contract for robot-skirmish: at each decision point the engine
 * passes the observation (the state, read-only; `obs.me` is the side being
 * asked) and the legal actions; the policy returns one of them. `rng` is the
 * policy's own stream (never the rules' dice).
 */
import type { Dice } from '../../sim/dice.js';
import type { MoveMenu } from '../../rules/robot-skirmish/decisions.js';
import type { RsObservation } from '../../rules/robot-skirmish/state.js';

export interface RsPolicy {
  decide(decision: number, obs: RsObservation, legal: Int32Array, n: number, rng: Dice): number;
  /**
   * Optional: the D_MOVE decision over a {@link MoveMenu} instead of the legal list, for a policy that
   * draws nothing from its stream there and picks the first best legal entry in order. It must return
   * the action `decide` would return for the same decision; the engine then checks only the entries
   * the policy asks about instead of every destination.
   */
  chooseMove?(obs: RsObservation, menu: MoveMenu): number;
  /**
   * Optional, with chooseMove: false when chooseMove will look at no run entry of the coming D_MOVE
   * decision of `obs.actor` (the engine then leaves the runs out of the menu). Draws nothing.
   */
  wantsRuns?(obs: RsObservation): boolean;
  /**
   * Optional: the attack kinds (bits 1 << AK_*) the D_ATTACK decisions of side `obs.me`'s turn may take, for
   * a policy that draws nothing from its stream there, takes AK_END when none of its kinds is listed and
   * chooses among the others by themselves in their order. The engine then lists only those kinds.
   */
  attackKinds?(obs: RsObservation): number;
}

/** A policy parameter with its default and allowed range. */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

export interface RsPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): RsPolicy;
}
