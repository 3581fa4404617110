/**
 * `balance-lab search <experiment.yaml>`: race the candidates of the file's `search:` space on common random numbers
 * and report the best (issue 15). The answer is printed first; search.csv and report.html are written.
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Source } from '../sim/input/schema.js';
import { compileExperiment } from '../sim/experiment/load.js';
import { readSearch, searchExperiment } from '../sim/design/search.js';
import { searchAnswer, searchFiles } from '../report/files/search-output.js';
import { packageVersion } from './meta.js';
import { journaledRuns, localRun, queueRun, type RunFn } from '../sim/run/run-fn.js';
import { journalPath } from '../sim/run/journal.js';
import { checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { checkQueueUrl } from '../sim/queue/queue.js';
import { queueKeyFromEnv } from '../sim/queue/key.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

export { searchAnswer };

export interface SearchCliOptions {
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

export async function searchCommand(file: string, opts: SearchCliOptions): Promise<void> {
  const src = Source.load(file);
  const exp = compileExperiment(src, opts.seed !== undefined ? { seed: opts.seed } : {});
  const s = readSearch(src, exp);
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}-search`);
  const workers = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  log(t('cli.candidatesRefusedEngine', { candidatesCount: s.candidates.length, refused: s.refused }));
  const played: RunFn = opts.queue !== undefined && opts.queue !== false ? queueRun(checkQueueUrl(opts.queue === true ? process.env.REDIS_URL : String(opts.queue)), packageVersion(), log, queueKeyFromEnv(process.env), opts.redisTimeout) : localRun(workers);
  // The results folder is checked before anything is played (it replaces only a folder balance-lab wrote); every
  // experiment played is journaled beside it (--resume continues), under the folder's lock.
  checkOutFolder(outDir);
  lockOutFolder(outDir);
  const journals = journaledRuns(played, dirname(journalPath(outDir)), opts.resume ?? false, packageVersion(), log, opts.journalLimit);
  const run = journals.run;
  const r = await searchExperiment(src, exp, s, run, log);
  process.stdout.write(`${searchAnswer(s, r)}\n`);
  const files = searchFiles(exp, s, r, packageVersion());
  const stage = join(dirname(outDir), `.${basename(outDir)}.search-staging`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const [f, text] of files) writeFileSync(join(stage, f), text);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(stage, outDir);
  journals.remove();
  log(t('cli.seedWroteSearchCsv', { seed: exp.seed, outDir: shownPath(outDir) }));
}
