/**
 * `check` as a library call: plan the run (seed, games), play it, and compare
 * it with the baseline and the experiment's bands.
 */
import type { Experiment } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import { runExperiment, type Progress } from '../sim/run/run.js';
import type { RunSummary, StopRule } from '../sim/stats/summary.js';
import type { Baseline } from './baseline.js';
import { baselineNotes } from './baseline-match.js';
import { checkBands, type BandRow } from './bands.js';
import { compareWithBaseline, type RegressionRow } from './compare.js';
import { checkStopRule, gamesRange, MIN_CHECK_GAMES } from './games.js';
import { checkSeed } from './seed.js';
import { t } from '../i18n/t.js';

/** Default family-wise false-alarm rate of the regression tests, and the level of each band test. */
export const DEFAULT_ALPHA = 0.001;

/** Options of {@link runCheck}. */
export interface CheckOptions {
  /** Worker threads; 0 plays in-process. */
  readonly workers: number;
  /** Family-wise false-alarm rate (default {@link DEFAULT_ALPHA}). */
  readonly alpha?: number;
  /** Seed of the check run (default: derived from the baseline's seed, see {@link checkSeed}). */
  readonly seed?: number;
  /** Games per variant (default: the experiment's stopping rule in fast mode, see {@link checkStopRule}). */
  readonly games?: number;
  readonly onProgress?: (p: Progress) => void;
}

/** Where the check's seed came from. */
export type SeedSource = 'given with --seed' | 'derived from the baseline seed' | 'the experiment file\'s seed: no baseline yet';

/** The planned run of a check. */
export interface CheckPlan {
  /** The experiment with the check's seed and stopping rule. */
  readonly exp: Experiment;
  readonly seed: number;
  readonly seedSource: SeedSource;
  readonly stop: StopRule;
}

/** Everything a check found. */
export interface CheckResult {
  readonly alpha: number;
  readonly plan: CheckPlan;
  readonly summary: RunSummary;
  readonly baseline: Baseline | null;
  readonly rows: readonly RegressionRow[];
  readonly bands: readonly BandRow[];
  /** Things to know that do not fail the check (experiment edited, rulings changed…). */
  readonly notes: readonly string[];
  /** Rows that moved significantly. */
  readonly changed: number;
  /** Bands not shown to hold. */
  readonly bandFailures: number;
  /** No metric moved and every band holds. */
  readonly passed: boolean;
}

/**
 * Choose the check's seed and games: `opts.seed`, else {@link checkSeed} of the
 * baseline's seed, else (no baseline yet) the experiment file's seed; and
 * `opts.games`, else the experiment's rule capped by fast mode. Throws an
 * InputError when fewer than two games per variant would be played.
 */
export function planCheck(exp: Experiment, baseline: Baseline | null, opts: Pick<CheckOptions, 'seed' | 'games'>): CheckPlan {
  const stop = checkStopRule(exp.stop, opts.games);
  if (gamesRange(stop).max < MIN_CHECK_GAMES) {
    throw new InputError(opts.games !== undefined ? t('cli.commandLine') : exp.file, undefined, opts.games !== undefined ? '--games' : 'stop',
      { id: 'check.checkNeedsLeastGames', params: { MIN_CHECK_GAMES } });
  }
  const seed = opts.seed ?? (baseline ? checkSeed(baseline.seed) : exp.seed);
  const seedSource: SeedSource = opts.seed !== undefined ? 'given with --seed' : baseline ? 'derived from the baseline seed' : 'the experiment file\'s seed: no baseline yet';
  return { exp: { ...exp, seed, stop }, seed, seedSource, stop };
}

/** Compare an already played run with the baseline (if any) and the bands. Pure. */
export function evaluateCheck(plan: CheckPlan, summary: RunSummary, baseline: Baseline | null, alpha: number): CheckResult {
  const rows = baseline ? compareWithBaseline(baseline, summary, alpha) : [];
  const bands = checkBands(plan.exp.checks ?? [], summary, baseline, alpha);
  const metricIds = [...new Set(summary.variants.flatMap((v) => [...v.rates.map((r) => r.id), ...v.values.map((x) => x.id)]))];
  const notes = baseline ? baselineNotes(baseline, plan.exp, summary.rulings, metricIds) : [];
  if (baseline && baseline.seed === plan.seed) notes.push(t('outLine.checkSharedSeed', { seed: plan.seed }));
  const changed = rows.filter((r) => r.changed).length;
  const bandFailures = bands.filter((b) => !b.inside).length;
  return { alpha, plan, summary, baseline, rows, bands, notes, changed, bandFailures, passed: changed === 0 && bandFailures === 0 };
}

/** Plan, play and evaluate a check of `exp` against `baseline` (null: bands only, e.g. before the first `--update`). */
export async function runCheck(exp: Experiment, baseline: Baseline | null, opts: CheckOptions): Promise<CheckResult> {
  const plan = planCheck(exp, baseline, opts);
  const summary = await runExperiment(plan.exp, { workers: opts.workers, onProgress: opts.onProgress });
  return evaluateCheck(plan, summary, baseline, opts.alpha ?? DEFAULT_ALPHA);
}
