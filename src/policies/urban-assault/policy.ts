/**
 * The policy contract for URBAN ASSAULT: at each decision point the engine
 * passes the observation and the legal actions; the policy returns one of them.
 * `rng` is the policy's own stream (never the rules' dice).
 */
import type { Dice } from '../../sim/dice.js';
import type { UaObservation } from '../../rules/urban-assault/state.js';

export interface UaPolicy {
  decide(decision: number, obs: UaObservation, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy parameter with its default and allowed range. */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

export interface UaPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): UaPolicy;
}
