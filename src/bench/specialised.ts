/**
 * `bench --specialised` (issue 44 item 3): games/s of URBAN ASSAULT's designer-sized runs — the flagship, the 軍票
 * campaign and Black Sun's three-lap campaign — on the specialised path (the default) and on the general engine
 * (`run --no-specialise`), side by side in one sitting.
 *
 * Each case is the shipped file played as `run FILE --games N --workers W` plays it: a fresh worker pool per run, so
 * each run pays what a real one pays (worker start-up, loading, specialising the runner class, the JavaScript engine
 * compiling it), and games/s is the run's own figure (all variants' games over the run loop's seconds). The two paths
 * are paired and alternated, round r playing S then G when r is even and G then S when it is odd, so a load that
 * rises or falls during the sitting weighs on both; the ratio of each round and the ratio of the medians are given.
 * Both paths give the same results (tests/specialise-differential.test.ts); only their speed is compared here.
 *
 * Timing uses the run's own clock and never feeds a simulation result.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadExperiment, type Experiment } from '../sim/experiment/load.js';
import { packageRoot } from '../sim/input/package-root.js';
import { runExperiment } from '../sim/run/run.js';
import { SPECIALISED_ROUNDS } from './seconds.js';

export { SPECIALISED_ROUNDS };

/** One case: a shipped experiment file and the games per variant it is timed at by default. */
export interface SpecialisedCase {
  readonly file: string;
  readonly games: number;
}

/**
 * The cases of issue 44 item 3, at game counts a designer's run reaches (each takes a few seconds a run on a quiet
 * 2-core machine): the flagship gauntlet (11 variants), the 軍票 campaign (5) and Black Sun's three laps (4).
 */
export const SPECIALISED_CASES: readonly SpecialisedCase[] = [
  { file: 'lmg-worth-8-magazines.yaml', games: 20_000 },
  { file: 'lmg-worth-gunpyo-campaign.yaml', games: 4_000 },
  { file: 'blacksun-campaign.yaml', games: 2_000 },
];


/** One case's figures. */
export interface SpecialisedRow {
  readonly file: string;
  /** Games per variant of each run, and the variants. */
  readonly games: number;
  readonly variants: number;
  readonly workers: number;
  /** Games/s (all variants) of each round's run, specialised and general, in round order. */
  readonly specialised_rounds: readonly number[];
  readonly general_rounds: readonly number[];
  /** Medians of the rounds, and specialised ÷ general of the medians. */
  readonly specialised: number;
  readonly general: number;
  readonly ratio: number;
  /** Specialised ÷ general of each round (the pair played back to back). */
  readonly ratio_rounds: readonly number[];
}

export interface SpecialisedOptions {
  /** Games per variant of every case (default: each case's own). */
  readonly games?: number;
  /** Rounds of pairs (default {@link SPECIALISED_ROUNDS}). */
  readonly rounds?: number;
  readonly workers: number;
  /** Folder of the experiment files (default: the package's experiments/). */
  readonly experimentsDir?: string;
  /** The cases (default {@link SPECIALISED_CASES}). */
  readonly cases?: readonly SpecialisedCase[];
  /** Called before each case. */
  readonly onCase?: (file: string) => void;
  /** Plays one timed run and returns its games/s (default: {@link runGamesPerSecond}; tests record the order). */
  readonly play?: (exp: Experiment, workers: number) => Promise<number>;
}

/** The median of a non-empty list. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The timed experiment: the file's own, at `games` per variant, with chunks small enough that every worker plays
 * (at least 4 per worker: a chunk larger than the run would leave the second worker idle). Results never depend on the
 * chunking.
 */
export function timedExperiment(exp: Experiment, games: number, workers: number): Experiment {
  const chunk = Math.max(1, Math.min(exp.chunk, Math.ceil(games / (4 * Math.max(1, workers)))));
  return { ...exp, stop: { kind: 'games', games }, chunk };
}

/** Games/s of one run of `exp` on `workers` threads (a fresh pool): the run's own figure. */
export async function runGamesPerSecond(exp: Experiment, workers: number): Promise<number> {
  const s = await runExperiment(exp, { workers });
  return s.gamesPerSecond;
}

/** Measure every case, paired and alternated (see the module comment). */
export async function measureSpecialised(opts: SpecialisedOptions): Promise<SpecialisedRow[]> {
  const dir = opts.experimentsDir ?? join(packageRoot(), 'experiments');
  const rounds = Math.max(1, opts.rounds ?? SPECIALISED_ROUNDS);
  const out: SpecialisedRow[] = [];
  for (const c of opts.cases ?? SPECIALISED_CASES) {
    const path = join(dir, c.file);
    if (!existsSync(path)) continue;
    opts.onCase?.(c.file);
    const games = opts.games ?? c.games;
    const spec = timedExperiment(loadExperiment(path), games, opts.workers);
    const general: Experiment = { ...spec, general: true };
    const play = opts.play ?? runGamesPerSecond;
    const s: number[] = [], g: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        s.push(await play(spec, opts.workers));
        g.push(await play(general, opts.workers));
      } else {
        g.push(await play(general, opts.workers));
        s.push(await play(spec, opts.workers));
      }
    }
    const ms = median(s), mg = median(g);
    out.push({
      file: c.file,
      games,
      variants: spec.compiled.variants.length,
      workers: opts.workers,
      specialised_rounds: s,
      general_rounds: g,
      specialised: ms,
      general: mg,
      ratio: ms / mg,
      ratio_rounds: s.map((x, i) => x / g[i]),
    });
  }
  return out;
}
