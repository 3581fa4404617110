#!/usr/bin/env node
/**
 * Does memory stay flat per game? (issue 27 target: "no growth over 10⁷ games"). Four measurements, each printing
 * one JSON line and a short text summary: the fitted slopes (bytes per game, 95% interval) after a warm-up, or (tables)
 * what each runner added.
 * Needs `npm run build`. Run long ones with `nice -n 10` on a shared machine.
 *
 *   node scripts/memory-flat.mjs driver [games per variant, default 1e7] [workers, default 2] [sample ms, default 1000]
 *     A real `balance-lab run` (CLI, piscina pool, journal with --out, report) of URBAN ASSAULT's reference
 *     engagement (a) — the fastest engine, ~2 µs a game — as two variants in chunks of 1,000 games (the default chunk,
 *     so 10⁴ chunks for 10⁷ games: anything kept per chunk would show). scripts/lib/mem-probe.mjs is preloaded into
 *     the main thread and each worker: every sample forces a full GC and logs that isolate's live heap, and the
 *     process RSS.
 *
 *   node --expose-gc scripts/memory-flat.mjs cv-driver [games per variant, default 1e7] [chunk, default 1000]
 *     The run driver's control-variate path (runExperiment: accumulators with the exact CV sums, merge, the adjusted
 *     intervals of the stopping rule after every chunk, the resume journal): no fast engine declares controls, so
 *     engagement (a) is wrapped as a synthetic engine adding 4 zero-mean controls (a policy-stream die − 2.5) to each
 *     game, played in-process (workers: 0) with a journal in a temporary folder. Live heap after a forced GC every
 *     ~1% of the run.
 *
 *   node --expose-gc scripts/memory-flat.mjs engine <experiment.yaml> [games, default 1e6] [samples, default 100]
 *     An engine's own memory: games [0, …) of every variant of the experiment (its keyed dice and control variates as
 *     the file sets them) through the shipped chunk loop (src/sim/run/chunk.ts runChunk) in this process, 1,000 game
 *     indices at a time; `games` counts played games over all variants. Live heap, array buffers (where the engines'
 *     phase tables live) and RSS after a forced GC at `samples` even steps.
 *
 *   node --expose-gc scripts/memory-flat.mjs tables [experiment.yaml] [runners, default 60] [games each, default 30]
 *     The engines' tables of phases by state (robot: src/rules/robot-skirmish/move-memo.ts, fixed slots, a budget of
 *     256 MB a worker thread; A&A: src/rules/axis-allies-miniatures/phase-memo.ts, fixed slots, a budget of 240 MB a
 *     worker thread for the tables and their answer tries, memo-budget.ts; module state, so each piscina worker has its own cap): builds runner
 *     after runner of the experiment's variants in this thread, keeps them all, plays each past its table's build
 *     threshold, and prints how much each one added to the array buffers.
 *
 * The slope is fitted over the samples after the first 10% of the run (the warm-up: JIT, the engines' bounded
 * caches filling — the A&A and robot tables of phases by state — and the first chunks).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fitSlope } from './lib/slope.mjs';
import { installDistPlatform } from './lib/platform.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (m) => import(pathToFileURL(join(root, 'dist', m)).href);
await installDistPlatform(join(root, 'dist'));
const ENGAGEMENT_A = process.env.MEMFLAT_ENGAGEMENT ?? resolve(root, '../shared/perf-reference/a-leader-vs-2.yaml');
const WARM = 0.1;
const mode = process.argv[2];
const arg = (i, d) => (process.argv[i] === undefined ? d : Number(process.argv[i]));

/** Fit a slope of field `key` on x over the rows after the warm-up share of x's range. */
function trend(rows, x, key) {
  const x0 = rows[0][x], x1 = rows[rows.length - 1][x];
  const kept = rows.filter((r) => r[x] >= x0 + WARM * (x1 - x0));
  const f = fitSlope(kept.map((r) => r[x]), kept.map((r) => r[key]));
  // The second half alone: a slope that falls toward 0 there is a warm-up still settling (V8's compiled code), not a leak.
  const late = kept.slice(kept.length >> 1);
  const l = fitSlope(late.map((r) => r[x]), late.map((r) => r[key]));
  return { ...f, first: kept[0][key], last: kept[kept.length - 1][key], late: { slope: l.slope, lo: l.lo, hi: l.hi } };
}

/** The kernel's split of this process's resident memory (Linux; zeros elsewhere): anonymous pages, file-backed pages. */
function rssSplit() {
  try {
    const st = readFileSync('/proc/self/status', 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(st)?.[1] ?? 0) * 1024;
    return { rssAnon: kb('RssAnon'), rssFile: kb('RssFile') };
  } catch {
    return { rssAnon: 0, rssFile: 0 };
  }
}

const mb = (b) => (b / 2 ** 20).toFixed(1);
const interval = (f) => `${f.slope.toFixed(4)} [${f.lo.toFixed(4)}, ${f.hi.toFixed(4)}]`;
const bpg = (f) => `${interval(f)} B/game (second half ${interval(f.late)})`;
const load = () => loadavg()[0].toFixed(1);

/** Engagement (a) as two variants (the lone leader, and one with 8 XP of 技量, +2) in chunks of `chunk` games. */
function engagementText(chunk) {
  const text = readFileSync(ENGAGEMENT_A, 'utf8').replace(/chunk: \d+/, `chunk: ${chunk}`);
  return `${text.trimEnd()}\n  - name: skilled\n    label: leader with skill 2\n    leader: { sub_ability: shooting, xp: { skill: 8 }, skills: [] }\n`;
}

async function driver() {
  const games = arg(3, 1e7), workers = arg(4, 2), every = arg(5, 1000);
  const dir = mkdtempSync(join(tmpdir(), 'memflat-'));
  const yaml = join(dir, 'engagement-a-two-variants.yaml'), log = join(dir, 'probe.ndjson'), out = join(dir, 'out');
  writeFileSync(yaml, engagementText(1000));
  const loads = [load()];
  const t0 = Date.now() / 1000;
  const child = spawn(process.execPath, ['--expose-gc', '--import', pathToFileURL(join(root, 'scripts/lib/mem-probe.mjs')).href,
    join(root, 'bin/balance-lab.js'), 'run', yaml, '--games', String(games), '--workers', String(workers), '--out', out, '--quiet'],
  { env: { ...process.env, MEMFLAT_LOG: log, MEMFLAT_EVERY_MS: String(every) }, stdio: ['ignore', 'ignore', 'inherit'] });
  // The kernel's own figures for the whole process (all threads): peak resident size and the journal's growth on disk.
  let hwm = 0, journalBytes = 0;
  let polls = 0;
  const poll = setInterval(() => {
    try {
      const st = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      hwm = Math.max(hwm, Number(/VmHWM:\s+(\d+)/.exec(st)?.[1] ?? 0) * 1024);
      journalBytes = Math.max(journalBytes, Number(readFileSync(join(dir, '.out.staging/journal.ndjson')).byteLength));
    } catch { /* not yet there, or gone */ }
    if (++polls % 30 === 0) loads.push(load()); // the load once a minute
  }, 2000);
  const code = await new Promise((ok) => child.on('exit', ok));
  clearInterval(poll);
  loads.push(load());
  const seconds = Date.now() / 1000 - t0;
  if (code !== 0) throw new Error(`balance-lab run exited with ${code}`);
  const rows = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const played = games * 2;
  const threads = [...new Set(rows.map((r) => r.thread))].sort((a, b) => a - b);
  // The games end when the workers last wait for a chunk (the pool is destroyed after); the main thread's samples
  // after that are the summary and the results folder (charts), not the run's steady state.
  const playEnd = Math.max(...rows.filter((r) => !r.main).map((r) => r.t));
  const perGame = played / (playEnd - t0); // games per wall second of play: converts a slope in bytes/s to bytes/game
  const res = { mode, games, variants: 2, chunks: Math.ceil(games / 1000), workers, seconds: Math.round(seconds), playSeconds: Math.round(playEnd - t0), gamesPerSecond: Math.round(perGame), peakRss: hwm, journalBytes, load: loads, threads: {} };
  for (const th of threads) {
    const r = rows.filter((x) => x.thread === th && x.t <= playEnd);
    const heap = trend(r, 't', 'heapUsed');
    const scale = (f) => ({ ...f, slope: f.slope / perGame, lo: f.lo / perGame, hi: f.hi / perGame, late: { slope: f.late.slope / perGame, lo: f.late.lo / perGame, hi: f.late.hi / perGame } });
    const deciles = Array.from({ length: 11 }, (_, k) => r[Math.min(r.length - 1, Math.round((k * (r.length - 1)) / 10))].heapUsed);
    res.threads[th === 0 ? 'main' : `worker${th}`] = { samples: r.length, heap: scale(heap), deciles, ...(th === 0 ? { rss: scale(trend(r, 't', 'rss')) } : {}) };
  }
  const after = rows.filter((x) => x.main && x.t > playEnd);
  res.afterPlay = { samples: after.length, maxHeap: Math.max(0, ...after.map((x) => x.heapUsed)), maxRss: Math.max(0, ...after.map((x) => x.rss)) };
  console.log(JSON.stringify(res));
  console.log(`${games.toExponential(0)} games per variant × 2, ${res.chunks} chunks, ${workers} workers, ${res.seconds} s, load ${loads.join('/')}; peak RSS ${mb(hwm)} MB, journal ${mb(journalBytes)} MB on disk`);
  for (const [k, v] of Object.entries(res.threads)) {
    console.log(`  ${k}: live heap ${mb(v.heap.first)} → ${mb(v.heap.last)} MB (range ${mb(v.heap.min)}–${mb(v.heap.max)}), slope ${bpg(v.heap)}${v.rss ? `; RSS ${mb(v.rss.first)} → ${mb(v.rss.last)} MB, slope ${bpg(v.rss)}` : ''}`);
    console.log(`    live heap at each tenth of the play: ${v.deciles.map(mb).join(' ')} MB`);
  }
  console.log(`  after the games (summary, results folder): main live heap up to ${mb(res.afterPlay.maxHeap)} MB, RSS up to ${mb(res.afterPlay.maxRss)} MB`);
  if (process.env.MEMFLAT_KEEP) console.log(`  probe log kept: ${log}`);
  else rmSync(dir, { recursive: true, force: true });
}

async function cvDriver() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  const games = arg(3, 1e7), chunk = arg(4, 1000);
  const { engines, getEngine } = await dist('registry.js');
  const { loadExperiment } = await dist('sim/experiment/load.js');
  const { runExperiment } = await dist('sim/run/run.js');
  const { RunJournal, journalIdentity } = await dist('sim/run/journal.js');
  const ua = getEngine('urban-assault');
  const K = 4;
  // Engagement (a) with K synthetic zero-mean controls: a die of the policy stream (0…5) − 2.5, drawn after the game.
  engines.push({
    ...ua,
    id: 'memflat-cv',
    metrics: (g) => ({ ...ua.metrics(g), controls: Array.from({ length: K }, (_, j) => ({ id: `luck${j}`, doc: 'synthetic' })) }),
    createRunner: (g, v) => {
      const inner = ua.createRunner(g, v);
      return {
        play(dice, pdice, rec, log) {
          inner.play(dice, pdice, rec, log);
          for (let j = 0; j < rec.controls.length; j++) rec.controls[j] = pdice.below(6) - 2.5;
        },
      };
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'memflat-cv-'));
  const yaml = join(dir, 'engagement-a.yaml');
  writeFileSync(yaml, engagementText(chunk));
  const base = loadExperiment(yaml);
  const exp = { ...base, engine: 'memflat-cv', controlVariates: true, stop: { kind: 'games', games } };
  const journal = RunJournal.open(join(dir, 'journal.ndjson'), journalIdentity(exp, 'memflat'), false);
  const rows = [];
  const loads = [load()];
  const every = Math.max(1, Math.round(games / chunk / 100));
  let merged = 0;
  const sample = (done) => {
    globalThis.gc();
    const m = process.memoryUsage();
    rows.push({ games: done, heapUsed: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, ...rssSplit(), arrayBuffers: m.arrayBuffers, external: m.external });
    process.stderr.write(`${JSON.stringify({ ...rows[rows.length - 1], t: Date.now() / 1000, load: load() })}\n`); // each sample as it comes
  };
  const t0 = Date.now() / 1000;
  const summary = await runExperiment(exp, {
    workers: 0, journal, onProgress: (p) => {
      if (++merged % every === 0) {
        sample(p.gamesDone);
        if (rows.length % 20 === 0) loads.push(load());
      }
    },
  });
  journal.close();
  loads.push(load());
  const seconds = Date.now() / 1000 - t0;
  const played = games * exp.compiled.variants.length;
  const heap = trend(rows, 'games', 'heapUsed'), rss = trend(rows, 'games', 'rss');
  const nv = exp.compiled.variants.length;
  const per = (f) => ({ ...f, slope: f.slope / nv, lo: f.lo / nv, hi: f.hi / nv, late: { slope: f.late.slope / nv, lo: f.late.lo / nv, hi: f.late.hi / nv } });
  const res = { mode, games, variants: exp.compiled.variants.length, chunks: Math.ceil(games / chunk), controls: K, seconds: Math.round(seconds), samples: rows.length, load: loads,
    varianceRatio: summary.variants.map((v) => v.rates[0].varianceRatio ?? null), heap: per(heap), rss: per(rss) };
  console.log(JSON.stringify(res));
  console.log(`${games.toExponential(0)} games per variant × ${res.variants} with control variates (${K} controls), ${res.chunks} chunks, journal, in-process, ${res.seconds} s (${Math.round(played / seconds)} games/s), load ${loads.join('/')}`);
  console.log(`  live heap ${mb(heap.first)} → ${mb(heap.last)} MB (range ${mb(heap.min)}–${mb(heap.max)}), slope ${bpg(res.heap)}; RSS ${mb(rss.first)} → ${mb(rss.last)} MB, slope ${bpg(res.rss)}`);
  rmSync(dir, { recursive: true, force: true });
}

async function engine() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  const file = process.argv[3];
  const games = arg(4, 1e6), samples = arg(5, 100);
  const { loadExperiment } = await dist('sim/experiment/load.js');
  const { runChunk } = await dist('sim/run/chunk.js');
  const exp = loadExperiment(file);
  const nv = exp.compiled.variants.length;
  const indices = Math.ceil(games / nv);
  const step = Math.max(1000, Math.ceil(indices / samples / 1000) * 1000);
  const rows = [];
  const loads = [load()];
  const sample = (i) => {
    globalThis.gc();
    const m = process.memoryUsage();
    rows.push({ games: i * nv, heapUsed: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, ...rssSplit(), arrayBuffers: m.arrayBuffers, external: m.external });
    process.stderr.write(`${JSON.stringify({ ...rows[rows.length - 1], t: Date.now() / 1000, load: load() })}\n`); // each sample as it comes
  };
  const t0 = Date.now() / 1000;
  sample(0);
  for (let i = 0; i < indices;) {
    const end = Math.min(indices, i + step);
    for (; i < end; i += 1000) runChunk(exp, i, Math.min(1000, end - i));
    sample(i);
    if (rows.length % 10 === 0) loads.push(load());
  }
  loads.push(load());
  const seconds = Date.now() / 1000 - t0;
  const heap = trend(rows, 'games', 'heapUsed'), rss = trend(rows, 'games', 'rss'), ab = trend(rows, 'games', 'arrayBuffers');
  const res = { mode, experiment: exp.name, variants: nv, games: indices * nv, gameIndices: indices, seconds: Math.round(seconds), samples: rows.length, load: loads,
    afterFirstSample: { heapUsed: rows[1]?.heapUsed, arrayBuffers: rows[1]?.arrayBuffers, rss: rows[1]?.rss }, heap, rss, arrayBuffers: ab };
  console.log(JSON.stringify(res));
  console.log(`${exp.name}: ${res.games.toLocaleString('en-US')} games (${indices.toLocaleString('en-US')} per variant × ${nv}), ${res.seconds} s, load ${loads.join('/')}`);
  console.log(`  live heap ${mb(heap.first)} → ${mb(heap.last)} MB (range ${mb(heap.min)}–${mb(heap.max)}), slope ${bpg(heap)}`);
  console.log(`  array buffers ${mb(ab.first)} → ${mb(ab.last)} MB, slope ${bpg(ab)}; RSS ${mb(rss.first)} → ${mb(rss.last)} MB, slope ${bpg(rss)}`);
}

async function tables() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  const file = process.argv[3] ?? join(root, 'experiments/formation-vs-multi-attack.yaml');
  const runners = arg(4, 60), games = arg(5, 30);
  const { loadExperiment } = await dist('sim/experiment/load.js');
  const { getEngine } = await dist('registry.js');
  const { GameRecord } = await dist('sim/core/types.js');
  const { RngDice } = await dist('sim/core/dice.js');
  const { STREAM_DICE, STREAM_POLICY } = await dist('sim/core/streams.js');
  const exp = loadExperiment(file);
  const engine = getEngine(exp.engine);
  const rec = new GameRecord(engine.metrics(exp.compiled.game));
  const dice = new RngDice(), pdice = new RngDice();
  const kept = [];
  const buffers = () => {
    globalThis.gc();
    return process.memoryUsage().arrayBuffers;
  };
  const growth = [];
  let before = buffers();
  // Runner after runner (cycling through the variants), each kept alive and played `games` games: past the build
  // threshold of its move-phase table, so every runner asks for one.
  for (let k = 0; k < runners; k++) {
    const v = exp.compiled.variants[k % exp.compiled.variants.length];
    const r = engine.createRunner(exp.compiled.game, v.params);
    kept.push(r);
    for (let i = 0; i < games; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      r.play(dice, pdice, rec, null);
    }
    const now = buffers();
    growth.push(now - before);
    before = now;
  }
  const built = growth.filter((g) => g > 2 ** 20).length;
  const res = { mode, experiment: exp.name, runners, gamesEach: games, growthPerRunner: growth, runnersThatGrewOver1MB: built, totalMB: growth.reduce((a, b) => a + b, 0) / 2 ** 20 };
  console.log(JSON.stringify(res));
  console.log(`${exp.name}: ${runners} runners × ${games} games, array buffers grew by more than 1 MB for ${built} of them (${growth.filter((g) => g > 2 ** 20).map(mb).join(' ')} MB), ${mb(growth.reduce((a, b) => a + b, 0))} MB in all`);
}

if (mode === 'driver') await driver();
else if (mode === 'tables') await tables();
else if (mode === 'cv-driver') await cvDriver();
else if (mode === 'engine') await engine();
else {
  process.stderr.write('usage: node scripts/memory-flat.mjs driver|cv-driver|engine|tables … (see the header)\n');
  process.exit(2);
}
