/**
 * Cluster runs on Redis with BullMQ (issue 17, hardened in issue 29): chunks as jobs on one queue, played by
 * `balance-lab worker` processes on any number of machines, merged by the coordinator (`run --queue`) through the
 * ordinary run driver — so the results are byte-identical to a local run with the same seed and stopping rule.
 *
 * - The run's spec (identity + the experiment file's text as data, never code) is stored once per run under
 *   `balance-lab:run:<run>`; a job carries only `{ run, m, start, count }` (and its HMAC with a queue key). Its id is
 *   `<run>-<chunk>`: adding it again is a no-op. (sim/queue/job.ts)
 * - A worker treats everything in Redis as untrusted: it checks each job's and spec's shape and sizes, compiles the
 *   experiment in a throw-away thread with memory and time limits, reading scenario files only from builtin: and the
 *   roots it was started with (sim/queue/compile.ts), and refuses — a failed job, never retried as is — a job it will not
 *   or cannot play, with a catalogue message that quotes no file and no environment. It writes the chunk's result,
 *   byte-exact, into the run's results hash (`balance-lab:results:<run>`), and nothing on disk.
 * - The coordinator reads that hash first (a restarted coordinator resumes from the results already there), enqueues
 *   the missing chunks in index order, keeps enough in flight for the fleet (sim/queue/fleet.ts), and takes each chunk's
 *   result once from the hash however many times it was delivered. It watches Redis: a lost connection is one line,
 *   retried with bounded backoff and given up after `redisTimeoutS` (an InputError, exit 2; the merged chunks are in
 *   the caller's journal); a Redis that comes back empty gets the spec and the chunks in flight again.
 * - `--queue redis://[user:password@]host:port[/db]` or `rediss://…` (TLS); the password is never printed (sim/queue/url.ts).
 */
import { randomBytes, createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Queue, QueueEvents, Worker, UnrecoverableError, type Job } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { Piscina } from 'piscina';
import type { ChunkResult } from '../run/chunk.js';
import type { Experiment } from '../experiment/load.js';
import { InputError } from '../input/input-error.js';
import { chunkLine, differences, journalIdentity, readChunkLine, type JournalIdentity } from '../run/journal.js';
export { mergeIntoJournal as queueJournal } from '../run/journal.js';
import type { ChunkExecutor } from '../run/run.js';
import { workerFile } from '../run/worker-file.js';
import type { ChunkTask } from '../run/worker.js';
import { isAuthError, parseQueueUrl, redact, scrub, secretsOf } from './url.js';
import { FINAL_REFUSAL, JobRefusal, jobMac, openResult, packRunSpec, printable, readJob, readRunSpec, sealResult, specKey, MAX_SPEC_PACKED, type ChunkRef, type RunSpec, type SpecSource } from './job.js';
import { compileJob } from './compile.js';
import { fleetOf, workerName } from './fleet.js';
import { t } from '../../i18n/t.js';
import { testHold } from '../run/test-hold.js';
import { DEFAULT_JOB_MEMORY_MB, DEFAULT_JOB_TIMEOUT_S } from '../input/limits.js';

export { redact } from './url.js';

/** The one queue every run's chunks go through. */
export const QUEUE_NAME = 'balance-lab-chunks';

/** How long a run's spec and results stay in Redis without their coordinator (seconds): a week. */
const RUN_TTL_S = 7 * 24 * 3600;

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
    return readChunkLine(gunzipSync(b, { maxOutputLength: 256 * 1024 * 1024 }).toString('utf8'));
  } catch {
    return null;
  }
}

/** Redis key of a run's results hash (field = chunk index, value = the gzip'd chunk line). */
export function resultsKey(run: string): string {
  return `balance-lab:results:${run}`;
}

/** Check a `--queue` URL: redis:// or rediss:// (TLS), parsed here; messages show it redacted. */
export function checkQueueUrl(url: string | undefined): string {
  if (!url) throw new InputError('command line', undefined, '--queue', { id: 'queue.noUrl' }, t('queue.urlAllowed'));
  if (parseQueueUrl(url) === null) throw new InputError('command line', undefined, '--queue', { id: 'queue.notUrl', params: { url: redact(url) } }, t('queue.urlAllowed'));
  return url;
}

/** ioredis options for a checked URL (the client never parses the raw string). */
function redisOptions(url: string): RedisOptions {
  const u = parseQueueUrl(url)!;
  return {
    host: u.host, port: u.port, db: u.db,
    ...(u.username !== undefined ? { username: u.username } : {}),
    ...(u.password !== undefined ? { password: u.password } : {}),
    ...(u.tls ? { tls: { servername: u.host } } : {}),
    maxRetriesPerRequest: null,
    lazyConnect: true,
    // Bounded backoff: 0.2 s, 0.4 s, … at most 2 s between attempts.
    retryStrategy: (n: number) => Math.min(n * 200, 2000),
  };
}

/** Connect and wait until Redis answers (at most `timeoutMs`); refused credentials say so at once. */
export async function connectRedis(url: string, timeoutMs = 10_000): Promise<Redis> {
  const r = new Redis(redisOptions(url));
  let authFailed = false;
  let authReject: ((e: Error) => void) | undefined;
  r.on('error', (e: Error) => {
    if (isAuthError(e.message)) {
      authFailed = true;
      authReject?.(e);
    }
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      r.connect(),
      new Promise((_, reject) => { authReject = reject; timer = setTimeout(() => reject(new Error('timeout')), timeoutMs); }),
    ]);
  } catch {
    r.disconnect();
    // ioredis reports the refusal as an error event and then "Connection is closed": wait a moment for the event.
    if (!authFailed) await new Promise((res) => setTimeout(res, 50));
    if (authFailed) throw new InputError('command line', undefined, '--queue', { id: 'queue.authFailed', params: { url: redact(url) } }, t('queue.authAllowed'));
    throw new InputError('command line', undefined, '--queue', { id: 'queue.unreachable', params: { url: redact(url), seconds: timeoutMs / 1000 } }, t('queue.reachableAllowed'));
  } finally {
    clearTimeout(timer);
  }
  return r;
}

/** A connection of its own for BullMQ, with errors kept off the console (they are watched on the main connection). */
function sideConnection(redis: Redis): Redis {
  const d = redis.duplicate();
  d.on('error', () => undefined);
  return d;
}

/** Resolve `p`, or `fallback` after `ms` (Redis commands wait forever while it is away). */
function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p.catch(() => fallback), new Promise<T>((res) => { timer = setTimeout(() => res(fallback), ms); })]).finally(() => clearTimeout(timer));
}

/** The least number of chunks the coordinator keeps queued ahead of the merge (more with a large fleet). */
export const DEFAULT_IN_FLIGHT = 64;
/** How long the coordinator waits for a lost Redis before giving up (seconds). */
export const DEFAULT_REDIS_TIMEOUT_S = 60;

/** What the coordinator shows beside the progress bar. */
export interface FleetStatus {
  readonly workers: number;
  readonly machines: number;
  readonly inFlight: number;
}

/** Options of {@link QueueCoordinator.open}. */
export interface CoordinatorOptions {
  readonly inFlight?: number;
  readonly log?: (line: string) => void;
  /** The queue key (sim/queue/key.ts): signs the spec and the jobs, and results must be signed with it. */
  readonly key?: Buffer | null;
  /** Give up after Redis has been away this long (seconds). */
  readonly redisTimeoutS?: number;
  /** Where the merged chunks are journaled (named when giving up). */
  readonly journalFile?: string;
  /** Chunks merged so far (named when giving up). */
  readonly merged?: () => number;
}

/**
 * The coordinator's side: a {@link ChunkExecutor} for the run driver that plays chunks on the queue.
 * `done` holds the results already in Redis (a restarted coordinator merges them without playing them again).
 */
export class QueueCoordinator implements ChunkExecutor {
  private readonly minInFlight: number;
  private fleetThreads = 0;
  private readonly waiting = new Map<number, { start: number; count: number; resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  private readonly refusals = new Map<number, number>();
  /** Values of a chunk found in the results hash and discarded (unsigned, wrongly signed or damaged). */
  private readonly discarded = new Map<number, number>();
  private readonly discarding = new Set<number>();
  private timers: NodeJS.Timeout[] = [];
  private failure: Error | null = null;
  private lastFleet: FleetStatus = { workers: 0, machines: 0, inFlight: 0 };
  /** When Redis stopped answering (ms, performance clock; timing only), or null while it answers. */
  private lostSince: number | null = null;
  private checking = false;
  private readonly secrets: string[];
  /** Rejected with the failure when the coordinator gives up (raced against the commands of opening). */
  private readonly failed: Promise<never>;
  private rejectFailed: (e: Error) => void = () => undefined;
  /** Whether opening is complete (the spec is stored: a Redis without it from then on was emptied). */
  private opened = false;

  private constructor(
    private readonly url: string,
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly run_: string,
    private readonly spec: RunSpec,
    readonly done: ReadonlyMap<number, ChunkResult>,
    private readonly opts: CoordinatorOptions,
  ) {
    this.minInFlight = opts.inFlight ?? DEFAULT_IN_FLIGHT;
    this.secrets = secretsOf(url);
    this.failed = new Promise<never>((_, reject) => { this.rejectFailed = reject; });
    this.failed.catch(() => undefined);
  }

  /** Chunks kept queued: the configured count, or twice the worker threads of the fleet when that is more. */
  get inFlight(): number {
    return Math.max(this.minInFlight, 2 * this.fleetThreads);
  }

  private log(line: string): void {
    (this.opts.log ?? (() => undefined))(scrub(line, this.secrets));
  }

  private get key(): Buffer | null {
    return this.opts.key ?? null;
  }

  /**
   * Connect, store the run's spec once, read the results already in Redis, subscribe to refusals. Redis is watched
   * from the moment it answers: a Redis lost before the first command, or between any two, is one line, retried
   * with bounded backoff and given up after the timeout like a Redis lost later (the commands of opening are raced
   * against that give-up, so none of them can wait forever).
   */
  static async open(url: string, exp: Experiment, source: SpecSource, packageVersion: string, opts: CoordinatorOptions = {}): Promise<QueueCoordinator> {
    const identity = journalIdentity(exp, packageVersion);
    const run = runId(identity);
    const spec: RunSpec = { identity, source: { file: source.file, text: source.text, overrides: { ...source.overrides }, ...(source.exact ? { exact: source.exact } : {}) } };
    const packed = packRunSpec(run, spec, opts.key ?? null);
    if (packed.spec.length > MAX_SPEC_PACKED) throw new InputError(source.file, undefined, '', { id: 'queue.specTooLarge', params: { bytes: packed.spec.length, max: MAX_SPEC_PACKED } });
    const redis = await connectRedis(url);
    redis.on('error', () => undefined); // watched by the health check; ioredis reconnects with bounded backoff
    const queue = new Queue(QUEUE_NAME, { connection: sideConnection(redis) });
    queue.on('error', () => undefined);
    const events = new QueueEvents(QUEUE_NAME, { connection: sideConnection(redis) });
    events.on('error', () => undefined);
    const done = new Map<number, ChunkResult>();
    const c = new QueueCoordinator(url, redis, queue, events, run, spec, done, opts);
    c.timers.push(setInterval(() => { void c.health(); }, 1000));
    try {
      await testHold('after-connect');
      const stored = await c.guard(redis.hgetallBuffer(resultsKey(run)));
      for (const [field, b] of Object.entries(stored)) {
        const m = Number(field);
        const inner = openResult(opts.key ?? null, run, m, b);
        const r = inner === null ? null : unpackChunk(inner);
        if (r !== null && r.m === m) done.set(r.m, r.result);
        // Not this run's signed result (issue 39 item 10): removed, so it cannot stand in for the chunk later.
        else await c.guard(redis.hdel(resultsKey(run), field));
      }
      await c.guard(events.waitUntilReady());
      await c.guard(c.putSpec());
    } catch (e) {
      await c.close(false);
      throw e;
    }
    c.opened = true;
    events.on('failed', ({ jobId, failedReason }) => { void c.onFailed(jobId, failedReason); });
    c.timers.push(setInterval(() => { void c.poll(); }, 200));
    return c;
  }

  /** `p`, or the coordinator's failure (Redis given up) if that comes first. */
  private guard<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.failed]);
  }

  /** Store the spec (again: after Redis came back empty) with a week's expiry. */
  private async putSpec(): Promise<void> {
    const packed = packRunSpec(this.run_, this.spec, this.key);
    await this.redis.multi().hset(specKey(this.run_), 'spec', packed.spec, 'mac', packed.mac).expire(specKey(this.run_), RUN_TTL_S).exec();
  }

  private jobId(m: number): string {
    return `${this.run_}-${m}`;
  }

  run(m: number, start: number, count: number): Promise<ChunkResult> {
    return new Promise<ChunkResult>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting.set(m, { start, count, resolve, reject });
      void this.enqueue(m, start, count).catch((e: Error) => this.fail(e));
    });
  }

  private async enqueue(m: number, start: number, count: number, again = false): Promise<void> {
    const id = this.jobId(m);
    // A job of this chunk that failed before (a refusal seen by this or an earlier coordinator of the run) is removed,
    // then added again; a fresh run has none, so the check costs nothing then.
    if (again || this.done.size > 0 || this.refusals.has(m)) {
      const old = await this.queue.getJob(id);
      if (old && (await old.isFailed())) await old.remove();
    }
    const data: ChunkRef = { run: this.run_, m, start, count, ...(this.key ? { mac: jobMac(this.key, this.run_, m, start, count) } : {}) };
    await this.queue.add('chunk', data, { jobId: id, removeOnComplete: true, removeOnFail: false, attempts: 3, backoff: { type: 'fixed', delay: 500 } });
  }

  /** Take every waiting chunk whose result is in Redis (once: the first delivery resolves, later ones find nothing waiting). */
  private async poll(): Promise<void> {
    if (this.waiting.size === 0 || this.lostSince !== null) return;
    const ms = [...this.waiting.keys()];
    let texts: (Buffer | null)[];
    try {
      texts = await this.redis.hmgetBuffer(resultsKey(this.run_), ...ms.map(String));
    } catch {
      return; // Redis unreachable for a moment: the health check reports it, the next poll retries
    }
    ms.forEach((m, i) => {
      const stored = texts[i];
      if (stored === null) return;
      const w = this.waiting.get(m);
      if (!w) return;
      const inner = openResult(this.key, this.run_, m, stored);
      const c = inner === null ? null : unpackChunk(inner);
      if (c === null || c.m !== m) {
        if (this.discarding.has(m)) return;
        // An unsigned, wrongly signed or damaged value (anyone who can write to Redis can put one there) is never
        // merged and never blocks the run or a later --resume (issue 39 item 10): it is removed and the chunk played
        // again. Five in a row for one chunk fail the run as before.
        const n = (this.discarded.get(m) ?? 0) + 1;
        this.discarded.set(m, n);
        if (n >= 5) {
          this.waiting.delete(m);
          w.reject(new InputError(t('queue.where'), undefined, t('queue.chunkPath', { m }), { id: inner === null ? 'queue.badResultMac' : 'queue.damagedResult', params: { m } }));
          return;
        }
        this.log(t('hostile.resultDiscarded', { m }));
        this.discarding.add(m);
        void this.redis.hdel(resultsKey(this.run_), String(m)).then(() => this.enqueue(m, w.start, w.count, true)).catch(() => undefined).finally(() => this.discarding.delete(m));
        return;
      }
      this.waiting.delete(m);
      w.resolve(c.result);
    });
  }

  /**
   * Every second: is Redis there, and does it still hold this run? A lost connection is reported once and given up
   * after the timeout; a Redis that answers without the run's spec was emptied — the spec and the chunks waiting are
   * put back (their results, if any were stored, went with it).
   */
  private async health(): Promise<void> {
    if (this.checking || this.failure) return;
    this.checking = true;
    try {
      const timeoutS = this.opts.redisTimeoutS ?? DEFAULT_REDIS_TIMEOUT_S;
      const alive = this.redis.status === 'ready' && (await within(this.redis.exists(specKey(this.run_)).then((n) => (n === 1 ? 'run' : 'empty')), 3000, 'lost')) !== 'lost';
      const now = performance.now(); // timing only
      if (!alive) {
        if (this.lostSince === null) {
          this.lostSince = now;
          this.log(t('queue.redisLost', { url: redact(this.url), seconds: timeoutS }));
        } else if (now - this.lostSince > timeoutS * 1000) {
          const url = redact(this.url);
          this.fail(this.opts.journalFile
            ? new InputError(t('queue.where'), undefined, '--queue', { id: 'queue.redisGone', params: { url, seconds: timeoutS, n: this.opts.merged?.() ?? 0, journal: this.opts.journalFile } }, t('queue.resumeAllowed'))
            : new InputError(t('queue.where'), undefined, '--queue', { id: 'queue.redisGoneNoJournal', params: { url, seconds: timeoutS } }, t('queue.againAllowed')));
        }
        return;
      }
      if (this.lostSince !== null) {
        this.lostSince = null;
        this.log(t('queue.redisBack', { url: redact(this.url) }));
      }
      if (this.opened && (await this.redis.exists(specKey(this.run_))) === 0) {
        this.log(t('queue.redisEmptied', { url: redact(this.url), n: this.waiting.size }));
        await this.putSpec();
        for (const [m, w] of [...this.waiting.entries()].sort((a, b) => a[0] - b[0])) await this.enqueue(m, w.start, w.count, true);
      }
    } catch {
      // the next check sees what is wrong
    } finally {
      this.checking = false;
    }
  }

  private async onFailed(jobId: string, reason: string): Promise<void> {
    const prefix = `${this.run_}-`;
    if (!jobId.startsWith(prefix)) return; // another run's job
    const m = Number(jobId.slice(prefix.length));
    const w = this.waiting.get(m);
    if (!w) return;
    const n = (this.refusals.get(m) ?? 0) + 1;
    this.refusals.set(m, n);
    const final = String(reason).startsWith(FINAL_REFUSAL);
    const why = printable(scrub(String(reason).slice(final ? FINAL_REFUSAL.length : 0), this.secrets));
    this.log(t('queue.chunkFailed', { m, reason: why }));
    if (final) {
      // A refusal every worker makes alike (the job or the run's spec is not acceptable): retrying cannot help.
      this.fail(new InputError(t('queue.where'), undefined, t('queue.chunkPath', { m }), { id: 'queue.finalRefusal', params: { reason: why } }, t('queue.refusalsAllowed')));
      return;
    }
    if (n >= 5) {
      this.fail(new InputError(t('queue.where'), undefined, t('queue.chunkPath', { m }), { id: 'queue.tooManyRefusals', params: { n, reason: why } }, t('queue.refusalsAllowed')));
      return;
    }
    // Give it another worker: remove the failed job and add it again.
    await this.enqueue(m, w.start, w.count, true).catch((e: Error) => this.fail(e));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.rejectFailed(this.failure);
    for (const w of this.waiting.values()) w.reject(this.failure);
    this.waiting.clear();
  }

  /** Worker processes and machines connected to the queue, chunks in flight (for the progress line). */
  async fleet(): Promise<FleetStatus> {
    if (this.lostSince !== null) return this.lastFleet;
    try {
      const f = fleetOf(await within(this.queue.getWorkers(), 2000, []));
      this.fleetThreads = f.threads;
      this.lastFleet = { workers: f.workers, machines: f.machines, inFlight: this.waiting.size };
    } catch {
      // keep the last status
    }
    return this.lastFleet;
  }

  /**
   * Stop watching and disconnect, within seconds even when Redis is gone. `finished`: the run's outputs are written,
   * so its spec and results in Redis are deleted. Not finished (an error): this run's jobs still queued are removed,
   * so workers do not play an abandoned run; the results already stored stay for the next attempt.
   */
  async close(finished: boolean): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const up = this.redis.status === 'ready';
    if (up && finished) await within(this.redis.del(resultsKey(this.run_), specKey(this.run_)), 3000, 0);
    else if (up) {
      const jobs = await within(this.queue.getJobs(['waiting', 'delayed', 'failed', 'prioritized']), 3000, []);
      for (const j of jobs) if (j?.id?.startsWith(`${this.run_}-`)) await within(j.remove(), 1000, undefined);
    }
    await within(this.events.close(), 2000, undefined);
    await within(this.queue.close(), 2000, undefined);
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
  /** Folders scenario files may be read from (besides builtin:). */
  readonly roots: readonly string[];
  /** The queue key: jobs and specs must be signed with it; results are signed. */
  readonly key: Buffer | null;
  /** The budget of one job: the most ms its chunk plays and the heap (MB) of its thread (issue 39 item 1). */
  readonly budget?: JobBudget;
}

/** What one queue job may use on a worker. */
export interface JobBudget {
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/**
 * Play one chunk on `pool` within `budget`: past its time the task is aborted (Piscina ends the thread running it),
 * past its heap the thread dies; either is a {@link JobRefusal} naming the budget (not final: another worker may be
 * faster or larger). The pool replaces the thread, so the next job runs.
 */
export async function playWithinBudget(pool: Piscina<ChunkTask, ChunkResult>, task: ChunkTask, budget: JobBudget): Promise<ChunkResult> {
  try {
    return await pool.run(task, { signal: AbortSignal.timeout(budget.timeoutMs) });
  } catch (e) {
    const err = e as { name?: string; code?: string };
    if (err.name === 'AbortError' || err.name === 'TimeoutError') throw new JobRefusal({ id: 'hostile.jobTimeLimit', params: { seconds: budget.timeoutMs / 1000 } }, false);
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new JobRefusal({ id: 'hostile.jobMemoryLimit', params: { mb: budget.memoryMb } }, false);
    throw e;
  }
}

/** A running worker: `stop(graceMs)` ends it within about that long in every state. */
export interface QueueWorkerHandle {
  readonly name: string;
  stop(graceMs: number): Promise<{ abandoned: number }>;
}

/** Runs whose spec was read and compiled, most recent last (a few: specs can be large). */
const COMPILED_KEPT = 4;

/**
 * A worker process: takes chunk jobs from the queue and plays them on local worker threads until stopped. Refuses a
 * job it will not or cannot play, with the reason logged and in the failed job (UnrecoverableError: never retried).
 */
export async function runQueueWorker(url: string, opts: QueueWorkerOptions): Promise<QueueWorkerHandle> {
  const secrets = secretsOf(url);
  const log = (line: string): void => opts.log(scrub(line, secrets));
  const redis = await connectRedis(url);
  const budget = opts.budget ?? { timeoutMs: DEFAULT_JOB_TIMEOUT_S * 1000, memoryMb: DEFAULT_JOB_MEMORY_MB };
  const pool = new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: opts.threads, maxThreads: opts.threads, resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb } });
  const compiled = new Map<string, Promise<{ exp: Experiment; spec: RunSpec }>>();
  const name = workerName(hostname(), process.pid, opts.threads, randomBytes(4).toString('hex'));
  const refuse = (job: Job, ref: ChunkRef | null, refusal: JobRefusal): never => {
    const why = printable(scrub(t(refusal.msg.id, refusal.msg.params), secrets));
    log(ref ? t('queue.refusedLog', { m: ref.m, run: ref.run, why }) : t('queue.refusedJobLog', { id: printable(String(job.id)), why }));
    // A final refusal is marked so that the coordinator fails the run at once instead of handing it to another worker.
    throw new UnrecoverableError(`${refusal.final ? FINAL_REFUSAL : ''}${t('queue.refused', { worker: name, why })}`);
  };
  /** The run's spec and compiled experiment (cached), or a JobRefusal. */
  const prepare = async (run: string): Promise<{ exp: Experiment; spec: RunSpec }> => {
    const len = await redis.hstrlen(specKey(run), 'spec');
    if (len > MAX_SPEC_PACKED) throw new JobRefusal({ id: 'queue.specTooLarge', params: { bytes: len, max: MAX_SPEC_PACKED } });
    const [packed, storedMac] = await redis.hmgetBuffer(specKey(run), 'spec', 'mac');
    const spec = readRunSpec(run, packed, storedMac?.toString('utf8') ?? null, opts.key, runId);
    if (spec.identity.packageVersion !== opts.packageVersion) throw new JobRefusal({ id: 'queue.otherVersion', params: { theirs: spec.identity.packageVersion, mine: opts.packageVersion } }, false);
    const exp = await compileJob(spec.source, opts.roots);
    const diff = differences(spec.identity, journalIdentity(exp, opts.packageVersion));
    if (diff.length > 0) throw new JobRefusal({ id: 'queue.otherCompiled', params: { what: diff.join(', ') } }, false);
    return { exp, spec };
  };
  let active = 0;
  const worker = new Worker(QUEUE_NAME, async (job: Job) => {
    let ref: ChunkRef | null = null;
    active++;
    try {
      ref = readJob(job.data, opts.key);
      let entry = compiled.get(ref.run);
      if (!entry) {
        entry = prepare(ref.run);
        compiled.set(ref.run, entry);
        entry.catch(() => compiled.delete(ref!.run));
        while (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
      }
      const { exp, spec } = await entry;
      const cap = spec.identity.stop.kind === 'games' ? spec.identity.stop.games : spec.identity.stop.maxGames;
      if (ref.start !== ref.m * spec.identity.chunk || ref.count !== Math.min(spec.identity.chunk, cap - ref.start)) {
        throw new JobRefusal({ id: 'queue.badChunk', params: { m: ref.m, start: ref.start, end: ref.start + ref.count - 1 } });
      }
      const r = await playWithinBudget(pool, { exp, start: ref.start, count: ref.count }, budget);
      await redis.multi().hset(resultsKey(ref.run), String(ref.m), sealResult(opts.key, ref.run, ref.m, packChunk(ref.m, r))).expire(resultsKey(ref.run), RUN_TTL_S).exec();
      log(t('queue.chunkDone', { m: ref.m, run: ref.run, games: ref.count }));
      return 'ok';
    } catch (e) {
      if (e instanceof JobRefusal) return refuse(job, ref, e);
      throw e;
    } finally {
      active--;
    }
  }, { connection: sideConnection(redis), concurrency: opts.threads, lockDuration: opts.lockMs, stalledInterval: Math.max(500, Math.floor(opts.lockMs / 2)), maxStalledCount: 2, name });
  // One line when Redis goes away, one when it is back (BullMQ reports every failed attempt).
  let lost = false;
  const onError = (): void => {
    if (!lost && redis.status !== 'ready') {
      lost = true;
      log(t('queue.workerRedisLost', { url: redact(url) }));
    }
  };
  worker.on('error', onError);
  redis.on('error', onError);
  redis.on('ready', () => {
    if (lost) log(t('queue.redisBack', { url: redact(url) }));
    lost = false;
  });
  await worker.waitUntilReady();
  return {
    name,
    async stop(graceMs: number) {
      // Redis away: nothing in hand can be delivered, stop at once. Else let the chunks in hand finish, up to graceMs.
      const before = active;
      const graceful = redis.status === 'ready' ? within(worker.close().then(() => true), graceMs, false) : Promise.resolve(false);
      const clean = await graceful;
      if (!clean) void worker.close(true).catch(() => undefined);
      await within(pool.destroy(), 2000, undefined);
      redis.disconnect();
      return { abandoned: clean ? 0 : before };
    },
  };
}
