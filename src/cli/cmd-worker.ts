/** `balance-lab worker --queue URL`: a cluster worker process (issue 17) — takes chunk jobs until stopped. */
import { availableParallelism } from 'node:os';
import { packageVersion } from './meta.js';

export interface WorkerOptions {
  queue?: string | boolean;
  workers?: number;
  lockMs?: number;
  quiet?: boolean;
}

export async function workerCommand(opts: WorkerOptions): Promise<void> {
  const { checkQueueUrl, redact, runQueueWorker } = await import('../sim/queue.js');
  const url = checkQueueUrl(opts.queue === true || opts.queue === undefined ? process.env.REDIS_URL : String(opts.queue));
  const threads = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  const w = await runQueueWorker(url, { threads, packageVersion: packageVersion(), lockMs: opts.lockMs ?? 30_000, log });
  log(`balance-lab ${packageVersion()} worker on ${redact(url)}: ${threads} thread(s); Ctrl-C to stop`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      log('stopping: finishing the chunks in hand');
      void w.stop().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
