/**
 * Piscina worker entry. Runs compiled from dist/sim/run/worker.js (never through a
 * TS loader); each task is one chunk of games.
 */
import { runChunk, type ChunkResult } from './chunk.js';
import type { Experiment } from '../experiment/load.js';
import type { PeShipment } from '../core/pe-shipment.js';

/** One work unit sent to a worker: the (plain JSON) experiment and a game range. */
export interface ChunkTask {
  readonly exp: Experiment;
  readonly start: number;
  readonly count: number;
  /** The specialised classes the run's main thread generated (local pools only: chunk.ts specialisedShipment). */
  readonly shipped?: PeShipment | null;
}

/** Play one chunk; runners are cached per experiment hash inside this thread. */
export default async function runTask(task: ChunkTask): Promise<ChunkResult> {
  return runChunk(task.exp, task.start, task.count, task.shipped ?? null);
}
