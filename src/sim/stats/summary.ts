/**
 * The statistical summary of a run: what the reports, the CLI table and the
 * regression check read. Produced by the simulation core from merged
 * accumulators; plain JSON.
 */
import type { MetricSpec, RulingChoice } from '../core/types.js';
import type { SweepInfo } from '../experiment/sweep.js';
import type { TargetSpec } from '../input/targets-spec.js';
import type { LocalText } from '../input/local-text.js';

/** A point estimate with a 95% confidence interval. */
export interface Interval {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

/** The stopping rule of a run. */
export type StopRule =
  | { readonly kind: 'games'; readonly games: number }
  | {
      readonly kind: 'target_error';
      /** Target 95% CI half-width of every variant's primary rate and of each paired difference (vs its reference). */
      readonly target: number;
      /**
       * `differences` (the file's `target_of: differences`, stop-scope.ts): the target applies to the paired differences
       * only, not to the variants' own rates. Absent = every interval (`target_of: all`, the default).
       */
      readonly targetOf?: 'differences';
      /** Hard cap on games per variant. */
      readonly maxGames: number;
      /** Never stop before this many games per variant. */
      readonly minGames: number;
    };

export interface RateSummary {
  readonly id: string;
  readonly label: string;
  /** Games where the outcome happened. */
  readonly count: number;
  /** Conditional rates (`given`): the games where the condition happened (the interval's n). */
  readonly n?: number;
  /** Wilson 95% interval; with `control_variates: true`, the adjusted estimate and its normal interval instead. */
  readonly rate: Interval;
  /** With `control_variates: true` (and an adjusted estimate): the raw rate count/n with its Wilson interval. */
  readonly raw?: Interval;
  /** With `control_variates: true`: residual variance over the raw variance (how much the controls removed). */
  readonly varianceRatio?: number;
}

export interface ValueSummary {
  readonly id: string;
  readonly label: string;
  /** Mean with a normal 95% interval (mean ± 1.96·sd/√n); with `control_variates: true` the adjusted mean. */
  readonly mean: Interval;
  /** With `control_variates: true` (and an adjusted estimate): the raw mean and its interval (`sd` stays raw). */
  readonly raw?: Interval;
  /** With `control_variates: true`: residual variance over the raw variance. */
  readonly varianceRatio?: number;
  readonly sd: number;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
}

/** Paired difference (this variant − its reference: the baseline or its `paired_with`) over the same game indices. */
export interface PairedSummary {
  readonly id: string;
  readonly label: string;
  readonly diff: Interval;
  /** Two-sided p-value of "no difference" (normal approximation). */
  readonly p: number;
  /** With `control_variates: true` (and an adjusted estimate): the raw paired difference, its p-value and the variance ratio. */
  readonly raw?: Interval;
  readonly rawP?: number;
  readonly varianceRatio?: number;
}

/** One attrition point: a state variable at one step, over the games that reached it. */
export interface SeriesPoint {
  readonly step: number;
  readonly var: number;
  /** Games that reached this step. */
  readonly n: number;
  readonly mean: number;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
}

export interface VariantSummary {
  readonly name: string;
  /** The stable label (English, else the only language the file gave): what the CSVs and baselines record. */
  readonly label: string;
  /** The label in each language the file gave; displays show the reader's (report/summary-lang.ts). */
  readonly labelText?: LocalText;
  readonly baseline: boolean;
  /**
   * The variant the paired differences are taken against when it is not the baseline (`paired_with:`): a variant
   * name, or null for none (then the paired lists are empty). Absent: the baseline.
   */
  readonly pairedWith?: string | null;
  readonly cost: number;
  readonly games: number;
  readonly rates: readonly RateSummary[];
  readonly values: readonly ValueSummary[];
  /** Paired differences vs the reference for every rate and value; empty for the baseline itself and paired_with: none. */
  readonly pairedRates: readonly PairedSummary[];
  readonly pairedValues: readonly PairedSummary[];
  readonly series: readonly SeriesPoint[];
}

export interface RunSummary {
  readonly experiment: {
    readonly name: string;
    readonly question: string;
    /** The question in each language the file gave; displays show the reader's (report/summary-lang.ts). */
    readonly questionText?: LocalText;
    readonly file: string;
    /** sha256 of the experiment file's bytes. */
    readonly hash: string;
    readonly engine: string;
  };
  readonly seed: number;
  readonly stop: StopRule;
  readonly gamesPerVariant: number;
  readonly workers: number;
  /** Wall-clock seconds (timing only; never feeds a result). */
  readonly elapsedSeconds: number;
  /** Games per second over all variants. */
  readonly gamesPerSecond: number;
  readonly rulings: readonly RulingChoice[];
  readonly costUnit: string;
  readonly metrics: MetricSpec;
  readonly baseline: string;
  readonly variants: readonly VariantSummary[];
  /** The sweep the variants came from (parameter paths and each variant's values), if any. */
  readonly sweep?: SweepInfo;
  /** `control_variates: true`: the controls whose fitted luck was subtracted (ids, in the engine's order). */
  readonly controlVariates?: { readonly ids: readonly string[] };
  /** The designer's balance targets of the experiment (its scenario's and its own), when it has any (issue 42 item 2). */
  readonly targets?: readonly TargetSpec[];
}
