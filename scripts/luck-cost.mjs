#!/usr/bin/env node
/**
 * CPU cost of the robot-skirmish luck terms (issue 27), in-process A/B: the same games of an experiment played with a
 * record that takes controls (the engine sums its luck, luck.ts) and with one that does not (it skips them), in
 * alternating rounds; prints each side's best round and the ratio. Needs `npm run build`.
 *
 *   node scripts/luck-cost.mjs experiments/formation-vs-multi-attack.yaml [games per round, default 300] [rounds, default 5]
 */
import { installNodePlatform } from '../dist/node/platform.js';
import { loadExperiment } from '../dist/sim/experiment/load.js';
import { getEngine } from '../dist/registry.js';
import { GameRecord } from '../dist/sim/core/types.js';
import { RngDice } from '../dist/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../dist/sim/core/streams.js';

installNodePlatform(); // the CLI's platform: files, paths, hashing (src/sim/core/platform.ts)

const exp = loadExperiment(process.argv[2]);
const N = Number(process.argv[3] ?? 300), ROUNDS = Number(process.argv[4] ?? 5);
const engine = getEngine(exp.engine);
const spec = engine.metrics(exp.compiled.game);
const runners = exp.compiled.variants.map((v) => engine.createRunner(exp.compiled.game, v.params));
const withControls = new GameRecord(spec), without = new GameRecord({ ...spec, controls: [] });
const dice = new RngDice(), pdice = new RngDice();
let sink = 0;
function play(rec) {
  const c0 = process.cpuUsage(); // timing only
  for (let i = 0; i < N; i++) {
    for (const r of runners) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      r.play(dice, pdice, rec, null);
      sink += rec.rates[0];
    }
  }
  const c = process.cpuUsage(c0); // timing only
  return (c.user + c.system) / 1e6;
}
play(withControls);
play(without);
let a = Infinity, b = Infinity, sa = 0, sb = 0;
const ratios = [];
for (let k = 0; k < ROUNDS; k++) {
  const x = k % 2 === 0 ? play(without) : 0, y = play(withControls), z = k % 2 === 1 ? play(without) : x;
  b = Math.min(b, z);
  a = Math.min(a, y);
  sa += y;
  sb += z;
  ratios.push(y / z);
}
ratios.sort((p, q) => p - q);
console.log(`${process.argv[2]}: ${N} games × ${runners.length} variants, ${ROUNDS} alternating rounds, CPU seconds: without controls best ${b.toFixed(2)} / total ${sb.toFixed(2)}, with best ${a.toFixed(2)} / total ${sa.toFixed(2)}; ratio of bests ${(a / b).toFixed(3)}, of totals ${(sa / sb).toFixed(3)}, median round ratio ${ratios[ratios.length >> 1].toFixed(3)} (sink ${sink})`);
