/**
 * Cluster runs on Redis with BullMQ (issue 17): chunks as jobs on one queue, played by `balance-lab worker` processes
 * on any number of machines, merged by the coordinator (`run --queue`) through the ordinary run driver — so the
 * results are byte-identical to a local run with the same seed and stopping rule.
 *
 * - A job carries the run's identity (journal.ts), the experiment file's text as data (never code), its overrides and
 *   the chunk (index, first game, games). Its id is `<run>-<chunk>`: adding it again is a no-op.
 * - A worker recompiles the experiment from the text, and refuses (a failed job with the reason, never retried as is)
 *   a job whose identity it does not reproduce: another package version, another compiled experiment (a scenario
 *   file that differs on that machine), a file it cannot compile. It writes the chunk's result, byte-exact, into the
 *   run's results hash in Redis (`balance-lab:results:<run>`), and nothing on disk.
 * - The coordinator reads that hash first (a restarted coordinator resumes from the results already there), enqueues
 *   the missing chunks in index order, keeps enough in flight for the fleet, and takes each chunk's result once from
 *   the hash however many times it was delivered. A worker killed mid-chunk stops renewing its lock; BullMQ's stalled
 *   check hands the job to another worker.
 * - `--queue redis://[user:password@]host:port[/db]` or `rediss://…` (TLS); the password is never printed.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Queue, QueueEvents, Worker, UnrecoverableError, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { Piscina } from 'piscina';
import type { ChunkResult } from './chunk.js';
import { compileExperiment, type Experiment, type Overrides } from './experiment.js';
import { InputError } from './input-error.js';
import { chunkLine, differences, journalIdentity, readChunkLine, type JournalIdentity } from './journal.js';
import { workerFile, type ChunkExecutor } from './run.js';
import { Source } from './schema.js';
import type { ChunkTask } from './worker.js';

/** The one queue every run's chunks go through. */
export const QUEUE_NAME = 'balance-lab-chunks';

/** A chunk job. */
export interface ChunkJob {
  readonly run: string;
  readonly identity: JournalIdentity;
  /** The experiment as data; `exact`: the seed and stopping rule the run uses after compiling (e.g. `check`'s plan). */
  readonly source: { readonly file: string; readonly text: string; readonly overrides: Overrides; readonly exact?: { readonly seed: number; readonly stop: Experiment['stop'] } };
  readonly m: number;
  readonly start: number;
  readonly count: number;
}

/** The run's id: a hash of its identity. */
export function runId(identity: JournalIdentity): string {
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 20);
}

/** A chunk's result as stored in Redis: its journal line, gzip'd (a flagship chunk: ~0.9 MB → ~40 kB). */
export function packChunk(m: number, r: ChunkResult): Buffer {
  return gzipSync(chunkLine(m, r), { level: 1 });
}

/** Read a value written by {@link packChunk}; null when it is not one. */
export function unpackChunk(b: Buffer): { m: number; result: ChunkResult } | null {
  try {
    return readChunkLine(gunzipSync(b).toString('utf8'));
  } catch {
    return null;
  }
}

/** Redis key of a run's results hash (field = chunk index, value = the gzip'd chunk line). */
export function resultsKey(run: string): string {
  return `balance-lab:results:${run}`;
}

/** The URL with any password replaced by `***` (for messages). */
export function redact(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_m, scheme: string, cred: string) => `${scheme}${cred.includes(':') ? `${cred.split(':')[0]}:***` : '***'}@`);
}

/** Check a `--queue` URL: redis:// or rediss:// (TLS). */
export function checkQueueUrl(url: string | undefined): string {
  if (!url) throw new InputError('command line', undefined, '--queue', 'no Redis URL (give --queue URL or set REDIS_URL)', 'redis://host:port, rediss://user:password@host:port');
  if (!/^rediss?:\/\/[^\s]+$/i.test(url)) throw new InputError('command line', undefined, '--queue', `"${redact(url)}" is not a Redis URL`, 'redis://host:port, rediss://user:password@host:port (TLS)');
  return url;
}

/** Connect and wait until Redis answers (at most `timeoutMs`), else a clear error naming the redacted URL. */
export async function connectRedis(url: string, timeoutMs = 10_000): Promise<Redis> {
  const r = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: (n) => Math.min(n * 200, 2000) });
  r.on('error', () => undefined); // reported below or retried by ioredis
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      r.connect(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), timeoutMs); }),
    ]);
  } catch {
    r.disconnect();
    throw new InputError('command line', undefined, '--queue', `cannot reach Redis at ${redact(url)} within ${timeoutMs / 1000} s`, 'a reachable Redis server (redis-server, or a managed Redis)');
  } finally {
    clearTimeout(timer);
  }
  return r;
}

/** The least number of chunks the coordinator keeps queued ahead of the merge (more with a large fleet). */
export const DEFAULT_IN_FLIGHT = 64;

/** What the coordinator shows beside the progress bar. */
export interface FleetStatus {
  readonly workers: number;
  readonly machines: number;
  readonly inFlight: number;
}

/**
 * The coordinator's side: a {@link ChunkExecutor} for the run driver that plays chunks on the queue.
 * `done` holds the results already in Redis (a restarted coordinator merges them without playing them again).
 */
export class QueueCoordinator implements ChunkExecutor {
  private readonly minInFlight: number;
  private fleetThreads = 0;
  private readonly waiting = new Map<number, { resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  private readonly refusals = new Map<number, number>();
  private poller: NodeJS.Timeout | null = null;
  private failure: Error | null = null;
  private lastFleet: FleetStatus = { workers: 0, machines: 0, inFlight: 0 };

  private constructor(
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly job: Omit<ChunkJob, 'm' | 'start' | 'count'>,
    readonly done: ReadonlyMap<number, ChunkResult>,
    inFlight: number,
    private readonly log: (line: string) => void,
  ) {
    this.minInFlight = inFlight;
  }

  /** Chunks kept queued: the configured count, or twice the worker threads of the fleet when that is more. */
  get inFlight(): number {
    return Math.max(this.minInFlight, 2 * this.fleetThreads);
  }

  /** Connect, read the results already in Redis, subscribe to refusals. */
  static async open(url: string, exp: Experiment, source: ChunkJob['source'], packageVersion: string, opts: { inFlight?: number; log?: (line: string) => void } = {}): Promise<QueueCoordinator> {
    const redis = await connectRedis(url);
    const identity = journalIdentity(exp, packageVersion);
    const run = runId(identity);
    const stored = await redis.hgetallBuffer(resultsKey(run));
    const done = new Map<number, ChunkResult>();
    for (const b of Object.values(stored)) {
      const c = unpackChunk(b);
      if (c !== null) done.set(c.m, c.result);
    }
    const queue = new Queue(QUEUE_NAME, { connection: redis.duplicate() });
    const events = new QueueEvents(QUEUE_NAME, { connection: redis.duplicate() });
    await events.waitUntilReady();
    const c = new QueueCoordinator(redis, queue, events, { run, identity, source }, done, opts.inFlight ?? DEFAULT_IN_FLIGHT, opts.log ?? (() => undefined));
    events.on('failed', ({ jobId, failedReason }) => { void c.onFailed(jobId, failedReason); });
    c.poller = setInterval(() => { void c.poll(); }, 200);
    return c;
  }

  private jobId(m: number): string {
    return `${this.job.run}-${m}`;
  }

  run(m: number, start: number, count: number): Promise<ChunkResult> {
    return new Promise<ChunkResult>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting.set(m, { resolve, reject });
      void this.enqueue(m, start, count).catch((e: Error) => this.fail(e));
    });
  }

  private async enqueue(m: number, start: number, count: number): Promise<void> {
    const id = this.jobId(m);
    // A job of this chunk that failed before (a refusal seen by this or an earlier coordinator of the run) is removed,
    // then added again; a fresh run has none, so the check costs nothing then.
    if (this.done.size > 0 || this.refusals.has(m)) {
      const old = await this.queue.getJob(id);
      if (old && (await old.isFailed())) await old.remove();
    }
    const data: ChunkJob = { ...this.job, m, start, count };
    await this.queue.add('chunk', data, { jobId: id, removeOnComplete: true, removeOnFail: false, attempts: 3, backoff: { type: 'fixed', delay: 500 } });
  }

  /** Take every waiting chunk whose result is in Redis (once: the first delivery resolves, later ones find nothing waiting). */
  private async poll(): Promise<void> {
    if (this.waiting.size === 0) return;
    const ms = [...this.waiting.keys()];
    let texts: (Buffer | null)[];
    try {
      texts = await this.redis.hmgetBuffer(resultsKey(this.job.run), ...ms.map(String));
    } catch {
      return; // Redis unreachable for a moment: ioredis reconnects, the next poll retries
    }
    ms.forEach((m, i) => {
      const t = texts[i];
      if (t === null) return;
      const c = unpackChunk(t);
      const w = this.waiting.get(m);
      if (!w) return;
      this.waiting.delete(m);
      if (c === null || c.m !== m) w.reject(new Error(`chunk ${m}: a damaged result in Redis`));
      else w.resolve(c.result);
    });
  }

  private async onFailed(jobId: string, reason: string): Promise<void> {
    const prefix = `${this.job.run}-`;
    if (!jobId.startsWith(prefix)) return; // another run's job
    const m = Number(jobId.slice(prefix.length));
    if (!this.waiting.has(m)) return;
    const n = (this.refusals.get(m) ?? 0) + 1;
    this.refusals.set(m, n);
    this.log(`chunk ${m}: ${reason}`);
    if (n >= 5) {
      this.fail(new InputError('queue', undefined, `chunk ${m}`, `the workers refused or failed this chunk ${n} times; last: ${reason}`, 'workers running this balance-lab version with the same experiment and scenario files'));
      return;
    }
    // Give it another worker: remove the failed job and add it again.
    const job = await this.queue.getJob(jobId);
    const data = job?.data as ChunkJob | undefined;
    if (data) await this.enqueue(m, data.start, data.count).catch((e: Error) => this.fail(e));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  /** Worker processes and machines connected to the queue, chunks in flight (for the progress line). */
  async fleet(): Promise<FleetStatus> {
    try {
      const ws = await this.queue.getWorkers();
      const names = ws.map((w) => String(w.name ?? ''));
      // Worker names are balance-lab:<host>:<pid>:<threads> (one name per connection: a process counts once).
      const procs = new Set(names.filter((n) => n.startsWith('balance-lab:')));
      const machines = new Set([...procs].map((n) => n.split(':')[1]));
      this.fleetThreads = [...procs].reduce((t, n) => t + (Number(n.split(':')[3]) || 1), 0);
      this.lastFleet = { workers: procs.size, machines: machines.size, inFlight: this.waiting.size };
    } catch {
      // keep the last status
    }
    return this.lastFleet;
  }

  /**
   * Stop polling and disconnect. `finished`: the run's outputs are written, so its results in Redis are deleted.
   * Not finished (an error): this run's jobs still queued are removed, so workers do not play an abandoned run;
   * the results already stored stay for the next attempt.
   */
  async close(finished: boolean): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    if (finished) await this.redis.del(resultsKey(this.job.run)).catch(() => undefined);
    else {
      const jobs = await this.queue.getJobs(['waiting', 'delayed', 'failed', 'prioritized']).catch(() => []);
      for (const j of jobs) if (j?.id?.startsWith(`${this.job.run}-`)) await j.remove().catch(() => undefined);
    }
    await this.events.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    this.redis.disconnect();
  }
}

/** Options of {@link runQueueWorker}. */
export interface QueueWorkerOptions {
  /** Worker threads for chunks (and jobs taken at once). */
  readonly threads: number;
  readonly packageVersion: string;
  /** BullMQ lock duration (ms): a worker that stops renewing it for this long (killed) loses the job to another. */
  readonly lockMs: number;
  readonly log: (line: string) => void;
}

/**
 * A worker process: takes chunk jobs from the queue and plays them on local worker threads until stopped (the
 * returned `stop`). Refuses a job whose run it does not reproduce, with the reason logged and in the failed job.
 */
export async function runQueueWorker(url: string, opts: QueueWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const redis = await connectRedis(url);
  const pool = new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: opts.threads, maxThreads: opts.threads });
  const compiled = new Map<string, Experiment>();
  const name = `balance-lab:${hostname()}:${process.pid}:${opts.threads}`;
  const refuse = (job: Job, why: string): never => {
    opts.log(`refused chunk ${(job.data as ChunkJob).m} of run ${(job.data as ChunkJob).run}: ${why}`);
    throw new UnrecoverableError(`refused by ${name}: ${why}`);
  };
  const worker = new Worker(QUEUE_NAME, async (job: Job) => {
    const d = job.data as ChunkJob;
    if (d.identity.packageVersion !== opts.packageVersion) refuse(job, `package version ${d.identity.packageVersion} ≠ this worker's ${opts.packageVersion}`);
    let exp = compiled.get(d.run);
    if (!exp) {
      let e: Experiment;
      try {
        e = compileExperiment(Source.parse(d.source.file, d.source.text), d.source.overrides);
        if (d.source.exact) e = { ...e, seed: d.source.exact.seed, stop: d.source.exact.stop };
      } catch (err) {
        return refuse(job, `the experiment does not compile here: ${(err as Error).message}`);
      }
      const diff = differences(d.identity, journalIdentity(e, opts.packageVersion));
      if (diff.length > 0) refuse(job, `a different ${diff.join(', ')} here`);
      compiled.set(d.run, e);
      exp = e;
    }
    const r = await pool.run({ exp, start: d.start, count: d.count });
    await redis.hset(resultsKey(d.run), String(d.m), packChunk(d.m, r));
    opts.log(`chunk ${d.m} of run ${d.run}: ${d.count} games`);
    return 'ok';
  }, { connection: redis.duplicate(), concurrency: opts.threads, lockDuration: opts.lockMs, stalledInterval: Math.max(500, Math.floor(opts.lockMs / 2)), maxStalledCount: 1000, name });
  worker.on('error', (e) => opts.log(`worker error: ${e.message}`));
  await worker.waitUntilReady();
  return {
    async stop() {
      await worker.close();
      await pool.destroy();
      redis.disconnect();
    },
  };
}
