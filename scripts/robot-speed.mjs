#!/usr/bin/env node
/**
 * In-process CPU time of robot skirmish games (issue 27 speed work): plays games [0, N) of every variant of an
 * experiment through the shipped chunk loop (src/sim/run/chunk.ts runChunk: keyed dice, common random numbers) in THIS
 * process after a warm-up, and prints the CPU-seconds (process.cpuUsage) and a hash of the accumulators (so two
 * builds can be checked byte for byte while they are timed).
 *
 *   node scripts/robot-speed.mjs [dist dir, default dist] [games per variant, default 400] [experiment]
 *   node --cpu-prof scripts/robot-speed.mjs dist 2000      # profile
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installDistPlatform } from './lib/platform.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const games = Number(process.argv[3] ?? 400);
const file = process.argv[4] ?? 'experiments/formation-vs-multi-attack.yaml';
await installDistPlatform(dist);
const { loadExperiment } = await import(pathToFileURL(`${dist}/sim/experiment/load.js`).href);
const { runChunk } = await import(pathToFileURL(`${dist}/sim/run/chunk.js`).href);
const exp = loadExperiment(file);
runChunk(exp, 1_000_000, Math.max(20, games >> 3)); // warm-up on other game indices
const c0 = process.cpuUsage();
const r = runChunk(exp, 0, games);
const c1 = process.cpuUsage(c0);
const h = createHash('sha256');
for (const d of r.data) h.update(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
const cpu = (c1.user + c1.system) / 1e6;
console.log(JSON.stringify({ dist, games, variants: r.data.length, cpu, hash: h.digest('hex').slice(0, 16), draws: r.draws }));
