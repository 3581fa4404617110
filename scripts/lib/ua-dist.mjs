/**
 * The built engine's modules that issue 44's checks of the specialised path use (scripts/specialise-diff.mjs,
 * scripts/specialise-ship.mjs): loaded from dist/, where the rule modules' names are intact, with its Node platform
 * installed. `lib` is what scripts/lib/same-games.mjs compares games with.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installDistPlatform } from './platform.mjs';

export async function loadUaDist() {
  const dist = resolve(fileURLToPath(new URL('../../dist', import.meta.url)));
  const imp = (p) => import(pathToFileURL(join(dist, p)).href);
  await installDistPlatform(dist);
  const { loadExperiment } = await imp('sim/experiment/load.js');
  const { getEngine } = await imp('registry.js');
  const { GameRecord } = await imp('sim/core/types.js');
  const { RngDice } = await imp('sim/core/dice.js');
  const { STREAM_DICE, STREAM_POLICY } = await imp('sim/core/streams.js');
  const { specialisedUaRunners } = await imp('rules/urban-assault/engine.js');
  const { UA_POLICIES } = await imp('policies/urban-assault/index.js');
  return { loadExperiment, getEngine, specialisedUaRunners, UA_POLICIES, lib: { GameRecord, RngDice, STREAM_DICE, STREAM_POLICY } };
}
