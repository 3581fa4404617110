/**
 * The engine registry: the CLI, the generic tests and the benchmark all read
 * this one list. A new engine is one folder under src/rules (with its policies
 * under src/policies) plus one line here.
 *
 * This is also the one place where rules meet policies (docs/architecture.md):
 * an engine whose rules define their own policy contract is built here for its
 * policies (`urbanAssaultEngine(UA_POLICIES)`, `robotSkirmishEngine(RS_POLICIES)`,
 * `axisAlliesMiniaturesEngine(AAM_POLICIES)`, `chojinLockeEngine(LK_POLICIES)`, `ifBattleEngine(IF_POLICIES)`); src/rules
 * never imports src/policies.
 */
import type { EngineModule } from './sim/core/types.js';
import { urbanAssaultEngine } from './rules/urban-assault/engine.js';
import { UA_POLICIES } from './policies/urban-assault/index.js';
import { axisAlliesMiniaturesEngine } from './rules/axis-allies-miniatures/engine.js';
import { AAM_POLICIES } from './policies/axis-allies-miniatures/index.js';
import { robotSkirmishEngine } from './rules/robot-skirmish/engine.js';
import { RS_POLICIES } from './policies/robot-skirmish/index.js';
import { chojinLockeEngine } from './rules/chojin-locke/engine.js';
import { LK_POLICIES } from './policies/chojin-locke/index.js';
import { ifBattleEngine } from './rules/if-battle/engine.js';
import { IF_POLICIES } from './policies/if-battle/index.js';

/** URBAN ASSAULT with its policies. */
export const urbanAssault = urbanAssaultEngine(UA_POLICIES);

/** Robot skirmish with its policies. */
export const robotSkirmish = robotSkirmishEngine(RS_POLICIES);

/** Axis & Allies Miniatures with its policies. */
export const axisAlliesMiniatures = axisAlliesMiniaturesEngine(AAM_POLICIES);

/** 超人ロック with its policies. */
export const chojinLocke = chojinLockeEngine(LK_POLICIES);

/** IF battle scene with its policies. */
export const ifBattle = ifBattleEngine(IF_POLICIES);

/** Every registered engine. */
export const engines: readonly EngineModule<any, any>[] = [urbanAssault, axisAlliesMiniatures, robotSkirmish, chojinLocke, ifBattle];

/** Ids of the registered engines. */
export function engineIds(): string[] {
  return engines.map((e) => e.id);
}

/** The engine with this id; throws if unknown (validated input never hits this). */
export function getEngine(id: string): EngineModule<any, any> {
  const e = engines.find((x) => x.id === id);
  if (!e) throw new Error(`unknown engine "${id}" (registered: ${engineIds().join(', ')})`);
  return e;
}
