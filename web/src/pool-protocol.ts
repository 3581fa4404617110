/** Messages between the web app and its engine workers (worker.ts, pool.ts). */
import type { ChunkResult } from '../../src/sim/run/chunk.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import type { Msg } from '../../src/i18n/t.js';

/** To a worker. */
export type WorkerIn =
  | { readonly kind: 'exp'; readonly key: string; readonly exp: Experiment }
  | { readonly kind: 'chunk'; readonly id: number; readonly key: string; readonly start: number; readonly count: number };

/**
 * From a worker. An `error` is the text of what the engine threw, or a catalogue message the pool renders in the
 * app's language (the worker does not know it).
 */
export type WorkerOut = { readonly id: number; readonly result: ChunkResult } | { readonly id: number; readonly error: string | Msg };

/** The key a worker keeps a compiled experiment under: its text's hash and its seed (the web app may override the seed). */
export function experimentKey(exp: Experiment): string {
  return `${exp.hash}:${exp.seed}`;
}
