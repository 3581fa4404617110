#!/usr/bin/env node
/**
 * Issue 44's differential check on the built engine (dist/, Node's ES modules: the names the specialiser resolves are
 * intact there, as in a real run): every variant of each experiment file played on the general runner and on the
 * specialised one, game by game with the run's dice streams, every record compared (rates, values, series, controls,
 * dice drawn). Prints one JSON line per file: { file, variants, games, specialised (methods rewritten, fewest over the
 * variants), general (the methods left general, with why), classes (generated classes: one per runner class, the variants
 * specialised together), difference (null when every game is identical) }.
 *
 *   node scripts/specialise-diff.mjs [--games N] [--op-games N] [--dump DIR] FILE…
 *     --dump DIR   also writes each variant's generated source to DIR/<n>.js (the hostile-name test reads them)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstDifference } from './lib/same-games.mjs';
import { loadUaDist } from './lib/ua-dist.mjs';

const { loadExperiment, getEngine, specialisedUaRunners, UA_POLICIES, lib } = await loadUaDist();

const args = process.argv.slice(2);
let games = 200, opGames = 40, dump = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--games') games = Number(args[++i]);
  else if (args[i] === '--op-games') opGames = Number(args[++i]);
  else if (args[i] === '--dump') dump = args[++i];
  else files.push(args[i]);
}
if (dump) mkdirSync(dump, { recursive: true });
let dumped = 0;
for (const file of files) {
  const exp = loadExperiment(file, {});
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const n = exp.compiled.game.operation ? opGames : games;
  let difference = null, fewest = Infinity;
  const general = new Set();
  // The variants specialised together, as a run does (one class for the variants of one runner class).
  const sp = specialisedUaRunners(exp.compiled.game, exp.compiled.variants.map((v) => v.params), UA_POLICIES);
  for (const pe of new Set(sp.pes)) {
    fewest = Math.min(fewest, pe.specialised.length);
    for (const g of pe.general) general.add(`${g.method} (${g.why})`);
    if (dump) writeFileSync(join(dump, `${dumped++}.js`), pe.source);
  }
  for (const [vi, v] of exp.compiled.variants.entries()) {
    const d = difference === null ? firstDifference(lib, exp.seed, spec, engine.createRunner(exp.compiled.game, v.params), sp.runners[vi], n) : null;
    if (d) difference = `variant ${v.name} ${d}`;
  }
  console.log(JSON.stringify({ file, variants: exp.compiled.variants.length, games: n, specialised: fewest, general: [...general].sort(), classes: new Set(sp.pes).size, difference }));
}
