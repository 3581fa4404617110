/**
 * The engine registry: the CLI, the generic tests and the benchmark all read
 * this one list. A new engine is one folder under src/rules plus one line here.
 */
import type { EngineModule } from '../sim/types.js';
import { urbanAssault } from './urban-assault/engine.js';
import { axisAlliesMiniatures } from './axis-allies-miniatures/engine.js';
import { robotSkirmish } from './robot-skirmish/engine.js';
import { chojinLocke } from './chojin-locke/engine.js';
import { ifBattle } from './if-battle/engine.js';

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
