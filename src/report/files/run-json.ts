/**
 * run.json: everything needed to reproduce or audit a run.
 */
import type { RunSummary, StopRule } from '../../sim/stats/summary.js';
import type { RulingChoice } from '../../sim/core/types.js';
import { describeStopRule } from '../stop-rule.js';

/** Build facts that do not come from the summary. */
export interface RunEnvironment {
  readonly packageVersion: string;
  readonly nodeVersion: string;
  /** The git commit of the simulator, or null when unknown. */
  readonly gitCommit: string | null;
}

/** The shape of run.json. */
export interface RunJson {
  readonly experiment: { readonly name: string; readonly question: string; readonly file: string; readonly hash: string };
  readonly engine: string;
  readonly seed: number;
  readonly stop: StopRule & { readonly description: string };
  readonly gamesPerVariant: number;
  readonly baseline: string;
  readonly costUnit: string;
  /** `pairedWith`: the variant the paired differences are taken against, when not the baseline (null: none). */
  readonly variants: readonly { readonly name: string; readonly label: string; readonly baseline: boolean; readonly pairedWith?: string | null; readonly cost: number; readonly games: number }[];
  readonly rulings: readonly RulingChoice[];
  readonly packageVersion: string;
  readonly gitCommit: string | null;
  readonly nodeVersion: string;
  readonly workers: number;
  readonly elapsedSeconds: number;
  readonly gamesPerSecond: number;
  /** Command template replaying one game: replace `<name>` and `<i>`. */
  readonly replay: string;
  /**
   * `control_variates: true` (absent otherwise): the controls used, and per variant the variance ratio (adjusted over
   * raw) of the primary rate and of its paired difference vs the baseline (null where no adjusted figure exists).
   */
  readonly controlVariates?: {
    readonly ids: readonly string[];
    readonly primaryRate: readonly { readonly variant: string; readonly varianceRatio: number | null; readonly pairedVarianceRatio: number | null }[];
  };
}

/** Quote a shell argument only when it needs it (POSIX single quotes). */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * The replay command template for a run, e.g.
 * `npx balance-lab replay experiments/x.yaml --variant <name> --game <i> --seed 42`.
 */
export function replayTemplate(summary: RunSummary): string {
  return `npx balance-lab replay ${shellQuote(summary.experiment.file)} --variant <name> --game <i> --seed ${summary.seed}`;
}

/** Build run.json's content. */
export function runJson(summary: RunSummary, env: RunEnvironment): RunJson {
  const e = summary.experiment;
  return {
    experiment: { name: e.name, question: e.question, file: e.file, hash: e.hash },
    engine: e.engine,
    seed: summary.seed,
    stop: { ...summary.stop, description: describeStopRule(summary.stop, 'en') },
    gamesPerVariant: summary.gamesPerVariant,
    baseline: summary.baseline,
    costUnit: summary.costUnit,
    variants: summary.variants.map((v) => ({ name: v.name, label: v.label, baseline: v.baseline, ...(v.pairedWith !== undefined ? { pairedWith: v.pairedWith } : {}), cost: v.cost, games: v.games })),
    rulings: summary.rulings,
    packageVersion: env.packageVersion,
    gitCommit: env.gitCommit,
    nodeVersion: env.nodeVersion,
    workers: summary.workers,
    elapsedSeconds: summary.elapsedSeconds,
    gamesPerSecond: summary.gamesPerSecond,
    replay: replayTemplate(summary),
    ...(summary.controlVariates ? { controlVariates: cvJson(summary, summary.controlVariates.ids) } : {}),
  };
}

function cvJson(summary: RunSummary, ids: readonly string[]): NonNullable<RunJson['controlVariates']> {
  const primary = summary.metrics.rates[0]?.id;
  return {
    ids,
    primaryRate: summary.variants.map((v) => ({
      variant: v.name,
      varianceRatio: v.rates.find((r) => r.id === primary)?.varianceRatio ?? null,
      pairedVarianceRatio: v.pairedRates.find((r) => r.id === primary)?.varianceRatio ?? null,
    })),
  };
}
