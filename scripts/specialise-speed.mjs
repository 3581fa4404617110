#!/usr/bin/env node
/**
 * Issue 44: the per-game cost of the specialised path against the general engine, in one process, on the built engine
 * (dist/). A run's own chunk function plays blocks of games on the specialised runners (S) and the general ones (G),
 * alternated (S G, G S, …) after a warm-up, and the CPU time per game of each block is printed with the ratio per pair:
 * the worker start-up and the specialisation itself are outside the blocks, so this is the steady state a long run
 * reaches. CPU time, not wall time, so a shared machine's other work moves it less (it still moves it: compare pairs).
 *
 *   node scripts/specialise-speed.mjs [--games N] [--pairs P] [--profile] FILE…
 *     --games N    games per variant in each block (default 20000)
 *     --pairs P    S/G pairs (default 8)
 *     --profile    instead: sample one block of the specialised path (V8's profiler, 50 µs) and print the share of the
 *                  game's time each function takes on its own (the generated class's methods by name)
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { installDistPlatform } from './lib/platform.mjs';

const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const imp = (p) => import(pathToFileURL(join(dist, p)).href);
await installDistPlatform(dist);
const { loadExperiment } = await imp('sim/experiment/load.js');
const { runChunk } = await imp('sim/run/chunk.js');

const args = process.argv.slice(2);
let games = 20000, pairs = 8, profile = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--games') games = Number(args[++i]);
  else if (args[i] === '--pairs') pairs = Number(args[++i]);
  else if (args[i] === '--profile') profile = true;
  else files.push(args[i]);
}

const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];

/** CPU µs per game of games [start, start + n) of every variant. */
function block(exp, start, n) {
  const t0 = process.cpuUsage();
  runChunk(exp, start, n);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / (n * exp.compiled.variants.length);
}

async function shares(exp, start, n) {
  const s = new Session();
  s.connect();
  await s.post('Profiler.enable');
  await s.post('Profiler.setSamplingInterval', { interval: 50 });
  await s.post('Profiler.start');
  runChunk(exp, start, n);
  const { profile: p } = await s.post('Profiler.stop');
  s.disconnect();
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const f = byId.get(p.samples[i]).callFrame;
    // The sampler's own frames (no source line: its message dispatch) and this script's are not the game's.
    if (f.functionName.startsWith('(') || f.lineNumber < 0 || f.url.endsWith('specialise-speed.mjs') || f.url.startsWith('node:')) continue;
    const key = f.url ? `${f.functionName} (${f.url.split('/').slice(-2).join('/')})` : f.functionName;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0));
    total += p.timeDeltas[i] ?? 0;
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 24).map(([k, t]) => `${(100 * t / total).toFixed(1)}% ${k}`);
}

for (const file of files) {
  const exp = loadExperiment(file, {});
  const S = exp, G = { ...exp, general: true };
  const warm = Math.min(games, 5000);
  runChunk(S, 0, warm);
  if (profile) {
    runChunk(S, warm, games);
    console.log(JSON.stringify({ file, games, shares: await shares(S, 1_000_000, games) }));
    continue;
  }
  runChunk(G, 0, warm);
  const s = [], g = [];
  let start = 1_000_000;
  for (let i = 0; i < pairs; i++, start += games) {
    if (i % 2 === 0) { s.push(block(S, start, games)); g.push(block(G, start, games)); } else { g.push(block(G, start, games)); s.push(block(S, start, games)); }
  }
  const ratios = s.map((x, i) => g[i] / x);
  console.log(JSON.stringify({
    file, games, pairs, load: Number(loadavg()[0].toFixed(1)),
    specialisedMicros: Number(median(s).toFixed(3)), generalMicros: Number(median(g).toFixed(3)),
    speedupPerPair: ratios.map((x) => Number(x.toFixed(2))), speedupMedian: Number(median(ratios).toFixed(3)),
  }));
}
