#!/usr/bin/env node
/**
 * How much of a robot-skirmish experiment's win-rate variance the engine's luck terms explain (issue 27): plays
 * games [0, N) of every variant in-process with the same per-game streams as `run` (src/sim/chunk.ts), keeps the
 * win and each game's raw luck (src/rules/robot-skirmish/luck.ts, 12 slots: hp, kill, lead, lead late, initiative, other × the
 * rolling side), and prints, for several candidate control sets, the multiple R² of the win on the controls for each
 * variant's own rate and for its paired difference vs its reference (the baseline or `paired_with`; regressed on both games' controls), with the
 * implied factor 1/(1 − R²) on the games to a given CI. Needs `npm run build`.
 *
 *   node scripts/luck-r2.mjs experiments/formation-vs-multi-attack.yaml [games, default 2000]
 */
import { loadExperiment } from '../dist/sim/experiment.js';
import { getEngine } from '../dist/registry.js';
import { GameRecord } from '../dist/sim/types.js';
import { RngDice } from '../dist/sim/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../dist/sim/streams.js';
import { referenceIndices } from '../dist/sim/paired-ref.js';
import { r2 } from './lib/ols.mjs';

const R = 12; // LUCK_RAW: hp, kill, lead, lead late, initiative, other × the rolling side
const file = process.argv[2];
const N = Number(process.argv[3] ?? 2000);
const exp = loadExperiment(file);
const engine = getEngine(exp.engine);
const spec = engine.metrics(exp.compiled.game);
const vs = exp.compiled.variants;
const nv = vs.length;
const refs = referenceIndices(vs); // each variant's paired reference (the baseline, or paired_with), −1 for none
const runners = vs.map((v) => engine.createRunner(exp.compiled.game, v.params));
const rec = new GameRecord(spec);
const dice = new RngDice(), pdice = new RngDice();
const win = vs.map(() => new Float64Array(N));
const raw = vs.map(() => new Float64Array(N * R));
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  for (let v = 0; v < nv; v++) {
    dice.resetStream(exp.seed, i, STREAM_DICE);
    pdice.resetStream(exp.seed, i, STREAM_POLICY);
    rec.clear();
    runners[v].play(dice, pdice, rec, null);
    win[v][i] = rec.rates[0];
    raw[v].set(runners[v].luckRaw, i * R);
  }
}
const secs = (performance.now() - t0) / 1000;

const col = (v, f) => {
  const out = new Float64Array(N);
  const r = raw[v];
  for (let i = 0; i < N; i++) out[i] = f(r.subarray(i * R, i * R + R));
  return out;
};
const hp = (r) => r[0] + r[1], kill = (r) => r[2] + r[3], lead = (r) => r[4] + r[5], late = (r) => r[6] + r[7], init = (r) => r[8], other = (r) => r[10] + r[11];
// The first set is what the engine writes (rsMetrics' controls); the others are for comparison.
const SETS = {
  'hp,lead,late,init': [hp, lead, late, init],
  'hp,kill,init': [hp, kill, init],
  'hp,lead,init': [hp, lead, init],
  'hp,lead,late,init,kill,other': [hp, lead, late, init, kill, other],
};
console.log(`${file}: ${N} games × ${nv} variants in ${secs.toFixed(1)} s`);
const names = Object.keys(SETS);
console.log(['variant', 'win', ...names.map((s) => `own R² ${s}`), ...names.map((s) => `paired R² ${s}`)].join('\t'));
const summary = names.map(() => ({ own: [], paired: [], worst: 0 }));
let worst0 = 0;
const variance = (a) => { let m = 0; for (const x of a) m += x; m /= a.length; let q = 0; for (const x of a) q += (x - m) ** 2; return q / (a.length - 1); };
for (let v = 0; v < nv; v++) {
  let w = 0;
  for (let i = 0; i < N; i++) w += win[v][i];
  const own = names.map((s) => r2(win[v], SETS[s].map((f) => col(v, f))));
  const d = new Float64Array(N);
  const base = refs[v];
  if (base >= 0) for (let i = 0; i < N; i++) d[i] = win[v][i] - win[base][i];
  const paired = names.map((s) => (base < 0 ? NaN : r2(d, [...SETS[s].map((f) => col(v, f)), ...SETS[s].map((f) => col(base, f))])));
  const vo = variance(win[v]), vd = base < 0 ? 0 : variance(d);
  worst0 = Math.max(worst0, vo, vd);
  own.forEach((x, j) => { summary[j].worst = Math.max(summary[j].worst, vo * (1 - x), ...(base < 0 || vd === 0 ? [] : [vd * (1 - paired[j])])); });
  own.forEach((x, j) => summary[j].own.push(x));
  paired.forEach((x, j) => base >= 0 && summary[j].paired.push(x));
  console.log([vs[v].name, (w / N).toFixed(3), ...own.map((x) => x.toFixed(3)), ...paired.map((x) => (Number.isNaN(x) ? '-' : x.toFixed(3)))].join('\t'));
}
for (let j = 0; j < names.length; j++) {
  const mn = (a) => Math.min(...a.filter((x) => !Number.isNaN(x)));
  const mean = (a) => { const b = a.filter((x) => !Number.isNaN(x)); return b.reduce((p, q) => p + q, 0) / b.length; };
  console.log(`${names[j]}: own R² min ${mn(summary[j].own).toFixed(3)} mean ${mean(summary[j].own).toFixed(3)}; paired R² min ${mn(summary[j].paired).toFixed(3)} mean ${mean(summary[j].paired).toFixed(3)} (factor at the min ${(1 / (1 - mn(summary[j].paired))).toFixed(2)}×); worst variance ${worst0.toFixed(4)} → ${summary[j].worst.toFixed(4)}: ${(worst0 / summary[j].worst).toFixed(2)}× fewer games to a target`);
}
