// How much of an A&A experiment's primary-rate variance its luck controls explain (issue 27; src/rules/
// axis-allies-miniatures/luck.ts). Plays games [0, N) of every variant in-process, exactly as a run derives them
// (src/sim/run/chunk.ts: game i of every variant on the streams of (seed, i)), and prints per variant the multiple R² of
// the win indicator on the game's controls, and per paired variant the R² of the paired difference D = win − its
// reference's win (the baseline, or its paired_with) on both games' controls, with the implied factor 1 / (1 − R²) on the games to a given CI. The last
// line is the factor on the stopping rule of a `target_error` run (src/sim/run/run.ts worstHalfWidth: the widest of every
// rate and every paired difference). Measurement only: needs `npm run build`.
//
//   node scripts/aam-luck-r2.mjs experiments/aam-initiative-choice.yaml 4000
import { installNodePlatform } from '../dist/node/platform.js';
import { loadExperiment } from '../dist/sim/experiment/load.js';
import { getEngine } from '../dist/registry.js';
import { RngDice } from '../dist/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../dist/sim/core/streams.js';
import { GameRecord } from '../dist/sim/core/types.js';
import { referenceIndices } from '../dist/sim/experiment/paired-ref.js';
import { r2 as olsR2 } from './lib/ols.mjs';

installNodePlatform(); // the CLI's platform: files, paths, hashing (src/sim/core/platform.ts)

const [file, gamesArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/aam-luck-r2.mjs <experiment.yaml> [games]');
  process.exit(2);
}
const games = Number(gamesArg ?? 2000);
const exp = loadExperiment(file, {});
const engine = getEngine(exp.engine);
const spec = engine.metrics(exp.compiled.game);
const nc = spec.controls?.length ?? 0;
if (nc === 0) {
  console.error(`${exp.engine} writes no controls`);
  process.exit(2);
}
const variants = exp.compiled.variants;
const runners = variants.map((v) => engine.createRunner(exp.compiled.game, v.params));
const rec = new GameRecord(spec);
const dice = new RngDice(), pdice = new RngDice();
const y = variants.map(() => new Float64Array(games));
const c = variants.map(() => new Float64Array(games * nc));
const t0 = performance.now(); // timing only
for (let i = 0; i < games; i++) {
  runners.forEach((r, v) => {
    dice.resetStream(exp.seed, i, STREAM_DICE);
    pdice.resetStream(exp.seed, i, STREAM_POLICY);
    rec.clear();
    r.play(dice, pdice, rec, null);
    y[v][i] = rec.rates[0];
    c[v].set(rec.controls, i * nc);
  });
}
const seconds = (performance.now() - t0) / 1000; // timing only

/** R² of ys on the columns (scripts/lib/ols.mjs; 0 when ys does not vary) and the variance of ys (÷ n). */
function r2(ys, cols) {
  const n = ys.length;
  const my = ys.reduce((s, x) => s + x, 0) / n;
  const sst = ys.reduce((s, x) => s + (x - my) ** 2, 0);
  return { r2: sst > 0 ? olsR2(ys, cols) : 0, variance: sst / n };
}
const columns = (v) => Array.from({ length: nc }, (_, j) => Float64Array.from({ length: games }, (_, i) => c[v][i * nc + j]));
const refs = referenceIndices(variants); // each variant's paired reference (the baseline, or paired_with), −1 for none
let before = 0, after = 0;
const pct = (x) => (100 * x).toFixed(1);
console.log(`${exp.name}: ${games} games per variant, ${variants.length} variants, ${seconds.toFixed(1)} s in-process; controls ${spec.controls.map((s) => s.id).join(', ')}`);
variants.forEach((v, i) => {
  const own = r2(y[i], columns(i));
  before = Math.max(before, own.variance);
  after = Math.max(after, own.variance * (1 - own.r2));
  let line = `${v.name.padEnd(26)} win ${pct(y[i].reduce((a, b) => a + b, 0) / games).padStart(5)}%  own R² ${own.r2.toFixed(3)} (×${(1 / (1 - own.r2)).toFixed(2)})`;
  const ref = refs[i];
  if (ref >= 0 && ref !== i) {
    const d = Float64Array.from(y[i], (w, g) => w - y[ref][g]);
    const pair = r2(d, [...columns(i), ...columns(ref)]);
    before = Math.max(before, pair.variance);
    after = Math.max(after, pair.variance * (1 - pair.r2));
    line += `  paired R² ${pair.r2.toFixed(3)} (×${(1 / (1 - pair.r2)).toFixed(2)}; var ${pair.variance.toFixed(3)})`;
  }
  console.log(line);
});
console.log(`games to a target_error stop (widest of every rate and paired difference): ×${(before / after).toFixed(2)} fewer`);
