#!/usr/bin/env node
/**
 * Issue 44's check of the specialised classes a run's main thread hands to its worker threads (src/sim/core/pe-shipment.ts),
 * on the built engine (dist/): for each experiment file, this thread specialises the variants' runners, then a fresh
 * worker thread builds its runners from that shipment (structured-cloned, as a chunk task carries it) — once as sent,
 * once with its fingerprint altered (as from another build) — and plays them against the general runners game by game.
 * Prints one JSON line per file and case: { file, case, evaluated (classes the thread took from the shipment), classes,
 * sameSource (the thread's classes have the shipped source), difference (null when every game is identical) }.
 *
 *   node scripts/specialise-ship.mjs [--games N] FILE…
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { firstDifference } from './lib/same-games.mjs';
import { loadUaDist } from './lib/ua-dist.mjs';

const { loadExperiment, getEngine, specialisedUaRunners, UA_POLICIES, lib } = await loadUaDist();

if (isMainThread) {
  const args = process.argv.slice(2);
  let games = 30;
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--games') games = Number(args[++i]);
    else files.push(args[i]);
  }
  for (const file of files) {
    const exp = loadExperiment(file, {});
    const { shipment } = specialisedUaRunners(exp.compiled.game, exp.compiled.variants.map((v) => v.params), UA_POLICIES);
    const altered = { classes: shipment.classes.map((c) => ({ ...c, fingerprint: `0${c.fingerprint.slice(1)}` === c.fingerprint ? `1${c.fingerprint.slice(1)}` : `0${c.fingerprint.slice(1)}` })) };
    for (const [name, sent] of [['as sent', shipment], ['other build', altered]]) {
      const out = await new Promise((res, rej) => {
        const w = new Worker(new URL(import.meta.url), { workerData: { file, games, shipment: sent } });
        w.once('message', res);
        w.once('error', rej);
      });
      console.log(JSON.stringify({ file, case: name, ...out }));
    }
  }
} else {
  const { file, games, shipment } = workerData;
  const exp = loadExperiment(file, {});
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const sp = specialisedUaRunners(exp.compiled.game, exp.compiled.variants.map((v) => v.params), UA_POLICIES, shipment);
  const sources = [...new Set(sp.pes)].map((p) => p.source);
  const sameSource = sources.length === shipment.classes.length && sources.every((s, i) => s === shipment.classes[i].source);
  let difference = null;
  for (const [vi, v] of exp.compiled.variants.entries()) {
    const d = difference === null ? firstDifference(lib, exp.seed, spec, engine.createRunner(exp.compiled.game, v.params), sp.runners[vi], games) : null;
    if (d) difference = `variant ${v.name} ${d}`;
  }
  parentPort.postMessage({ evaluated: sp.evaluated, classes: sources.length, sameSource, difference });
}
