/**
 * Where a run's chunks are played (run.ts): the local worker pool (local-pool.ts) or a queue (queue.ts). Its own file
 * so that neither imports run.ts for the type (no import circle).
 */
import type { ChunkResult } from './chunk.js';

/** Something that plays chunk `m` (games start … start+count−1) somewhere and returns its result. */
export interface ChunkExecutor {
  /** Chunks kept ahead of the merge (read before each merge: it may grow with the fleet). */
  readonly inFlight: number;
  run(m: number, start: number, count: number): Promise<ChunkResult>;
  /** Called once when the run ends (stop, abort or error); the local pool cancels its chunks in flight (local-pool.ts). */
  cancelInFlight?(): Promise<void>;
}
