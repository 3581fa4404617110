/** `balance-lab solve <experiment.yaml>`: answer the file's `solve:` question (issue 15); the answer is printed first. */
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Source } from '../sim/input/schema.js';
import { compileExperiment } from '../sim/experiment/load.js';
import { readSolve, solveQuestion } from '../sim/design/solve.js';
import { answerText, calibrationText, fmtMetric } from '../report/files/solve-output.js';
import { writeSolve } from '../report/files/write-solve.js';
import { calibrateQuestion } from '../sim/design/calibrate.js';
import { packageVersion } from './meta.js';
import { journaledRuns, localRun, queueRun, type RunFn } from '../sim/run/run-fn.js';
import { journalPath } from '../sim/run/journal.js';
import { checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { checkQueueUrl } from '../sim/queue/queue.js';
import { queueKeyFromEnv } from '../sim/queue/key.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

export interface SolveCliOptions {
  seed?: number;
  workers?: number;
  out?: string;
  quiet?: boolean;
  /** `--queue [url]`: play on cluster workers through Redis (true: REDIS_URL). */
  queue?: string | boolean;
  /** `--redis-timeout S`: with --queue, give up after Redis has been away this long. */
  redisTimeout?: number;
  /** `--resume`: merge the chunks an interrupted run of the same command journaled. */
  resume?: boolean;
  /** `--journal-limit MB`: the most each experiment's resume journal may hold. */
  journalLimit?: number;
}

export async function solveCommand(file: string, opts: SolveCliOptions): Promise<void> {
  const src = Source.load(file);
  const exp = compileExperiment(src, opts.seed !== undefined ? { seed: opts.seed } : {});
  const questions = readSolve(src, exp); // every input error before any game
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}-solve`);
  const workers = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  const played: RunFn = opts.queue !== undefined && opts.queue !== false ? queueRun(checkQueueUrl(opts.queue === true ? process.env.REDIS_URL : String(opts.queue)), packageVersion(), log, queueKeyFromEnv(process.env), opts.redisTimeout) : localRun(workers);
  // The results folder is checked before anything is played (it replaces only a folder balance-lab wrote); every
  // experiment played is journaled beside it (--resume continues), under the folder's lock.
  checkOutFolder(outDir);
  lockOutFolder(outDir);
  const journals = journaledRuns(played, dirname(journalPath(outDir)), opts.resume ?? false, packageVersion(), log, opts.journalLimit);
  const run = journals.run;
  const results = [];
  const calibrations = [];
  for (const [i, question] of questions.entries()) {
    const n = questions.length > 1 ? `${i + 1}. ` : '';
    if (question.mode === 'calibrate') {
      const c = question.c;
      log(t('cli.questionCalibrationAgainstTarget', { value: i + 1, questionsCount: questions.length, values: c.values.map((v) => v.pathText).join(' × '), targetsCount: c.targets.length }));
      const outcome = await calibrateQuestion(src, exp, c, run);
      calibrations.push({ section: c, outcome });
      process.stdout.write(`${n}${calibrationText(c, outcome)}\n`);
      continue;
    }
    const q = question.s;
    log(`question ${i + 1}/${questions.length}: ${q.pathText} in [${q.lo}, ${q.hi}]`);
    const r = await solveQuestion(src, exp, q, run, (x, e) => log(`  ${q.pathText} = ${x}: ${fmtMetric(q, e.estimate)} [${fmtMetric(q, e.lo)}, ${fmtMetric(q, e.hi)}] after ${e.games.toLocaleString('en-US')} games`));
    results.push(r);
    process.stdout.write(`${n}${answerText(r.section, r.answer)}\n`);
  }
  const files = await writeSolve(outDir, exp, results, { packageVersion: packageVersion(), workers }, calibrations);
  journals.remove();
  log(t('cli.seedWroteFiles', { seed: exp.seed, filesCount: files.length, outDir: shownPath(outDir) }));
}
