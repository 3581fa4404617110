/**
 * The benchmark: how fast each registered engine plays, relative to the bare
 * dice generator. All figures are ratios (per second, per game) measured in one
 * invocation, so they compare across machines and game counts:
 *
 * - games_per_s_1   games/s of a run with one worker
 * - games_per_s_all games/s of a run with `workers` workers
 * - dice_per_game   dice draws per game (both streams), played in-process
 * - rng_d6_per_s    bare RngDice.d6() calls per second on a game stream
 * - efficiency      games_per_s_1 × dice_per_game / rng_d6_per_s
 *                   (1 = the engine costs nothing beyond its dice)
 * - scaling         games_per_s_all / games_per_s_1
 * - gc_per_1k_games garbage collections (V8 'gc' performance entries) per
 *                   1,000 games during the in-process timing, and
 *   heap_bytes_per_game the used heap's growth per game over it (when no
 *                   collection ran): ~0 is a GC-free steady state
 *
 * Timing uses performance.now() and never feeds a simulation result.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { RngDice } from '../sim/core/dice.js';
import type { Experiment } from '../sim/experiment/load.js';
import { runExperiment } from '../sim/run/run.js';
import { shippedExperimentSeconds, type ShippedEstimate } from './shipped.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../sim/core/streams.js';
import { GameRecord, type EngineModule, type GameRunner } from '../sim/core/types.js';
import { engines } from '../registry.js';

/** Fewest games per measured run when `games` is not given. */
export const DEFAULT_BENCH_GAMES = 20_000;
/** Most games per measured run when `games` is not given. */
export const MAX_BENCH_GAMES = 5_000_000;
/**
 * Aim for about this many seconds of single-worker play when `games` is not
 * given. Each measured run includes the pool's start-up and tear-down, and each
 * worker loads the modules and JIT-compiles the engine in its own isolate (with
 * one worker that compiling and its collections run on the idle core; with two
 * they compete with the games): a fixed cost of ~1 CPU-s per worker that a
 * multi-million-game run does not notice. At 6 s it still took 5–7% off the
 * 2-worker figure of the engines with the most code (超人ロック scaling 1.77 at
 * 6 s vs 1.87 at 23 s, same machine, same minute), so the run is long enough
 * to measure the steady state.
 */
export const BENCH_TARGET_SECONDS = 12;
/** Seconds of in-process play that measure dice per game. */
const IN_PROCESS_SECONDS = 0.3;
/** …and at least this many games (so a few bytes allocated per game would show as collections), within 3 s. */
const IN_PROCESS_MIN_GAMES = 10_000;
const IN_PROCESS_MAX_SECONDS = 3;
const BENCH_SEED = 1;

export interface BenchFigures {
  readonly engine: string;
  readonly label: string;
  /** Games per run. */
  readonly games: number;
  readonly games_per_s_1: number;
  readonly games_per_s_all: number;
  readonly workers: number;
  readonly dice_per_game: number;
  readonly rng_d6_per_s: number;
  readonly efficiency: number;
  readonly scaling: number;
  /** Games/s played in-process by {@link InProcessPlayer} (no pool), for reference. */
  readonly games_per_s_inprocess: number;
  /** Garbage collections per 1,000 games of the in-process timing (after a warm-up and a full collection). */
  readonly gc_per_1k_games: number;
  /**
   * Heap bytes allocated per game in that timing (the least growth of the used heap ÷ games over its batches), or
   * null when a collection ran meanwhile (then only `gc_per_1k_games` tells). ~0 is a GC-free steady state.
   */
  readonly heap_bytes_per_game: number | null;
  /** Bare-RNG throughput of `workers` threads at once ÷ one thread: the machine's parallel ceiling for `scaling`. */
  readonly hardware_scaling: number;
  /**
   * Seconds of a real `run` on `workers` threads, start to written results, of each of this engine's shipped
   * experiments (experiments/ of the package, at least two variants) to a 0.5 pp 95% half-width of what its stop rule
   * waits for: under `target_of: all` (the default) every variant's own primary rate and each paired difference of it
   * against its reference; under `target_of: differences` the paired differences only (`target_of` says which).
   * Measured by playing the run to that stop, or past a time budget extrapolated at the run's warm games/s (`how`
   * says which; bench/shipped.ts). The largest is `seconds_to_half_pp`. Empty when the package has no experiments
   * folder.
   */
  readonly experiments: readonly ShippedEstimate[];
  readonly seconds_to_half_pp: number | null;
}

/** The `bench --json` object: the first engine's figures at top level plus every engine by id. */
export interface BenchReport extends BenchFigures {
  readonly node: string;
  readonly engines: Readonly<Record<string, BenchFigures>>;
}

export interface BenchOptions {
  /** Games per measured run (default: {@link defaultBenchGames}). */
  games?: number;
  /** Workers of the "all" run (default os.availableParallelism()). */
  workers?: number;
  /** Called before each engine is measured. */
  onEngine?: (id: string) => void;
  /** Folder of the shipped experiments (default: the package's experiments/; none: skip). */
  experimentsDir?: string | null;
  /** Seconds a shipped experiment's run is played before the rest is extrapolated (default MEASURE_SECONDS, 60). */
  measureSeconds?: number;
}

export type { ShippedEstimate } from './shipped.js';

/**
 * Chunks per measured run. The last chunks of a run leave workers idle while one finishes (on average about half a
 * chunk per worker), a tail of ~workers/(2·chunks) of the multi-worker run's time: 32 chunks cost a 2-worker run ~3%
 * of its speed, 128 under 1% (URBAN ASSAULT's flagship, scaling 1.81–1.83 at 32 chunks vs 1.82–1.89 at 128, same
 * minute), while a chunk still plays for ~0.1 s, so merging and sending the experiment stay far below 1%.
 */
const BENCH_CHUNKS = 128;

/** A synthetic experiment: the engine's bench case as the single baseline variant. */
export function benchExperiment(engine: EngineModule<any, any>, games: number): Experiment {
  const bc = engine.benchCase();
  const compiled = {
    game: bc.game,
    variants: [{ name: 'baseline', label: bc.label, baseline: true, cost: 0, params: bc.variant }],
    rulings: [],
    costUnit: '',
  };
  return {
    file: `<bench:${engine.id}>`,
    name: `bench-${engine.id}`,
    question: `benchmark: ${bc.label}`,
    engine: engine.id,
    seed: BENCH_SEED,
    stop: { kind: 'games', games },
    chunk: Math.max(10, Math.min(50_000, Math.ceil(games / BENCH_CHUNKS))),
    hash: createHash('sha256').update(JSON.stringify(compiled)).digest('hex'),
    compiled,
  };
}

/**
 * The hot loop without a worker pool: the bench case's runner, record and dice built once, then games played
 * in-process with RngDice on both streams (nothing is allocated per game or per batch). Usable as a
 * micro-benchmark on its own.
 */
export class InProcessPlayer {
  private readonly runner: GameRunner;
  private readonly rec: GameRecord;
  private readonly dice = new RngDice();
  private readonly policyDice = new RngDice();
  constructor(engine: EngineModule<any, any>, private readonly seed = BENCH_SEED) {
    const bc = engine.benchCase();
    this.runner = engine.createRunner(bc.game, bc.variant);
    // No controls, as in a run without control_variates (chunk.ts): the engine skips its luck terms.
    this.rec = new GameRecord({ ...engine.metrics(bc.game), controls: [] });
  }
  /** Play games [start, start + games); returns the dice drawn (both streams) and the elapsed time. */
  play(start: number, games: number): { draws: number; seconds: number } {
    const { runner, rec, dice, policyDice, seed } = this;
    let draws = 0;
    const t0 = performance.now(); // timing only
    for (let i = start; i < start + games; i++) {
      dice.resetStream(seed, i, STREAM_DICE);
      policyDice.resetStream(seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, policyDice, rec, null);
      draws += dice.draws + policyDice.draws;
    }
    const seconds = (performance.now() - t0) / 1000; // timing only
    return { draws, seconds };
  }
}

/** Sink so the bare RNG loop cannot be optimised away. */
let rngSink = 0;

/** Bare RngDice.d6() calls per second on a game stream, measured for about `minSeconds`. */
export function measureRngD6PerSecond(minSeconds = 0.3): number {
  const dice = new RngDice(gameStream(BENCH_SEED, 0, STREAM_DICE));
  const batch = 200_000;
  let calls = 0;
  let sum = 0;
  // Warm-up so the JIT has compiled d6() before timing.
  for (let i = 0; i < batch; i++) sum += dice.d6();
  const t0 = performance.now(); // timing only
  let elapsed = 0;
  do {
    for (let i = 0; i < batch; i++) sum += dice.d6();
    calls += batch;
    elapsed = (performance.now() - t0) / 1000; // timing only
  } while (elapsed < minSeconds);
  rngSink ^= sum;
  return calls / elapsed;
}

/**
 * The machine's own parallel ceiling: the bare d6 rate of `workers` threads
 * running at once, divided by one thread's rate. On a machine whose cores are
 * throttled or shared this is well below `workers`, and no engine can scale
 * beyond it.
 */
export async function measureHardwareScaling(workers: number, seconds = 0.5): Promise<number> {
  const { Worker } = await import('node:worker_threads');
  const diceUrl = new URL('./bench.js', import.meta.url).href;
  const code = `const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url).then((m) => parentPort.postMessage(m.measureRngD6PerSecond(workerData.seconds)));`;
  const one = async (n: number): Promise<number> => {
    const rates = await Promise.all(Array.from({ length: n }, () => new Promise<number>((resolve, reject) => {
      const w = new Worker(code, { eval: true, workerData: { url: diceUrl, seconds } });
      w.once('message', (r: number) => { resolve(r); void w.terminate(); });
      w.once('error', reject);
    })));
    return rates.reduce((a, b) => a + b, 0);
  };
  const single = await one(1);
  return (await one(workers)) / single;
}

/** games/s of one run: the run's own figure, or wall-clock around it when that is unusable. */
async function runGamesPerSecond(exp: Experiment, workers: number): Promise<number> {
  const t0 = performance.now(); // timing only
  const summary = await runExperiment(exp, { workers });
  const wall = (performance.now() - t0) / 1000; // timing only
  const own = summary.gamesPerSecond;
  if (Number.isFinite(own) && own > 0) return own;
  return (summary.gamesPerVariant * summary.variants.length) / Math.max(wall, 1e-9);
}

/**
 * Games per run when none is given: enough for about {@link BENCH_TARGET_SECONDS}
 * of single-worker play at the in-process rate (so pool start-up is a small
 * share of the timing), but at least {@link DEFAULT_BENCH_GAMES}.
 */
export function defaultBenchGames(inProcessGamesPerSecond: number): number {
  const want = Math.round(inProcessGamesPerSecond * BENCH_TARGET_SECONDS);
  if (!Number.isFinite(want)) return DEFAULT_BENCH_GAMES;
  return Math.min(MAX_BENCH_GAMES, Math.max(DEFAULT_BENCH_GAMES, want));
}

/**
 * A full garbage collection now, so collections during the timed games are caused by them alone (V8's `gc`,
 * exposed for the benchmark process only; measurement, never a simulation result).
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** One turn of the event loop (lets pending performance entries arrive). */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}

/** Measure one engine. */
export async function benchEngine(engine: EngineModule<any, any>, opts: BenchOptions = {}): Promise<BenchFigures> {
  const workers = opts.workers ?? availableParallelism();

  // In-process: warm up, then count dice per game over batches for about
  // IN_PROCESS_SECONDS (also timed, for reference and the default run size).
  const batch = Math.max(1, Math.min(opts.games ?? 2000, 2000));
  const player = new InProcessPlayer(engine);
  player.play(0, batch);
  // Collections during the timed games (entries are delivered asynchronously: read after a turn of the event loop).
  collectGarbage();
  await tick();
  let gcs = 0;
  const gcWatch = new PerformanceObserver((list) => { gcs += list.getEntries().length; });
  gcWatch.observe({ entryTypes: ['gc'] });
  // Heap growth per game of each batch; the least of them is the steady state (a batch where the JIT still
  // compiled, or where V8 recorded type feedback, grows more). Read only when no collection ran.
  let heapPerGame = Infinity;
  let inGames = 0;
  let inDraws = 0;
  let inSeconds = 0;
  do {
    const heap0 = process.memoryUsage().heapUsed;
    const r = player.play(batch + inGames, batch);
    heapPerGame = Math.min(heapPerGame, Math.max(0, process.memoryUsage().heapUsed - heap0) / batch);
    inGames += batch;
    inDraws += r.draws;
    inSeconds += r.seconds;
  } while ((inSeconds < IN_PROCESS_SECONDS || inGames < IN_PROCESS_MIN_GAMES) && inSeconds < IN_PROCESS_MAX_SECONDS && inGames < 10_000_000);
  await tick();
  gcWatch.disconnect();
  const inprocGps = inGames / Math.max(inSeconds, 1e-9);
  const dicePerGame = inDraws / inGames;
  const rngPerSecond = measureRngD6PerSecond();

  const games = opts.games ?? defaultBenchGames(inprocGps);
  const exp = benchExperiment(engine, games);
  const gps1 = await runGamesPerSecond(exp, 1);
  const gpsAll = await runGamesPerSecond(exp, workers);
  const hardware = await measureHardwareScaling(workers);

  const shipped = await shippedExperimentSeconds(engine.id, workers, opts.experimentsDir, { measureSeconds: opts.measureSeconds });
  return {
    engine: engine.id,
    label: engine.benchCase().label,
    experiments: shipped,
    seconds_to_half_pp: shipped.length > 0 ? Math.max(...shipped.map((x) => x.seconds)) : null,
    games,
    games_per_s_1: gps1,
    games_per_s_all: gpsAll,
    workers,
    dice_per_game: dicePerGame,
    rng_d6_per_s: rngPerSecond,
    efficiency: (gps1 * dicePerGame) / rngPerSecond,
    scaling: gpsAll / gps1,
    games_per_s_inprocess: inprocGps,
    gc_per_1k_games: (1000 * gcs) / inGames,
    heap_bytes_per_game: gcs === 0 ? heapPerGame : null,
    hardware_scaling: hardware,
  };
}

/** Measure every registered engine. */
export async function runBench(opts: BenchOptions = {}): Promise<BenchReport> {
  const byId: Record<string, BenchFigures> = {};
  let first: BenchFigures | undefined;
  for (const e of engines) {
    opts.onEngine?.(e.id);
    const f = await benchEngine(e, opts);
    byId[e.id] = f;
    first ??= f;
  }
  if (!first) throw new Error('no engines registered');
  return { ...first, node: process.version, engines: byId };
}

