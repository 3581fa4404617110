/**
 * The policy contract for robot-skirmish: at each decision point the engine
 * passes the observation (the state, read-only; `obs.me` is the side being
 * asked) and the legal actions; the policy returns one of them. `rng` is the
 * policy's own stream (never the rules' dice).
 */
import type { Dice } from '../../sim/dice.js';
import type { RsObservation } from '../../rules/robot-skirmish/state.js';

export interface RsPolicy {
  decide(decision: number, obs: RsObservation, legal: Int32Array, n: number, rng: Dice): number;
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
