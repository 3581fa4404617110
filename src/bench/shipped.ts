/**
 * bench's seconds-to-0.5-pp of the shipped experiments: for each file, the wall-clock seconds a real
 * `balance-lab run FILE --workers W` takes from start to written results when its stop is a 0.5 pp 95% half-width of
 * everything the file's rule waits for (its `target_of`).
 *
 * The run is played, not modelled: the file's own experiment (seed, chunks, variants) with that stop, on `workers`
 * threads, with a resume journal as `run` keeps one. When it stops within the time budget (`measureSeconds`, default
 * {@link MEASURE_SECONDS}), its seconds are measured. Otherwise it is cut at the first merge after the budget and the
 * rest extrapolated (bench/seconds.ts): the games still needed from the widest half-width reached (half-width ∝ 1/√n,
 * up to a whole chunk), at the warm games/s of the run's later half, so the engines' tables filling up early in a run
 * (robot's move-phase table, A&A's phase memo and answer trie) and worker start-up are counted once, as in a real run.
 * Added to both: the command's own overhead, measured — starting node and loading the run command (a child process,
 * once per bench), loading the file, and writing the results folder of the run's summary (into a temporary folder).
 *
 * The stop: a `target_error` file keeps its `min_games` and `target_of`; a fixed `games: N` file is timed as
 * `run --target-error 0.005` would stop it (`min_games` 2,000, `target_of: all`). `max_games` is lifted: bench counts
 * to 0.5 pp even where a file would stop earlier at its cap. A `tune:` race after the run is not counted. With a budget
 * of 0 the run plays only its first two chunks and is extrapolated from them at their own games/s: a quick figure,
 * as the 2,000-game pilot bench used before (it over-states long runs: cold tables, start-up counted per game; and
 * under-states a run that stops within those chunks, whose chunks still in flight are not played), always marked
 * `extrapolated`.
 *
 * Timing uses performance.now() and never feeds a simulation result.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { extrapolatedSeconds, gamesToHalfPp, HALF_PP, MEASURE_SECONDS, warmGamesPerSecond, wholeChunks, type MergeSample, type SecondsHow } from './seconds.js';
import { loadExperiment, type Experiment } from '../sim/experiment/load.js';
import { removeOnExit } from '../sim/run/exit-cleanup.js';
import { journalIdentity, RunJournal } from '../sim/run/journal.js';
import { packageRoot } from '../sim/input/package-root.js';
import { runExperiment } from '../sim/run/run.js';
import { stopScope, type StopScope } from '../sim/experiment/stop-scope.js';
import type { StopRule } from '../sim/stats/summary.js';
import { writeResults } from '../report/files/write-results.js';
import { t } from '../i18n/t.js';

export { MEASURE_SECONDS };
/** A run is cut only after at least this many merged chunks (so its later half has a rate of its own). */
const MIN_MERGES = 4;
/** Chunks a run plays with a budget of 0 (a quick figure, as the 2,000-game pilot bench used before): no more. */
const QUICK_CHUNKS = 2;
/** `max_games` of the timed stop: none in effect (the budget ends a long run). */
const NO_CAP = 1_000_000_000;
/** `min_games` of the timed stop of a fixed-count file: what `run --target-error` uses. */
const TARGET_ERROR_MIN_GAMES = 2000;

/** One shipped experiment's figure (see {@link shippedExperimentSeconds}). */
export interface ShippedEstimate {
  readonly file: string;
  /** Seconds of a real run to the 0.5 pp stop, start to written results. */
  readonly seconds: number;
  /** What the stop waits for: the experiment's `stop: target_of` (`all` for a fixed-count file). */
  readonly target_of: StopScope;
  /** `measured`: the run reached the stop within the budget; `extrapolated`: it was cut at the budget. */
  readonly how: SecondsHow;
  /** Games per variant at the stop: played (`measured`) or needed (`extrapolated`). */
  readonly games: number;
  /** Of `seconds`, the command's overhead outside the run loop: start-up, loading the file, writing the results. */
  readonly overhead_s: number;
  /** Games per variant the measured run played (merged) and its seconds in the run loop: what the figure rests on. */
  readonly played_games: number;
  readonly played_s: number;
}

/** Options of {@link shippedExperimentSeconds}. */
export interface ShippedOptions {
  /** The time budget of a measured run (default {@link MEASURE_SECONDS}). */
  readonly measureSeconds?: number;
  /** Seconds of starting the command (default: measured once, {@link startupSeconds}). */
  readonly startup?: number;
}

/** The stop bench times `exp` to: 0.5 pp of what its rule waits for, no cap (see the module comment). */
export function halfPpStop(stop: StopRule): StopRule {
  const scope = stopScope(stop);
  return {
    kind: 'target_error',
    target: HALF_PP,
    maxGames: NO_CAP,
    minGames: stop.kind === 'target_error' ? stop.minGames : TARGET_ERROR_MIN_GAMES,
    ...(scope === 'differences' ? { targetOf: 'differences' as const } : {}),
  };
}

/**
 * Each experiment file of `dir` (default: the package's experiments/; null: none) on `engineId` with at least two
 * variants, timed by {@link experimentSeconds}, in file-name order.
 */
export async function shippedExperimentSeconds(engineId: string, workers: number, dir: string | null | undefined, opts: ShippedOptions = {}): Promise<ShippedEstimate[]> {
  const folder = dir === undefined ? join(packageRoot(), 'experiments') : dir;
  if (folder === null || !existsSync(folder)) return [];
  const out: ShippedEstimate[] = [];
  let startup = opts.startup;
  for (const f of readdirSync(folder).filter((x) => x.endsWith('.yaml')).sort()) {
    const t0 = performance.now(); // timing only
    const exp = loadExperiment(join(folder, f));
    const load = (performance.now() - t0) / 1000; // timing only
    if (exp.engine !== engineId || exp.compiled.variants.length < 2) continue;
    startup ??= startupSeconds();
    out.push({ file: f, ...(await experimentSeconds(exp, workers, startup + load, opts.measureSeconds ?? MEASURE_SECONDS)) });
  }
  return out;
}

/**
 * Play `exp` to its 0.5 pp stop ({@link halfPpStop}) on `workers` threads for at most about `budget` seconds and
 * return the seconds of a real run: measured, or extrapolated past the budget. `overhead` is the command's start-up
 * and the file's loading; writing the results is measured here.
 */
export async function experimentSeconds(exp: Experiment, workers: number, overhead: number, budget: number): Promise<Omit<ShippedEstimate, 'file'>> {
  const full = halfPpStop(exp.stop);
  // With no budget the run is capped at its first chunks (none are played past the cap), and extrapolated from there.
  const stop = budget > 0 || full.kind !== 'target_error' ? full : { ...full, maxGames: QUICK_CHUNKS * exp.chunk };
  const timed: Experiment = { ...exp, stop };
  const scratch = mkdtempSync(join(tmpdir(), 'balance-lab-bench-'));
  const forget = removeOnExit(scratch);
  try {
    const samples: MergeSample[] = [];
    let worst = NaN;
    const abort = new AbortController();
    const journal = RunJournal.open(join(scratch, 'journal.ndjson'), journalIdentity(timed, 'bench'), false);
    const summary = await runExperiment(timed, {
      workers,
      journal,
      signal: abort.signal,
      onProgress: (p) => {
        samples.push({ seconds: p.elapsedSeconds, games: p.gamesDone });
        worst = p.halfWidth;
        if (p.elapsedSeconds >= budget && samples.length >= MIN_MERGES) abort.abort();
      },
    });
    journal.remove();
    const w0 = performance.now(); // timing only
    await writeResults(summary, join(scratch, 'out'), { packageVersion: 'bench', nodeVersion: process.version, gitCommit: null });
    const cost = overhead + (performance.now() - w0) / 1000; // timing only
    const last = samples[samples.length - 1];
    const reached = stop.kind === 'target_error' && last.games >= stop.minGames && worst <= stop.target;
    const target_of = stopScope(stop);
    const played = { played_games: summary.gamesPerVariant, played_s: summary.elapsedSeconds };
    // A quick run (no budget) is never a real run's time: the chunks a real run has in flight at its stop are not played.
    if (reached && budget > 0) return { seconds: cost + summary.elapsedSeconds, target_of, how: 'measured', games: summary.gamesPerVariant, overhead_s: cost, ...played };
    const needed = gamesToHalfPp(worst, last.games, stop.kind === 'target_error' ? stop.minGames : 0);
    const seconds = extrapolatedSeconds({
      overhead: cost,
      lastMerge: last.seconds,
      tail: summary.elapsedSeconds - last.seconds,
      played: last.games,
      needed,
      chunk: exp.chunk,
      warm: warmGamesPerSecond(samples),
    });
    return { seconds, target_of, how: 'extrapolated', games: wholeChunks(needed, exp.chunk), overhead_s: cost, ...played };
  } finally {
    forget();
  }
}

/**
 * Seconds to start `balance-lab run`: a child node process that loads the run command's modules and reads the git
 * commit (as `run` does for run.json), timed from spawn to exit.
 */
export function startupSeconds(): number {
  const cli = resolve(packageRoot(), 'dist', 'cli');
  const cmd = pathToFileURL(join(cli, 'cmd-run.js')).href;
  const meta = pathToFileURL(join(cli, 'meta.js')).href;
  if (!existsSync(fileURLToPath(cmd))) throw new Error(t('benchest.buildMissing', { file: fileURLToPath(cmd) }));
  const code = `await import(${JSON.stringify(cmd)}); (await import(${JSON.stringify(meta)})).gitCommit();`;
  const t0 = performance.now(); // timing only
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dirname(cli), stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000; // timing only
  if (r.status !== 0) throw new Error(t('benchest.startupFailed', { status: String(r.status), stderr: (r.stderr ?? '').trim() }));
  return seconds;
}
