/**
 * The policy contract for if-battle: at each decision point the engine passes
 * the observation (the state, read-only; `obs.me` is the side asked,
 * `obs.actor` the character concerned, `obs.target` the one asked to counter)
 * and the legal actions; the policy returns one of them. `rng` is the
 * policy's own stream (never the rules' dice).
 */
import type { Dice } from '../../sim/dice.js';
import type { IfObservation } from '../../rules/if-battle/state.js';

export interface IfPolicy {
  decide(decision: number, obs: IfObservation, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy parameter with its default and allowed range. */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

export interface IfPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): IfPolicy;
}
