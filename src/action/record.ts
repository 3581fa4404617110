/**
 * What the GitHub Action learned about one experiment: its verdict, the metrics that moved, the measured answer of
 * a run, the targets and where its report is. Plain data, built by run-action.ts and read by the job summary and
 * the Pages index.
 */
import type { RunSummary } from '../sim/stats/summary.js';
import type { CheckResult } from '../check/run-check.js';
import type { TargetRow } from '../report/targets.js';
import { baselineVariant, pairedOf, primaryRate, rateOf } from '../report/lookup.js';
import { pickText } from '../sim/input/local-text.js';

/**
 * check: pass / fail (moved or a band); check with no baseline file yet: nobaseline (simulated, not an error);
 * run: ran; check --update: updated; bad input: invalid.
 */
export type ActionStatus = 'pass' | 'fail' | 'ran' | 'updated' | 'invalid' | 'nobaseline';

/** One metric that moved: its value in the baseline and now, and the change with its 95% interval. */
export interface MovedRow {
  readonly variant: string;
  readonly metric: string;
  /** The metric's label in the run (short, in the experiment's language). */
  readonly label: string;
  readonly kind: 'rate' | 'mean';
  readonly before: number;
  readonly now: number;
  readonly diff: { readonly estimate: number; readonly lo: number; readonly hi: number };
}

/** A variant's primary rate in a run, with its paired difference to the baseline. */
export interface AnswerRow {
  readonly variant: string;
  readonly label: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly baseline: boolean;
  readonly diff?: { readonly estimate: number; readonly lo: number; readonly hi: number };
  /** The variant `diff` is taken against when not the baseline (`paired_with:`); null: paired_with: none. */
  readonly pairedWith?: string | null;
}

/** Everything the summary says about one experiment. */
export interface ExperimentRecord {
  readonly name: string;
  /** The experiment file, relative to the workspace. */
  readonly file: string;
  readonly status: ActionStatus;
  /** Bad input: where (file:line) and the message. */
  readonly error?: { readonly where: string; readonly message: string };
  readonly moved: readonly MovedRow[];
  readonly bandFailures: number;
  readonly question: string;
  /** The primary rate of each variant (run mode, and the check run's own figures). */
  readonly answer: readonly AnswerRow[];
  /** The designer's eight measures (experiments with `audit: true`, issue 41): Markdown lines, or absent. */
  readonly designer?: readonly string[];
  readonly primary: string;
  readonly targets: readonly TargetRow[];
  /** The rule version(s) it played (URBAN ASSAULT), as `rulesPlayed` (report/rule-version.ts) words it; absent for other engines. */
  readonly rules?: string;
  /** The scenario file it read, relative to the workspace (for the published app's files), when inside it. */
  readonly scenario?: string;
  /** The report, relative to the results folder (`<name>/report.html`). */
  readonly report?: string;
  /** With `ruling_impact:` in the file: the five readings that move it most, one sentence each (issue 43). */
  readonly impact?: readonly string[];
}

/** The primary rate of each variant of a run, baseline first. */
export function answerRows(summary: RunSummary): AnswerRow[] {
  const p = primaryRate(summary).id;
  const base = baselineVariant(summary);
  const rows: AnswerRow[] = [];
  for (const v of summary.variants) {
    const r = rateOf(v, p);
    if (!r) continue;
    const d = v === base ? undefined : pairedOf(v, p, 'rate');
    rows.push({ variant: v.name, label: pickText(v.label, v.labelText), estimate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi, baseline: v === base, ...(v.pairedWith !== undefined ? { pairedWith: v.pairedWith } : {}), ...(d ? { diff: { estimate: d.diff.estimate, lo: d.diff.lo, hi: d.diff.hi } } : {}) });
  }
  return rows.sort((a, b) => Number(b.baseline) - Number(a.baseline));
}

/** The rows of a check that moved. */
export function movedRows(res: CheckResult): MovedRow[] {
  return res.rows.filter((r) => r.changed).map((r) => ({
    variant: r.variant, metric: r.metric, label: r.label || r.metric, kind: r.kind, before: r.baseline.estimate, now: r.current.estimate,
    diff: { estimate: r.diff.estimate, lo: r.diff.lo, hi: r.diff.hi },
  }));
}
