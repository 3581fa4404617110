/** `balance-lab run <experiment.yaml>`: load, simulate, write the results folder, print the table. */
import { evaluateTargets, formatTargets } from '../report/targets.js';
import { availableParallelism } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileExperiment, loadExperiment, type Experiment, type Overrides } from '../sim/experiment/load.js';
import { Source } from '../sim/input/schema.js';
import { readTune, tuneExperiment } from '../sim/design/tune.js';
import { localRun } from '../sim/run/run-fn.js';
import { toCsv } from '../report/files/csv.js';
import type { RunSummary } from '../sim/stats/summary.js';
import { InputError } from '../sim/input/input-error.js';
import { runExperiment } from '../sim/run/run.js';
import { RunJournal, journalIdentity, journalOptions, journalPath } from '../sim/run/journal.js';
import { writeResults } from '../report/files/write-results.js';
import { formatTable } from '../report/format-table.js';
import { answerLine } from '../report/answer-line.js';
import { createProgress } from './progress.js';
import { checkOutFile, checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { gitCommit, packageVersion } from './meta.js';
import { t } from '../i18n/t.js';
import { shellQuote } from '../report/files/run-json.js';
import { padDisplay } from '../report/display-width.js';
import { timing } from './progress.js';
import { writeCompileNotices } from './compile-notices.js';
import { shownPath } from '../sim/input/shown-path.js';

/** File-system errors that mean the chosen results folder is unusable. */
const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EISDIR', 'EROFS', 'ENAMETOOLONG']);

export interface RunOptions {
  games?: number;
  targetError?: number;
  seed?: number;
  workers?: number;
  out?: string;
  quiet?: boolean;
  bom?: boolean;
  resume?: boolean;
  shard?: string;
  partial?: string;
  /** `--queue [url]`: a cluster run on Redis (true: the URL from REDIS_URL). */
  queue?: string | boolean;
  /** Chunks kept queued ahead of the merge in a queue run. */
  inFlight?: number;
  /** A queue run gives up after Redis has been away this long (seconds). */
  redisTimeout?: number;
  /** `--journal-limit MB`: the most the resume journal may hold (default DEFAULT_JOURNAL_LIMIT_MB). */
  journalLimit?: number;
  /** `--no-specialise` (false): play on the general engine instead of the specialised fast path (issue 44). */
  specialise?: boolean;
}

/** `--shard K/N`: 1 ≤ K ≤ N ≤ 10000. */
function parseShard(v: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const k = m ? Number(m[1]) : NaN, n = m ? Number(m[2]) : NaN;
  if (!m || k < 1 || n < 1 || k > n || n > 10_000) throw new InputError(t('cli.commandLine'), undefined, '--shard', { id: 'cli.notShard', params: { v } }, { id: 'cli.kN1K' });
  return { k, n };
}

/** The same `run` command line with --resume (for the interrupt message). */
export function resumeCommand(file: string, opts: RunOptions): string {
  const parts = ['run', shellQuote(shownPath(file))];
  if (opts.games !== undefined) parts.push('--games', String(opts.games));
  if (opts.targetError !== undefined) parts.push('--target-error', String(opts.targetError));
  if (opts.seed !== undefined) parts.push('--seed', String(opts.seed));
  if (opts.workers !== undefined) parts.push('--workers', String(opts.workers));
  if (opts.out !== undefined) parts.push('--out', shellQuote(shownPath(opts.out)));
  if (opts.quiet) parts.push('--quiet');
  if (opts.bom) parts.push('--bom');
  if (opts.specialise === false) parts.push('--no-specialise');
  if (opts.journalLimit !== undefined) parts.push('--journal-limit', String(opts.journalLimit));
  parts.push('--resume');
  return parts.join(' ');
}

export async function runCommand(file: string, opts: RunOptions): Promise<void> {
  if (opts.games !== undefined && opts.targetError !== undefined) {
    throw new InputError(t('cli.commandLine'), undefined, '--games/--target-error', { id: 'cli.giveMostOneGames' });
  }
  const overrides: Overrides = {};
  if (opts.games !== undefined) overrides.games = opts.games;
  if (opts.targetError !== undefined) overrides.targetError = opts.targetError;
  if (opts.seed !== undefined) overrides.seed = opts.seed;
  if ((opts.shard === undefined) !== (opts.partial === undefined)) {
    throw new InputError(t('cli.commandLine'), undefined, opts.shard === undefined ? '--partial' : '--shard', { id: 'cli.shardKNPartial' }, { id: 'cli.shard14Partial' });
  }
  if (opts.shard !== undefined) {
    // A static shard: play this shard's chunks and write them to the partial file (merge writes the results).
    const { k, n } = parseShard(opts.shard);
    if (opts.resume) throw new InputError(t('cli.commandLine'), undefined, '--resume', { id: 'cli.shardReRunWhole' }, { id: 'cli.omitResumeShard' });
    const abs = resolve(process.cwd(), file);
    const shardExp = loadExperiment(abs, overrides);
    checkOutFile(resolve(process.cwd(), opts.partial!), '--partial');
    const { runShard } = await import('../sim/queue/shard.js');
    const text = readFileSync(abs, 'utf8');
    const written = await runShard(shardExp, text, overrides, k, n, opts.workers ?? availableParallelism(), resolve(process.cwd(), opts.partial!), packageVersion());
    if (!opts.quiet) process.stderr.write(t('cli.shardChunkSWritten', { k, n, written, partial: shownPath(opts.partial!) }));
    return;
  }
  // Everything that can be wrong with the input is found here, before any file is written.
  const loaded = loadExperiment(file, overrides);
  const exp = opts.specialise === false ? { ...loaded, general: true as const } : loaded;
  // Warnings about the scenarios (valid, but likely not meant) are shown even with --quiet: the run goes on.
  writeCompileNotices(exp.compiled.warnings, process.stderr);
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}`);
  // The folder can become results (nothing foreign in it), and no other live run writes it or its journal.
  checkOutFolder(outDir);
  const unlock = lockOutFolder(outDir);
  const workers = opts.workers ?? availableParallelism();
  if (opts.queue !== undefined && opts.queue !== false) {
    await runOnQueue(file, exp, overrides, outDir, opts);
    unlock();
    return;
  }

  const progress = createProgress(process.stderr, {
    quiet: opts.quiet,
    upperBound: exp.stop.kind === 'target_error',
    variants: exp.compiled.variants.length,
  });
  // The resume journal (issue 17): chunks are recorded as they are merged; --resume merges those already played.
  const journal = RunJournal.open(journalPath(outDir), journalIdentity(exp, packageVersion()), opts.resume ?? false, journalOptions(opts.journalLimit));
  if (journal.done.size > 0 && !opts.quiet) process.stderr.write(t('cli.resumingChunkSAlready', { size: journal.done.size, file: shownPath(journal.file) }));
  const onInterrupt = (): void => {
    journal.close();
    progress.done();
    process.stderr.write(t('cli.interruptedChunksPlayedSo', { resumeCommand: resumeCommand(file, opts) }));
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  let summary;
  try {
    summary = await runExperiment(exp, { workers, onProgress: (p) => progress.update(p), journal });
  } finally {
    progress.done();
  }
  // Ctrl-C while the results are written still prints the resume hint; the temporary folder goes on exit.
  const files = await writeOutputs(summary, outDir, opts);
  process.removeListener('SIGINT', onInterrupt);
  process.removeListener('SIGTERM', onInterrupt);
  journal.remove();
  report(summary, files, outDir, opts);
  process.stdout.write(formatTargets(evaluateTargets(exp.targets ?? [], summary), exp.targetsSkipped ?? []));
  await tuneAfterRun(file, exp, summary, outDir, opts, workers);
  // The last line answers the question, as check's last line is its verdict (issue 42 item 8).
  process.stdout.write(`${answerLine(summary)}\n`);
  unlock();
}

/**
 * `tune:` (issue 15 item 4): after the scripted run, race each variant's policy parameters, play the experiment again
 * with every variant at its best, write it to `<out>/tuned/` with `<out>/tuning.csv`, and print scripted beside tuned.
 */
async function tuneAfterRun(file: string, exp: Experiment, scripted: RunSummary, outDir: string, opts: RunOptions, workers: number): Promise<void> {
  const src = Source.load(file);
  const tune = readTune(src, exp);
  if (!tune) return;
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  const { text, results } = await tuneExperiment(src, exp, tune, localRun(workers), log);
  const tunedExp = { ...compileExperiment(Source.parse(src.file, text), { seed: exp.seed }), stop: exp.stop };
  const tuned = await runExperiment(tunedExp, { workers });
  const tunedDir = join(outDir, 'tuned');
  await writeOutputs(tuned, tunedDir, opts);
  const rate = (s: RunSummary, v: string) => s.variants.find((x) => x.name === v)!;
  const id = tune.metric;
  const cell = (s: RunSummary, v: string): [number, number, number, number, number, number] => {
    const vs = rate(s, v);
    const r = vs.rates.find((x) => x.id === id)?.rate ?? vs.values.find((x) => x.id === id)!.mean;
    const d = [...vs.pairedRates, ...vs.pairedValues].find((x) => x.id === id)?.diff ?? { estimate: 0, lo: 0, hi: 0 };
    return [r.estimate, r.lo, r.hi, d.estimate, d.lo, d.hi];
  };
  const rows = results.map((r) => [r.variant, JSON.stringify(r.chosen), ...cell(scripted, r.variant), ...cell(tuned, r.variant), r.candidates, r.survivors, r.gamesSpent, r.gamesExhaustive]);
  writeFileSync(join(outDir, 'tuning.csv'), toCsv({ header: ['variant', 'tuned_params', `${id}_scripted`, 'lo', 'hi', 'diff_scripted', 'diff_lo', 'diff_hi', `${id}_tuned`, 'lo', 'hi', 'diff_tuned', 'diff_lo', 'diff_hi', 'candidates', 'survivors', 'tuning_games', 'exhaustive_games'], rows }, opts.bom ?? false));
  const pp = (x: number) => (tune.isRate ? `${(100 * x).toFixed(1)}` : x.toFixed(2));
  const lines = rows.map((r) => t('cli.scriptedVsBaselineTuned', { r: padDisplay(String(r[0]), 24), value: pp(r[2] as number), value2: pp(r[5] as number), value3: pp(r[6] as number), value4: pp(r[7] as number), value5: pp(r[8] as number), value6: pp(r[11] as number), value7: pp(r[12] as number), value8: pp(r[13] as number), r2: String(r[1]) }));
  process.stdout.write(t('cli.scriptedVsTunedTuned', { id, value: tune.isRate ? ', %' : '', lines: lines.join('\n'), join: shownPath(join(outDir, 'tuning.csv')), tunedDir: shownPath(tunedDir) }));
}

/** Write the results folder; an unusable folder is bad input (exit 2), not a bug. */
async function writeOutputs(summary: RunSummary, outDir: string, opts: RunOptions): Promise<string[]> {
  try {
    return await writeResults(summary, outDir, {
      bom: opts.bom ?? false,
      gitCommit: gitCommit(),
      packageVersion: packageVersion(),
      nodeVersion: process.version,
    });
  } catch (err) {
    // A results folder that cannot be written (a file in the way, no permission) is bad input, not a bug.
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code && WRITE_ERRORS.has(code)) {
      throw new InputError(outDir, undefined, '--out', { id: 'cli.cannotWriteResultsFolder2', params: { code } }, { id: 'cli.writableFolderPath' });
    }
    throw err;
  }
}

/** The closing line on stderr and the table on stdout. */
function report(summary: RunSummary, files: readonly string[], outDir: string, opts: RunOptions): void {
  if (!opts.quiet) {
    process.stderr.write(
      t('cli.runTiming', { ...timing(summary), files: files.length, s2: files.length === 1 ? '' : 's', outDir: shownPath(outDir) }),
    );
  }
  process.stdout.write(formatTable(summary).replace(/\n?$/, '\n'));
  if (!opts.quiet && /^solve:/m.test(readFileSync(summary.experiment.file, 'utf8'))) {
    process.stderr.write(t('cli.fileAlsoAsksSolve', { file: shownPath(summary.experiment.file) }));
  }
}

/**
 * `run --queue`: this process is the coordinator of a cluster run (queue.ts). Chunks are played by `balance-lab
 * worker` processes; a restarted coordinator resumes from the results already in Redis; outputs as a local run.
 */
async function runOnQueue(file: string, exp: Experiment, overrides: Overrides, outDir: string, opts: RunOptions): Promise<void> {
  const { QueueCoordinator, checkQueueUrl, queueJournal, redact } = await import('../sim/queue/queue.js');
  const { queueKeyFromEnv } = await import('../sim/queue/key.js');
  const url = checkQueueUrl(opts.queue === true ? process.env.REDIS_URL : String(opts.queue));
  const key = queueKeyFromEnv(process.env);
  const abs = resolve(process.cwd(), file);
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  // Merged chunks are journaled on disk as in a local run: a lost or emptied Redis loses none of them (--resume).
  const journal = RunJournal.open(journalPath(outDir), journalIdentity(exp, packageVersion()), opts.resume ?? false, journalOptions(opts.journalLimit));
  let coordinator;
  try {
    coordinator = await QueueCoordinator.open(url, exp, { file: abs, text: readFileSync(abs, 'utf8'), overrides }, packageVersion(), { inFlight: opts.inFlight, log, key, redisTimeoutS: opts.redisTimeout, journalFile: journal.file, merged: () => journal.chunks });
  } catch (e) {
    journal.close();
    throw e;
  }
  const merged = queueJournal(coordinator.done, journal);
  if (merged.done.size > 0) log(t('queue.resuming', { n: merged.done.size }));
  let fleetText = '';
  const refresh = setInterval(() => { void coordinator.fleet().then((f) => { fleetText = t('queue.fleet', { machines: f.machines, workers: f.workers, inFlight: f.inFlight }); }); }, 1000);
  const progress = createProgress(process.stderr, { quiet: opts.quiet, upperBound: exp.stop.kind === 'target_error', variants: exp.compiled.variants.length, extra: () => fleetText });
  log(t('queue.coordinating', { url: redact(url) }));
  const onInterrupt = (): void => {
    journal.close();
    progress.done();
    process.stderr.write(`\n${t('queue.interrupted')}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  let summary: RunSummary;
  try {
    summary = await runExperiment(exp, { workers: opts.workers ?? 0, onProgress: (p) => progress.update(p), journal: merged, executor: coordinator });
  } catch (e) {
    journal.close();
    await coordinator.close(false);
    throw e;
  } finally {
    clearInterval(refresh);
    progress.done();
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onInterrupt);
  }
  const files = await writeOutputs(summary, outDir, opts);
  journal.remove();
  await coordinator.close(true);
  report(summary, files, outDir, opts);
  process.stdout.write(`${answerLine(summary)}\n`);
}
