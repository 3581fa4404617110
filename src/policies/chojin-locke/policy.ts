/**
 * The policy contract for chojin-locke: at each decision the engine passes
 * the asking esper's view (`view.me`; its own hand and public facts only) and
 * the legal actions; the policy returns one of them. `rng` is the policy
 * stream (never the rules' dice).
 */
import type { Dice } from '../../sim/dice.js';
import type { LkView } from '../../rules/chojin-locke/state.js';

export interface LkPolicy {
  decide(decision: number, view: LkView, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy parameter with its default and allowed range. */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

export interface LkPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): LkPolicy;
}
