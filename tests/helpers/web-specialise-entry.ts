// Bundled by tests/web-specialise.test.ts with the web app's worker options (scripts/build-web.mjs) and run in Node: the
// specialised URBAN ASSAULT runners as the browser's Web Workers build them, from the bundle's own rule modules, played
// game by game against the general ones on the files it is given. Leaves its answer in globalThis.__webSpecialise.
import { installBrowserPlatform } from '../../web/src/platform.js';
import { putFile } from '../../web/src/memory-tree.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { getEngine } from '../../src/registry.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { RngDice } from '../../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../../src/sim/core/streams.js';
import { NAMES_INTACT } from '../../src/rules/urban-assault/specialise.js';
import { specialisedUaRunners } from '../../src/rules/urban-assault/engine.js';
import type { GauntletDef, UaVariant } from '../../src/rules/urban-assault/config.js';
import { UA_POLICIES } from '../../src/policies/urban-assault/index.js';
import { firstDifference } from '../../scripts/lib/same-games.mjs';

interface In { readonly files: Record<string, string>; readonly check: readonly string[]; readonly games: number; readonly opGames: number }
const input = (globalThis as unknown as { __webSpecialiseIn: In }).__webSpecialiseIn;

installBrowserPlatform();
for (const [p, text] of Object.entries(input.files)) putFile(p, text);
const lib = { GameRecord, RngDice, STREAM_DICE, STREAM_POLICY };
const out: { file: string; specialised: number; difference: string | null }[] = [];
for (const file of input.check) {
  const exp = loadExperiment(file);
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const params = exp.compiled.variants.map((v) => v.params);
  const sp = specialisedUaRunners(exp.compiled.game as GauntletDef, params as UaVariant[], UA_POLICIES);
  const n = (exp.compiled.game as GauntletDef).operation ? input.opGames : input.games;
  let difference: string | null = null;
  for (const [vi, v] of exp.compiled.variants.entries()) {
    const d: string | null = difference === null ? firstDifference(lib, exp.seed, spec, engine.createRunner(exp.compiled.game, v.params), sp.runners[vi], n) : null;
    if (d) difference = `variant ${v.name} ${d}`;
  }
  out.push({ file, specialised: Math.min(...sp.pes.map((p) => p.specialised.length)), difference });
}
(globalThis as unknown as { __webSpecialise: unknown }).__webSpecialise = { namesIntact: NAMES_INTACT, results: out };
