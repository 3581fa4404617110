/**
 * `balance-lab check <experiment.yaml>`: the balance regression gate. Runs the
 * experiment with a fresh seed, compares every tracked metric with the
 * committed baseline and checks the experiment's bands; exit code 0 when
 * nothing moved and every band holds, 1 otherwise, 2 on bad input.
 * `--update` rewrites the baseline (printing what moved first) and exits 0.
 */
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomically } from '../sim/run/atomic-file.js';
import { dirname, resolve } from 'node:path';
import { baselineFromSummary, baselineText, defaultBaselinePath, type Baseline } from '../check/baseline.js';
import { assertBaselineMatches, baselineMismatch } from '../check/baseline-match.js';
import { readBaseline } from '../check/baseline-read.js';
import { formatCheck } from '../check/format-check.js';
import { DEFAULT_ALPHA, planCheck, evaluateCheck, type CheckResult } from '../check/run-check.js';
import { evaluateTargets, formatTargets, type TargetRow } from '../report/targets.js';
import { shellQuote } from '../report/files/run-json.js';
import { experimentMetrics } from '../sim/run/chunk.js';
import { loadExperiment, type Experiment } from '../sim/experiment/load.js';
import { writeCompileNotices } from './compile-notices.js';
import { checkOutFile, checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { InputError } from '../sim/input/input-error.js';
import { runExperiment, type Progress } from '../sim/run/run.js';
import type { RunSummary } from '../sim/stats/summary.js';
import { journalPath } from '../sim/run/journal.js';
import { journaledRuns, queueRun, type RunFn } from '../sim/run/run-fn.js';
import { packageVersion } from './meta.js';
import { createProgress } from './progress.js';
import { t } from '../i18n/t.js';
import { timing } from './progress.js';
import { shownPath } from '../sim/input/shown-path.js';

/** Exit code of a check that passed (or of `--update`). */
export const EXIT_PASSED = 0;
/** Exit code of a check that found a change or a band that does not hold. */
export const EXIT_CHANGED = 1;

/** Parsed options of `check` (see src/cli/program.ts). */
export interface CheckCliOptions {
  baseline?: string;
  update?: boolean;
  seed?: number;
  workers?: number;
  games?: number;
  alpha?: number;
  quiet?: boolean;
  /** `--queue [url]`: play the check run on cluster workers (true: REDIS_URL). */
  queue?: string | boolean;
  /** `--redis-timeout S`: with --queue, give up after Redis has been away this long. */
  redisTimeout?: number;
  /** `--resume` (with --queue): merge the chunks an interrupted check journaled beside the baseline. */
  resume?: boolean;
  /** `--journal-limit MB` (with --queue): the most the check's resume journal may hold. */
  journalLimit?: number;
  /**
   * A missing baseline file is not an error: the check plays and tests the bands only (the GitHub Action before the
   * first "update the baseline"). The command line keeps refusing it, naming the command that writes one.
   */
  missingBaseline?: boolean;
}

/** Write a file through an exclusively created temporary sibling and a rename (atomic-file.ts): never half a baseline, never through a planted link. */
function writeAtomically(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomically(file, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new InputError(file, undefined, '--baseline', { id: 'cli.cannotWriteBaseline', params: { code } }, { id: 'cli.writableFilePath' });
  }
}

/**
 * Where `check --queue` journals the chunks it merges (issue 29): beside the baseline, in `.NAME.check.staging/`
 * (one checksummed journal per run identity, run-fn.ts), under the lock `.NAME.check.lock`. A hidden sibling of the
 * baseline, removed when the check has finished.
 */
export function checkJournalPlace(baselineFile: string): string {
  return `${resolve(process.cwd(), baselineFile)}.check`;
}

/**
 * The check run played by `played` and journaled on disk as `run`, `solve` and `search` are (run-fn.ts
 * journaledRuns) beside the baseline ({@link checkJournalPlace}, under its lock): with `resume`, the chunks an
 * interrupted check merged are merged again instead of played. `finish` removes the journal and the lock.
 */
export function journaledCheck(baselineFile: string, played: RunFn, resume: boolean, log: (line: string) => void, journalLimitMb?: number): { play(exp: Experiment, file: string): Promise<RunSummary>; finish(): void } {
  const place = checkJournalPlace(baselineFile);
  checkOutFolder(place, '--baseline');
  const unlock = lockOutFolder(place, '--baseline');
  const journals = journaledRuns(played, dirname(journalPath(place)), resume, packageVersion(), log, journalLimitMb);
  return {
    play: (exp, file) => {
      const abs = resolve(process.cwd(), file);
      return journals.run({ ...exp, file: abs }, readFileSync(abs, 'utf8'));
    },
    finish: () => { journals.remove(); unlock(); },
  };
}

/**
 * Play the check run on cluster workers (queue.ts) with the plan's exact seed and stop, journaled on disk: a lost or
 * emptied Redis loses none of the merged chunks, and the same command with `--resume` continues.
 */
async function playOnQueue(file: string, exp: Experiment, baselineFile: string, opts: CheckCliOptions, onProgress: (p: Progress) => void): Promise<{ summary: RunSummary; finish(): void }> {
  const { checkQueueUrl } = await import('../sim/queue/queue.js');
  const { queueKeyFromEnv } = await import('../sim/queue/key.js');
  const url = checkQueueUrl(opts.queue === true ? process.env.REDIS_URL : String(opts.queue));
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  const check = journaledCheck(baselineFile, queueRun(url, packageVersion(), log, queueKeyFromEnv(process.env), opts.redisTimeout, onProgress), opts.resume ?? false, log, opts.journalLimit);
  return { summary: await check.play(exp, file), finish: check.finish };
}

/** What a check found: the exit code, the comparison, the run and the targets (for `check` and the Action). */
export interface CheckOutcome {
  readonly code: number;
  readonly exp: Experiment;
  readonly result: CheckResult;
  readonly text: string;
  readonly targets: readonly TargetRow[];
}

/**
 * Run `check`: load the experiment and the baseline (checking that they belong
 * together), play the check run, print the table and, with `--update`, rewrite
 * the baseline. Returns the exit code; bad input throws InputError (exit 2).
 */
export async function checkCommand(file: string, opts: CheckCliOptions): Promise<number> {
  const o = await runCheck(file, opts);
  // The verdict stays the last line, a one-line answer under the targets (issue 42 item 8).
  const lines = o.text.replace(/\n$/, '').split('\n');
  const verdict = lines.pop()!;
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  process.stdout.write(formatTargets(o.targets, o.exp.targetsSkipped ?? []));
  process.stdout.write(`${verdict}\n`);
  return o.code;
}

/** Run a check without printing its table (progress and timing still go to stderr unless `quiet`). */
export async function runCheck(file: string, opts: CheckCliOptions): Promise<CheckOutcome> {
  const exp = loadExperiment(file);
  writeCompileNotices(exp.compiled.warnings, process.stderr);
  const baselineFile = opts.baseline ?? defaultBaselinePath(exp.name);
  const update = opts.update ?? false;
  const alpha = opts.alpha ?? DEFAULT_ALPHA;
  const metrics = experimentMetrics(exp);
  const updateCommand = `npx balance-lab check ${shellQuote(shownPath(file))}${opts.baseline ? ` --baseline ${shellQuote(shownPath(baselineFile))}` : ''} --update`;

  const queued = opts.queue !== undefined && opts.queue !== false;
  // Only a queue check keeps a journal (a local check plays again quickly and writes nothing but --update's baseline).
  if (opts.resume && !queued) throw new InputError(t('cli.commandLine'), undefined, '--resume', { id: 'checkq.resumeNeedsQueue' }, '--queue');
  if (update) checkOutFile(resolve(process.cwd(), baselineFile), '--baseline');
  // --update may create a missing baseline; an unreadable or malformed one is never silently overwritten.
  const baseline: Baseline | null = (update || opts.missingBaseline) && !existsSync(baselineFile) ? null : readBaseline(baselineFile, updateCommand);
  if (baseline && !update && baseline.packageVersion !== packageVersion()) {
    process.stderr.write(`balance-lab: ${t('security.baselineOtherVersion', { file: shownPath(baselineFile), theirs: baseline.packageVersion || '?', ours: packageVersion() })}\n`);
  }
  if (baseline && !update) assertBaselineMatches(baselineFile, baseline, exp, metrics, t('cli.afterDeliberateChangeRegenerate', { updateCommand }));
  if (baseline && update) {
    // Under --update the variants or metrics may change (that is a deliberate change), but not the experiment.
    const m = baselineMismatch(baseline, exp, metrics);
    if (m && (m.path === 'experiment.name' || m.path === 'experiment.engine')) throw new InputError(baselineFile, undefined, m.path, m.problem);
  }

  const plan = planCheck(exp, baseline, { seed: opts.seed, games: opts.games });
  const workers = opts.workers ?? availableParallelism();
  const progress = createProgress(process.stderr, { quiet: opts.quiet, upperBound: plan.stop.kind === 'target_error', variants: exp.compiled.variants.length });
  let summary: RunSummary;
  let finish = (): void => undefined;
  try {
    // --queue: the check run's chunks are played by cluster workers, journaled on disk (--resume continues).
    if (queued) ({ summary, finish } = await playOnQueue(file, plan.exp, baselineFile, opts, (p) => progress.update(p)));
    else summary = await runExperiment(plan.exp, { workers, onProgress: (p) => progress.update(p) });
  } finally {
    progress.done();
  }
  const result = evaluateCheck(plan, summary, baseline, alpha);
  const text = formatCheck(result, { baselineFile, update, gamesGiven: opts.games !== undefined });
  if (update) writeAtomically(baselineFile, baselineText(baselineFromSummary(summary, packageVersion())));
  finish();
  if (!opts.quiet) {
    process.stderr.write(
      t('cli.checkTiming', timing(summary)),
    );
  }
  const targets = evaluateTargets(exp.targets ?? [], summary);
  return { code: update || result.passed ? EXIT_PASSED : EXIT_CHANGED, exp, result, text, targets };
}
