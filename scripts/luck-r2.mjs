#!/usr/bin/env node
/**
 * How much of a robot-skirmish experiment's win-rate variance the engine's luck controls explain (issue 27): plays
 * games [offset, offset + N) of every variant in-process with the same per-game streams as `run` (src/sim/run/chunk.ts),
 * keeps the win and each game's raw luck (src/rules/robot-skirmish/luck.ts: the 12 controls, then "other" × the rolling
 * side), and prints, for the shipped control set and a few subsets, the multiple R² of the win on the controls for
 * each variant's own rate and for its paired difference vs its reference (the baseline or `paired_with`; regressed on
 * both games' controls). The summary gives the variance ratios (1 − R²) and the widest paired variance after the
 * adjustment: what decides `bench` here, the paired intervals being the widest (under `target_of: all` bench also
 * counts the variants' own rates). Needs `npm run build`.
 *
 *   node scripts/luck-r2.mjs experiments/formation-vs-multi-attack.yaml [games, default 2000] [offset, default 0]
 */
import { installNodePlatform } from '../dist/node/platform.js';
import { loadExperiment } from '../dist/sim/experiment/load.js';
import { getEngine } from '../dist/registry.js';
import { GameRecord } from '../dist/sim/core/types.js';
import { RngDice } from '../dist/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../dist/sim/core/streams.js';
import { referenceIndices } from '../dist/sim/experiment/paired-ref.js';
import { LK_AHEAD_END, LK_COST, LK_INIT, LK_LEVEL, LK_MARGIN, LUCK_CONTROLS, LUCK_RAW } from '../dist/rules/robot-skirmish/luck.js';
import { r2 } from './lib/ols.mjs';

installNodePlatform(); // the CLI's platform: files, paths, hashing (src/sim/core/platform.ts)

const file = process.argv[2];
const N = Number(process.argv[3] ?? 2000);
const OFF = Number(process.argv[4] ?? 0);
const R = LUCK_RAW;
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
    dice.resetStream(exp.seed, OFF + i, STREAM_DICE);
    pdice.resetStream(exp.seed, OFF + i, STREAM_POLICY);
    rec.clear();
    runners[v].play(dice, pdice, rec, null);
    win[v][i] = rec.rates[0];
    raw[v].set(runners[v].luckRaw, i * R);
  }
}
const secs = (performance.now() - t0) / 1000;

const col = (v, j) => {
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) out[i] = raw[v][i * R + j];
  return out;
};
const range = (a, b) => Array.from({ length: b - a }, (_, j) => a + j);
// Slots (luck.ts): 0 initiative, 1 margin, 2 margin late, 3 ahead end, 4 ahead mid, 5 level, 6 level mid, 7 cost,
// 8 cost late, 9 share, 10 hp side 0, 11 hp late; 12, 13 other (side 0, side 1). The first set is what the engine writes.
const SETS = {
  shipped: range(0, LUCK_CONTROLS),
  'init,margin,ahead,level,cost': [LK_INIT, LK_MARGIN, LK_AHEAD_END, LK_LEVEL, LK_COST],
  'shipped+other': range(0, LUCK_RAW),
};
console.log(`${file}: ${N} games (from ${OFF}) × ${nv} variants in ${secs.toFixed(1)} s`);
const names = Object.keys(SETS);
console.log(['variant', 'win', ...names.map((s) => `own R² ${s}`), ...names.map((s) => `paired R² ${s}`)].join('\t'));
const summary = names.map(() => ({ own: [], paired: [], worstPaired: 0 }));
let worstPaired0 = 0;
const variance = (a) => { let m = 0; for (const x of a) m += x; m /= a.length; let q = 0; for (const x of a) q += (x - m) ** 2; return q / (a.length - 1); };
for (let v = 0; v < nv; v++) {
  let w = 0;
  for (let i = 0; i < N; i++) w += win[v][i];
  const own = names.map((s) => r2(win[v], SETS[s].map((j) => col(v, j))));
  const d = new Float64Array(N);
  const base = refs[v];
  if (base >= 0) for (let i = 0; i < N; i++) d[i] = win[v][i] - win[base][i];
  const vd = base < 0 ? 0 : variance(d);
  const paired = names.map((s) => (vd === 0 ? NaN : r2(d, [...SETS[s].map((j) => col(v, j)), ...SETS[s].map((j) => col(base, j))])));
  worstPaired0 = Math.max(worstPaired0, vd);
  paired.forEach((x, j) => { if (!Number.isNaN(x)) summary[j].worstPaired = Math.max(summary[j].worstPaired, vd * (1 - x)); });
  own.forEach((x, j) => summary[j].own.push(x));
  paired.forEach((x, j) => summary[j].paired.push(x));
  console.log([vs[v].name, (w / N).toFixed(3), ...own.map((x) => x.toFixed(3)), ...paired.map((x) => (Number.isNaN(x) ? '-' : x.toFixed(3)))].join('\t'));
}
for (let j = 0; j < names.length; j++) {
  const ok = (a) => a.filter((x) => !Number.isNaN(x));
  const ratios = (a) => { const b = ok(a).map((x) => 1 - x); return `${Math.min(...b).toFixed(2)}–${Math.max(...b).toFixed(2)}`; };
  console.log(`${names[j]} (k = ${SETS[names[j]].length}): variance ratio own ${ratios(summary[j].own)}, paired ${ratios(summary[j].paired)}; widest paired variance ${worstPaired0.toFixed(4)} → ${summary[j].worstPaired.toFixed(4)} (${(summary[j].worstPaired / worstPaired0).toFixed(3)}): ${(worstPaired0 / summary[j].worstPaired).toFixed(2)}× fewer games to a paired half-width`);
}
