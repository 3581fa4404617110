/**
 * The baseline file of `balance-lab check`: a human-readable JSON snapshot of
 * a run, committed under results/baselines/. It keeps what the two-sample
 * tests need (every tracked metric per variant: rates as counts, means with
 * their variance, and the games behind them) and what identifies the run (the
 * seed, the stopping rule, the rulings in effect and the experiment's hash).
 */
import { platform } from '../sim/core/platform.js';
import type { RunSummary, StopRule } from '../sim/stats/summary.js';
import type { RulingChoice } from '../sim/core/types.js';

/** Format tag written into every baseline file. */
export const BASELINE_FORMAT = 'balance-lab-baseline/1';

/** Where `check` looks for an experiment's baseline by default (relative to the working folder; the platform's separators). */
export function defaultBaselinePath(experimentName: string): string {
  return platform().path.join('results', 'baselines', `${experimentName}.json`);
}

/** A rate: `count` games of `games` had the outcome; `rate` = count/games, for reading only. */
export interface BaselineRate {
  readonly count: number;
  readonly games: number;
  readonly rate: number;
}

/** A mean with its sample variance (n − 1 divisor) over `games` games. */
export interface BaselineMean {
  readonly mean: number;
  readonly variance: number;
  readonly games: number;
}

/** One variant's tracked metrics, keyed by metric id. */
export interface BaselineVariant {
  readonly name: string;
  readonly label: string;
  readonly baseline: boolean;
  readonly games: number;
  readonly rates: Readonly<Record<string, BaselineRate>>;
  readonly values: Readonly<Record<string, BaselineMean>>;
}

/** A metric id with its label. */
export interface BaselineMetric {
  readonly id: string;
  readonly label: string;
}

/** The whole baseline file. */
export interface Baseline {
  readonly format: string;
  readonly experiment: { readonly name: string; readonly file: string; readonly hash: string; readonly engine: string; readonly question: string };
  readonly seed: number;
  readonly stop: StopRule;
  readonly gamesPerVariant: number;
  readonly rulings: readonly RulingChoice[];
  /** The tracked metrics: every rate and every value the engine reports. */
  readonly metrics: { readonly rates: readonly BaselineMetric[]; readonly values: readonly BaselineMetric[] };
  readonly variants: readonly BaselineVariant[];
  /** The balance-lab version that wrote the file (informational). */
  readonly packageVersion: string;
}

/**
 * Snapshot a run as a baseline. Variances are recovered from the summary's
 * sample standard deviations (sd²); a mean over fewer than two games has no
 * variance and cannot be a baseline, so the caller must play at least two.
 */
export function baselineFromSummary(summary: RunSummary, packageVersion: string): Baseline {
  const e = summary.experiment;
  return {
    format: BASELINE_FORMAT,
    experiment: { name: e.name, file: e.file, hash: e.hash, engine: e.engine, question: e.question },
    seed: summary.seed,
    stop: summary.stop,
    gamesPerVariant: summary.gamesPerVariant,
    rulings: summary.rulings.map((r) => ({ id: r.id, choice: r.choice, summary: r.summary })),
    metrics: {
      rates: summary.metrics.rates.map((r) => ({ id: r.id, label: r.label })),
      values: summary.metrics.values.map((v) => ({ id: v.id, label: v.label })),
    },
    variants: summary.variants.map((v) => ({
      name: v.name,
      label: v.label,
      baseline: v.baseline,
      games: v.games,
      rates: Object.fromEntries(v.rates.map((r) => { const n = r.n ?? v.games; return [r.id, { count: r.count, games: n, rate: n > 0 ? r.count / n : 0 }]; })),
      // Raw means always (`control_variates` puts the adjusted one in `mean` and the raw one in `raw`): a baseline is raw.
      values: Object.fromEntries(v.values.map((x) => [x.id, { mean: (x.raw ?? x.mean).estimate, variance: x.sd * x.sd, games: v.games }])),
    })),
    packageVersion,
  };
}

/**
 * The file's text: two-space indented JSON with one metric per line, so a
 * diff of a regenerated baseline reads metric by metric.
 */
export function baselineText(b: Baseline): string {
  const json = JSON.stringify(b, null, 2);
  // Collapse the innermost objects (a rate, a mean, a metric label, a ruling) onto one line each.
  return json.replace(/\{\n\s+("[^{}\[\]]*?)\n\s*\}/g, (_m, body: string) => `{ ${body.replace(/,\n\s+/g, ', ')} }`) + '\n';
}
