#!/usr/bin/env node
/**
 * A&A Miniatures games per CPU-second, in-process (issue 27): every variant of an experiment played through the
 * engine's createRunner with the run's dice streams (as src/bench/bench.ts InProcessPlayer does), after a warm-up, and
 * a hash of every game's record, so two builds can be compared for speed and for identical results.
 *
 *   node scripts/aam-speed.mjs play [dist dir, default dist] [games per variant, default 300] [experiment]
 *       one measurement: prints JSON { cpu, games, gamesPerCpuSecond, hash }
 *   node scripts/aam-speed.mjs mix <before dist> <after dist> [games per block, default 100] [blocks, default 40] [experiment]
 *       both builds in one process, blocks of games alternated (before, after, after, before, …) so load swings
 *       hit both alike; prints each side's games per CPU-second, the after ÷ before ratio and whether the records agree
 *   node scripts/aam-speed.mjs ab <before dist> <after dist> [games] [rounds, default 3] [experiment]
 *       before, after, before, after … each in a fresh process; prints each round and the after ÷ before ratio of
 *       games per CPU-second (median of the rounds), and whether the hashes agree
 *
 * Profile with: node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/aam-speed.mjs play dist 1000
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { installDistPlatform } from './lib/platform.mjs';

const DEFAULT_EXP = 'experiments/aam-initiative-choice.yaml';
const [mode = 'play', ...rest] = process.argv.slice(2);

/** A player of experiment `file` on build `dist`: play(start, n, hash) plays games [start, start + n) of every variant. */
async function player(dist, file) {
  const imp = (p) => import(pathToFileURL(resolve(dist, p)).href);
  await installDistPlatform(resolve(dist));
  const { loadExperiment } = await imp('sim/experiment/load.js');
  const { getEngine } = await imp('registry.js');
  const { GameRecord } = await imp('sim/core/types.js');
  const { RngDice } = await imp('sim/core/dice.js');
  const { STREAM_DICE, STREAM_POLICY } = await imp('sim/core/streams.js');
  const exp = loadExperiment(file, { games: 1000 });
  const engine = getEngine(exp.compiled.engine ?? exp.engine);
  const setups = exp.compiled.variants.map((v) => ({
    runner: engine.createRunner(exp.compiled.game, v.params),
    rec: new GameRecord(engine.metrics(exp.compiled.game)),
  }));
  const dice = new RngDice(), policyDice = new RngDice();
  return {
    variants: setups.length,
    play(start, n, hash) {
      for (let i = start; i < start + n; i++) {
        for (const { runner, rec } of setups) {
          dice.resetStream(exp.seed, i, STREAM_DICE);
          policyDice.resetStream(exp.seed, i, STREAM_POLICY);
          rec.clear();
          runner.play(dice, policyDice, rec, null);
          if (hash) hash.update(`${rec.rates.join(",")}|${rec.values.join(",")}|${rec.controls.join(",")}|${rec.series.join(",")};`);
        }
      }
    },
  };
}

async function mix(before, after, block, blocks, file) {
  const sides = [await player(before, file), await player(after, file)];
  const cpu = [0, 0], hashes = [createHash('sha256'), createHash('sha256')];
  for (const p of sides) p.play(1_000_000, Math.max(20, block), null); // warm-up on other game indices
  for (let k = 0; k < blocks; k++) {
    // ABBA order within each pair of blocks.
    const order = k % 2 === 0 ? [0, 1] : [1, 0];
    for (const j of order) {
      const c0 = process.cpuUsage();
      sides[j].play(k * block, block, hashes[j]);
      const c = process.cpuUsage(c0);
      cpu[j] += (c.user + c.system) / 1e6;
    }
  }
  const games = block * blocks * sides[0].variants;
  const h = hashes.map((x) => x.digest('hex').slice(0, 16));
  return { before: games / cpu[0], after: games / cpu[1], ratio: cpu[0] / cpu[1], identical: h[0] === h[1], hashes: h };
}

async function play(dist, games, file) {
  const p = await player(dist, file);
  const hash = createHash('sha256');
  p.play(1_000_000, Math.max(20, Math.round(games / 5)), null); // warm-up on other game indices
  const c0 = process.cpuUsage();
  p.play(0, games, hash);
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  const total = games * p.variants;
  return { cpu, games: total, gamesPerCpuSecond: total / cpu, hash: hash.digest('hex').slice(0, 16) };
}

const self = fileURLToPath(import.meta.url);
if (mode === 'play') {
  const [dist = 'dist', games = '300', file = DEFAULT_EXP] = rest;
  console.log(JSON.stringify(await play(dist, Number(games), file)));
} else if (mode === 'mix') {
  const [before, after, block = '100', blocks = '40', file = DEFAULT_EXP] = rest;
  const load = loadavg()[0].toFixed(1);
  const r = await mix(before, after, Number(block), Number(blocks), file);
  console.log(`load ${load}→${loadavg()[0].toFixed(1)}: before ${r.before.toFixed(1)} g/cpu-s, after ${r.after.toFixed(1)} g/cpu-s, ratio ${r.ratio.toFixed(3)}; records ${r.identical ? 'identical' : 'DIFFER ' + r.hashes.join(' ')}`);
} else if (mode === 'ab') {
  const [before, after, games = '300', rounds = '3', file = DEFAULT_EXP] = rest;
  const one = (dist) => {
    const r = spawnSync(process.execPath, [self, 'play', dist, games, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  };
  const ratios = [];
  const hashes = new Set();
  for (let k = 0; k < Number(rounds); k++) {
    const load = loadavg()[0].toFixed(1);
    const b = one(before), a = one(after);
    hashes.add(b.hash);
    hashes.add(a.hash);
    ratios.push(a.gamesPerCpuSecond / b.gamesPerCpuSecond);
    console.log(`round ${k + 1} (load ${load}): before ${b.gamesPerCpuSecond.toFixed(1)} g/cpu-s, after ${a.gamesPerCpuSecond.toFixed(1)} g/cpu-s, ratio ${(a.gamesPerCpuSecond / b.gamesPerCpuSecond).toFixed(3)}`);
  }
  ratios.sort((x, y) => x - y);
  console.log(`median ratio ${ratios[Math.floor(ratios.length / 2)].toFixed(3)} (min ${ratios[0].toFixed(3)}, max ${ratios[ratios.length - 1].toFixed(3)}); hashes ${hashes.size === 1 ? 'identical' : 'DIFFER: ' + [...hashes].join(' ')}`);
} else {
  console.error('usage: aam-speed.mjs play|ab …');
  process.exit(2);
}
