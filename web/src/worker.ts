/**
 * The Web Worker entry of the web app: plays chunks of games with the same
 * `runChunk` as the CLI's piscina threads (src/sim/run/worker.ts), so every chunk's
 * accumulators are the same numbers. Built as a classic script and started
 * from a Blob URL, which works from `file://` where module workers are blocked.
 *
 * Messages in: `{ kind: 'exp', key, exp }` (the compiled experiment, once per
 * experiment and seed) and `{ kind: 'chunk', id, key, start, count }`.
 * Messages out: `{ id, result }` (its Float64Arrays transferred) or `{ id, error }`.
 */
import { runChunk } from '../../src/sim/run/chunk.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import type { WorkerIn, WorkerOut } from './pool-protocol.js';

const known = new Map<string, Experiment>();
const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerIn>) => void) | null; postMessage(m: unknown, transfer?: Transferable[]): void };

scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'exp') {
    known.set(m.key, m.exp);
    return;
  }
  const exp = known.get(m.key);
  if (!exp) {
    // A bug in the app's protocol (the pool sends each experiment before its chunks): the pool names it in the app's language.
    const out: WorkerOut = { id: m.id, error: { id: 'internal.workerNoExperiment', params: { key: m.key } } };
    scope.postMessage(out);
    return;
  }
  try {
    const result = runChunk(exp, m.start, m.count);
    scope.postMessage({ id: m.id, result }, result.data.map((d) => d.buffer as ArrayBuffer));
  } catch (err) {
    scope.postMessage({ id: m.id, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
};
