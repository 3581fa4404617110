/**
 * Where a run's chunks are played (sim/run/run.ts): a platform's pool of workers (platform.ts: piscina threads on
 * Node, Web Workers in a page) or a queue (sim/queue/queue.ts). Here, in the lowest layer, so that the platform
 * interface can name it and neither the pool nor the queue imports run.ts for the type (no import circle).
 */

/** A chunk's outcome: plain data, cheap to send between threads. */
export interface ChunkResult {
  readonly start: number;
  readonly count: number;
  /** Accumulator data per variant, in `exp.compiled.variants` order. */
  readonly data: Float64Array[];
  /** Rules-dice draws over all games and variants of the chunk (for the benchmark). */
  readonly draws: number;
  /** Policy-dice draws over all games and variants of the chunk. */
  readonly policyDraws: number;
}

/** Something that plays chunk `m` (games start … start+count−1) somewhere and returns its result. */
export interface ChunkExecutor {
  /** Chunks kept ahead of the merge (read before each merge: it may grow with the fleet). */
  readonly inFlight: number;
  run(m: number, start: number, count: number): Promise<ChunkResult>;
  /** Called once when the run ends (stop, abort or error); the local pool cancels its chunks in flight (local-pool.ts). */
  cancelInFlight?(): Promise<void>;
}
