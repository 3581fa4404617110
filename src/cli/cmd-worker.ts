/** `balance-lab worker --queue URL [--scenario-root DIR …]`: a cluster worker process (issue 17, 29) — takes chunk jobs until stopped. */
import { availableParallelism } from 'node:os';
import { packageVersion } from './meta.js';
import { t } from '../i18n/t.js';
import { DEFAULT_JOB_MEMORY_MB, DEFAULT_JOB_TIMEOUT_S } from '../sim/input/limits.js';

export interface WorkerOptions {
  queue?: string | boolean;
  workers?: number;
  lockMs?: number;
  jobTimeout?: number;
  jobMemory?: number;
  quiet?: boolean;
}

/** How long a stopping worker lets the chunks in hand finish before it leaves them to others (ms). */
const STOP_GRACE_MS = 5000;

export async function workerCommand(opts: WorkerOptions): Promise<void> {
  const { checkQueueUrl, redact, runQueueWorker } = await import('../sim/queue/queue.js');
  const { queueKeyFromEnv } = await import('../sim/queue/key.js');
  const { scenarioRoots } = await import('../sim/input/scenario-path.js');
  const url = checkQueueUrl(opts.queue === true || opts.queue === undefined ? process.env.REDIS_URL : String(opts.queue));
  const key = queueKeyFromEnv(process.env);
  const roots = scenarioRoots();
  const threads = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  // SIGTERM/SIGINT are honoured in every state: while connecting (Redis may be away) the process just ends.
  let stopping: (() => void) | null = null;
  const early = (): void => { log(t('queue.workerStopped')); process.exit(0); };
  process.once('SIGINT', () => (stopping ?? early)());
  process.once('SIGTERM', () => (stopping ?? early)());
  log(t('queue.workerConnecting', { url: redact(url) }));
  const w = await runQueueWorker(url, { threads, packageVersion: packageVersion(), lockMs: opts.lockMs ?? 30_000, log, roots, key,
    budget: { timeoutMs: (opts.jobTimeout ?? DEFAULT_JOB_TIMEOUT_S) * 1000, memoryMb: opts.jobMemory ?? DEFAULT_JOB_MEMORY_MB } });
  log(t('queue.workerStart', { version: packageVersion(), url: redact(url), threads, roots: roots.length > 0 ? roots.join(', ') : '—' }));
  if (!key) log(t('queue.noKeyWarning'));
  await new Promise<void>((resolve) => {
    stopping = (): void => {
      log(t('queue.workerStopping', { seconds: STOP_GRACE_MS / 1000 }));
      // A second signal ends the process at once.
      process.once('SIGINT', early);
      process.once('SIGTERM', early);
      void w.stop(STOP_GRACE_MS).then(({ abandoned }) => {
        log(abandoned > 0 ? t('queue.workerAbandoned', { n: abandoned }) : t('queue.workerStopped'));
        resolve();
      });
    };
  });
}
