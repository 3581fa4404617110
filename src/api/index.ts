/**
 * balance-lab's programmatic API (`import { … } from 'balance-lab'`): load and
 * validate an experiment, run it, write its results folder, read a summary
 * back. The CLI is built on the same functions; results are identical to
 * `npx balance-lab run` with the same seed and stopping rule.
 *
 * @example
 * ```ts
 * import { loadExperiment, runExperiment, writeResults, readSummary } from 'balance-lab';
 * const exp = loadExperiment('experiments/my-question.yaml', { games: 2000 });
 * const summary = await runExperiment(exp, { workers: 2 });
 * await writeResults(summary, 'results/my-question');
 * console.log(readSummary('results/my-question').summary.variants[0].rates[0].rate);
 * ```
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExperiment as load, type Experiment, type Overrides } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import { runExperiment as run, type Progress } from '../sim/run/run.js';
import type { RunSummary } from '../sim/stats/summary.js';
import { REPORT_DATA_FILE, type ReportData } from '../report/html/data.js';
import { parseReportData } from '../report/html/data-read.js';
import { writeResults as write } from '../report/files/write-results.js';
import { gitCommit, packageVersion } from '../cli/meta.js';
import { engines as registered } from '../registry.js';
import { engineTitle } from '../sim/core/engine-text.js';
import type { Lang } from '../i18n/lang.js';
import { installNodePlatform } from '../node/platform.js';

// The API runs on Node: its platform (files, paths, hashing, threads, Vega) is installed when it is imported.
installNodePlatform();

export type { Experiment, Overrides, Progress, RunSummary, ReportData };
export type { VariantSummary, RateSummary, ValueSummary, PairedSummary, Interval, StopRule } from '../sim/stats/summary.js';
export { InputError };
export { BUILTIN_PREFIX, builtinScenarios } from '../sim/input/package-root.js';

/**
 * Read, validate and compile an experiment file. Bad input throws an
 * {@link InputError} naming the file, line, path and what is allowed
 * (its `message` is the CLI's one-line error).
 */
export function loadExperiment(file: string, overrides: Overrides = {}): Experiment {
  return load(file, overrides);
}

/** `null` when the experiment file is valid, else the one-line error the CLI would print. */
export function validateExperiment(file: string): string | null {
  try {
    load(file);
    return null;
  } catch (err) {
    if (err instanceof InputError) return err.message;
    throw err;
  }
}

/** Options of {@link runExperiment}. */
export interface RunExperimentOptions {
  /** Worker threads (0 = in-process; default 0). Results never depend on it. */
  workers?: number;
  /** Called after each merged chunk. */
  onProgress?: (p: Progress) => void;
}

/** Simulate every variant of a loaded experiment under its stopping rule. */
export async function runExperiment(exp: Experiment, opts: RunExperimentOptions = {}): Promise<RunSummary> {
  return run(exp, { workers: opts.workers ?? 0, onProgress: opts.onProgress });
}

/**
 * Write a results folder (CSVs, charts, summary.json, run.json, report.html),
 * replacing `outDir` atomically. Returns the files written.
 */
export async function writeResults(summary: RunSummary, outDir: string, opts: { bom?: boolean } = {}): Promise<string[]> {
  return write(summary, outDir, {
    bom: opts.bom ?? false,
    gitCommit: gitCommit(),
    packageVersion: packageVersion(),
    nodeVersion: process.version,
  });
}

/** Read a results folder's summary.json back (throws an {@link InputError} if it is missing or malformed). */
export function readSummary(resultsDir: string): ReportData {
  const file = join(resultsDir, REPORT_DATA_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError(file, undefined, '', { id: 'cli.cannotReadSummary' }, { id: 'cli.resultsFolderWrittenBalance' });
  }
  return parseReportData(text, file);
}

/** The registered engines: id (the experiment's `game:`), title (in `lang`, default English), and its policies. */
export function engines(lang: Lang = 'en'): { id: string; title: string; policies: string[] }[] {
  return registered.map((e) => ({ id: e.id, title: engineTitle(e, lang), policies: e.policies.map((p) => p.id) }));
}
