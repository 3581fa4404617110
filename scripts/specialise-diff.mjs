#!/usr/bin/env node
/**
 * Issue 44's differential check on the built engine (dist/, Node's ES modules: the names the specialiser resolves are
 * intact there, as in a real run): every variant of each experiment file played on the general runner and on the
 * specialised one, game by game with the run's dice streams, every record compared (rates, values, series, controls,
 * dice drawn). Prints one JSON line per file: { file, variants, games, specialised (methods rewritten, fewest over the
 * variants), difference (null when every game is identical) }.
 *
 *   node scripts/specialise-diff.mjs [--games N] [--op-games N] [--dump DIR] FILE…
 *     --dump DIR   also writes each variant's generated source to DIR/<n>.js (the hostile-name test reads them)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installDistPlatform } from './lib/platform.mjs';

const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const imp = (p) => import(pathToFileURL(join(dist, p)).href);
await installDistPlatform(dist);
const { loadExperiment } = await imp('sim/experiment/load.js');
const { getEngine } = await imp('registry.js');
const { GameRecord } = await imp('sim/core/types.js');
const { RngDice } = await imp('sim/core/dice.js');
const { STREAM_DICE, STREAM_POLICY } = await imp('sim/core/streams.js');
const { specialisedUaRunner } = await imp('rules/urban-assault/engine.js');
const { UA_POLICIES } = await imp('policies/urban-assault/index.js');

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
const same = (a, b) => a.length === b.length && Array.prototype.every.call(a, (x, i) => Object.is(x, b[i]));
let dumped = 0;
for (const file of files) {
  const exp = loadExperiment(file, {});
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const n = exp.compiled.game.operation ? opGames : games;
  let difference = null, fewest = Infinity;
  for (const v of exp.compiled.variants) {
    const sp = specialisedUaRunner(exp.compiled.game, v.params, UA_POLICIES);
    fewest = Math.min(fewest, sp.pe.specialised.length);
    if (dump) writeFileSync(join(dump, `${dumped++}.js`), sp.pe.source);
    const runners = [engine.createRunner(exp.compiled.game, v.params), sp.runner];
    const recs = runners.map(() => new GameRecord(spec));
    const dice = [new RngDice(), new RngDice()], pdice = [new RngDice(), new RngDice()];
    for (let i = 0; i < n && difference === null; i++) {
      for (let k = 0; k < 2; k++) {
        dice[k].resetStream(exp.seed, i, STREAM_DICE);
        pdice[k].resetStream(exp.seed, i, STREAM_POLICY);
        recs[k].clear();
        runners[k].play(dice[k], pdice[k], recs[k], null);
      }
      const [a, b] = recs;
      const where = !same(a.rates, b.rates) ? 'rates' : !same(a.values, b.values) ? 'values' : !same(a.series, b.series) ? 'series'
        : !same(a.controls, b.controls) ? 'controls' : dice[0].draws !== dice[1].draws || pdice[0].draws !== pdice[1].draws ? 'dice drawn' : null;
      if (where) difference = `variant ${v.name} game ${i}: ${where} differ`;
    }
  }
  console.log(JSON.stringify({ file, variants: exp.compiled.variants.length, games: n, specialised: fewest, difference }));
}
