/**
 * The local thread pool a run plays its chunks on (piscina), with cancellation at the stop: once the run has merged
 * its last chunk, {@link LocalPool.cancelInFlight} aborts every chunk still in flight (their results would be discarded
 * anyway: the stop is decided on chunks merged in order) instead of waiting for them, and tears the threads down.
 * A running chunk's thread is terminated by piscina; a queued one is dropped. Results never depend on this: a
 * cancelled chunk was never merged nor journaled.
 */
import { Piscina } from 'piscina';
import { specialisedShipment, type ChunkResult } from './chunk.js';
import type { PeShipment } from '../core/pe-shipment.js';
import type { Experiment } from '../experiment/load.js';
import type { ChunkExecutor } from '../core/chunk-executor.js';
import type { ChunkTask } from './worker.js';

/** Plays chunks of one experiment on `workers` local threads; {@link cancelInFlight} cancels what is still in flight. */
export class LocalPool implements ChunkExecutor {
  /** Chunks kept ahead of the merge: two per thread. */
  readonly inFlight: number;
  /** Chunks handed to the threads, and those whose results arrived before {@link cancelInFlight} (tests). */
  submitted = 0;
  completed = 0;
  /** Chunk results that arrived after {@link cancelInFlight} began (tests: always 0, those chunks are cancelled). */
  lateResults = 0;
  /** Chunks cancelled by {@link cancelInFlight} (rejected with piscina's AbortError, which the run never awaits). */
  cancelled = 0;
  /** Results of cancelled chunks that a thread posted as they were cancelled, discarded (see onPoolError). */
  discardedAfterStop = 0;
  private readonly pool: Piscina<ChunkTask, ChunkResult>;
  private readonly stop = new AbortController();
  /** The experiment's specialised classes, generated here once for every thread (chunk.ts specialisedShipment). */
  private readonly shipped: PeShipment | null;

  /**
   * `file` is the compiled worker script (run.ts workerFile). The threads start first: they load their modules while
   * this thread specialises the experiment's runners, once, for all of them.
   */
  constructor(private readonly exp: Experiment, workers: number, file: string) {
    this.inFlight = 2 * workers;
    this.pool = new Piscina<ChunkTask, ChunkResult>({ filename: file, minThreads: workers, maxThreads: workers });
    this.pool.on('error', (e: unknown) => this.onPoolError(e));
    this.shipped = specialisedShipment(exp);
  }

  /**
   * An error piscina reports outside any task. After {@link cancelInFlight} a thread may still post the result of a chunk
   * it finished just as that chunk was cancelled; piscina no longer knows the task and reports "Unexpected message from
   * Worker". That result is discarded like every cancelled chunk's (counted in {@link discardedAfterStop}). Any other error —
   * or one before the stop — is thrown as piscina would throw it with no listener.
   */
  private onPoolError(e: unknown): void {
    if (this.stop.signal.aborted && e instanceof Error && e.message.startsWith('Unexpected message from Worker')) {
      this.discardedAfterStop++;
      return;
    }
    throw e;
  }

  /** Play chunk `m` (games start … start+count−1) on a thread; rejects with an AbortError once {@link cancelInFlight} cancels it. */
  run(_m: number, start: number, count: number): Promise<ChunkResult> {
    const { signal } = this.stop;
    this.submitted++;
    return this.pool.run({ exp: this.exp, start, count, shipped: this.shipped }, { signal }).then(
      (r) => {
        if (signal.aborted) this.lateResults++;
        else this.completed++;
        return r;
      },
      (e: unknown) => {
        if (signal.aborted && e instanceof Error && e.name === 'AbortError') this.cancelled++;
        throw e;
      },
    );
  }

  /** Cancel every chunk still in flight and terminate the threads, without waiting for those chunks. */
  async cancelInFlight(): Promise<void> {
    this.stop.abort();
    await this.pool.destroy();
  }
}
