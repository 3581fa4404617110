/**
 * How `balance-lab list` (EngineModule.policies) shows a policy: its id,
 * summary, and each parameter as "default (min..max) doc".
 */
import type { PolicyInfo } from './types.js';

/** A policy parameter with its default and allowed range (shared by every engine's policy contract). */
export interface ParamDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly doc: string;
}

/** A policy as an engine defines it: parameter definitions with defaults and ranges. */
export interface PolicyDefinition {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
}

/** The engine's policies as listed by `balance-lab list`. */
export function listPolicies(defs: readonly PolicyDefinition[]): PolicyInfo[] {
  return defs.map((p) => ({ id: p.id, summary: p.summary, params: Object.fromEntries(Object.entries(p.defaults).map(([k, d]) => [k, `${d.default} (${d.min}..${d.max}) ${d.doc}`])) }));
}
