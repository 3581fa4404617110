/**
 * The three commands of the web app — run, solve, search — on the unchanged
 * loader, run driver, solver and searcher of the CLI, with chunks played by
 * engine Web Workers (pool.ts). Each returns the files the CLI would write
 * (the same builders), so downloads match the CLI's results folders.
 */
import { loadExperiment, type Experiment, type Overrides } from '../../src/sim/experiment/load.js';
import { runExperiment, type Progress } from '../../src/sim/run/run.js';
import type { RunFn } from '../../src/sim/run/run-fn.js';
import type { RunSummary } from '../../src/sim/stats/summary.js';
import { Source } from '../../src/sim/input/schema.js';
import { readSolve, solveQuestion } from '../../src/sim/design/solve.js';
import { calibrateQuestion } from '../../src/sim/design/calibrate.js';
import { readSearch, searchExperiment } from '../../src/sim/design/search.js';
import { csvFiles } from '../../src/report/files/csv-files.js';
import { reportData, reportDataJson } from '../../src/report/html/data.js';
import { buildReportHtml } from '../../src/report/html/report.js';
import { runJson } from '../../src/report/files/run-json.js';
import { answerText, calibrationText, solveFiles } from '../../src/report/files/solve-output.js';
import { searchAnswer, searchFiles } from '../../src/report/files/search-output.js';
import { WorkerPool } from './pool.js';
import { loadVega, vegaBundles } from './vega-load.js';

declare const BL_VERSION: string;
declare const BL_COMMIT: string | null;

/** The package version the app was built from. */
export const VERSION = BL_VERSION;

/** A finished command: what to show and the files to offer. */
export interface JobResult {
  readonly kind: 'run' | 'solve' | 'search';
  readonly exp: Experiment;
  /** A run's summary (run only). */
  readonly summary?: RunSummary;
  /** Answers in words (solve, search). */
  readonly answers: readonly string[];
  /** The results folder's files: `[name, text]`. */
  readonly files: readonly (readonly [string, string])[];
}

/** Options shared by the commands. */
export interface JobOptions {
  readonly file: string;
  readonly overrides: Overrides;
  readonly workers: number;
  readonly onProgress: (p: Progress, label: string) => void;
  readonly onLog: (line: string) => void;
  /** Called with the pool as soon as it exists (the Stop button terminates it). */
  readonly onPool: (pool: WorkerPool) => void;
}

/** Check the experiment file as `balance-lab validate` does; throws InputError. */
export function check(file: string, overrides: Overrides = {}): Experiment {
  return loadExperiment(file, overrides);
}

async function withPool<T>(o: JobOptions, f: (pool: WorkerPool) => Promise<T>): Promise<T> {
  const pool = new WorkerPool(o.workers);
  o.onPool(pool);
  try {
    return await f(pool);
  } finally {
    pool.terminate();
  }
}

/** `balance-lab run`: the CSVs, summary.json, run.json and report.html of the results folder. */
export async function runJob(o: JobOptions): Promise<JobResult> {
  const exp = loadExperiment(o.file, o.overrides);
  const summary = await withPool(o, (pool) => runExperiment(exp, { workers: o.workers, executor: pool.executor(exp), onProgress: (p) => o.onProgress(p, exp.name) }));
  const run = runJson(summary, { packageVersion: VERSION, nodeVersion: `browser (${navigator.userAgent})`, gitCommit: BL_COMMIT });
  const data = reportData(summary, run, new Date());
  const files: [string, string][] = [
    ...csvFiles(summary),
    ['summary.json', reportDataJson(data)],
    ['run.json', `${JSON.stringify(run, null, 2)}\n`],
    ['report.html', buildReportHtml(data, vegaBundles())],
  ];
  return { kind: 'run', exp, summary, answers: [], files };
}

function runFn(o: JobOptions, pool: WorkerPool): RunFn {
  return (exp, _text, journal) => runExperiment(exp, { workers: o.workers, journal, executor: pool.executor(exp), onProgress: (p) => o.onProgress(p, exp.name) });
}

/** `balance-lab solve`: every question of the file's `solve:` section. */
export async function solveJob(o: JobOptions): Promise<JobResult> {
  loadVega(); // its charts are rendered to SVG by the page's Vega, as the CLI renders them with its own
  const src = Source.load(o.file);
  const exp = loadExperiment(o.file, o.overrides.seed !== undefined ? { seed: o.overrides.seed } : {});
  const questions = readSolve(src, exp);
  return withPool(o, async (pool) => {
    const run = runFn(o, pool);
    const results = [];
    const calibrations = [];
    const answers: string[] = [];
    for (const q of questions) {
      if (q.mode === 'calibrate') {
        const outcome = await calibrateQuestion(src, exp, q.c, run);
        calibrations.push({ section: q.c, outcome });
        answers.push(calibrationText(q.c, outcome));
      } else {
        const r = await solveQuestion(src, exp, q.s, run, (x, e) => o.onLog(`${q.s.pathText} = ${x}: ${e.estimate.toFixed(4)} [${e.lo.toFixed(4)}, ${e.hi.toFixed(4)}] (${e.games})`));
        results.push(r);
        answers.push(answerText(r.section, r.answer));
      }
    }
    const files = await solveFiles(exp, results, { packageVersion: VERSION, workers: o.workers }, calibrations);
    return { kind: 'solve' as const, exp, answers, files };
  });
}

/** `balance-lab search`: race the candidates of the file's `search:` space. */
export async function searchJob(o: JobOptions): Promise<JobResult> {
  const src = Source.load(o.file);
  const exp = loadExperiment(o.file, o.overrides.seed !== undefined ? { seed: o.overrides.seed } : {});
  const s = readSearch(src, exp);
  return withPool(o, async (pool) => {
    const r = await searchExperiment(src, exp, s, runFn(o, pool), o.onLog);
    return { kind: 'search' as const, exp, answers: [searchAnswer(s, r)], files: searchFiles(exp, s, r, VERSION) };
  });
}
