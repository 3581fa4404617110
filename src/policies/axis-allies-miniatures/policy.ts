/**
 * The policy contract for Axis & Allies Miniatures: at each decision point the
 * engine passes the observation (the state, read-only, with the map and unit
 * types) and the legal actions; the policy returns one of them. `rng` is the
 * policy's own stream, never the rules' dice.
 */
import type { Dice } from '../../sim/dice.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';

export interface AamPolicy {
  decide(decision: number, obs: AamObservation, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy parameter with its default, range and meaning. */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

export interface AamPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): AamPolicy;
}
