/**
 * A pool of engine Web Workers that plays chunks for the unchanged run driver
 * (src/sim/run/run.ts, through its ChunkExecutor interface): the driver hands out
 * the same chunks (index, start, count) as on the CLI's piscina pool and merges
 * them in chunk order, so the results are the CLI's, byte for byte.
 */
import type { ChunkResult } from '../../src/sim/run/chunk.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import type { ChunkExecutor } from '../../src/sim/core/chunk-executor.js';
import { experimentKey, type WorkerIn, type WorkerOut } from './pool-protocol.js';
import { render, t } from '../../src/i18n/t.js';

declare const BL_WORKER_SOURCE: string;

interface Slot {
  readonly worker: Worker;
  readonly keys: Set<string>;
  busy: number;
}

/** Engine workers started from the bundled worker script (a Blob URL: allowed from file:// and any static host). */
export class WorkerPool {
  private readonly slots: Slot[];
  private readonly waiting = new Map<number, { resolve(r: ChunkResult): void; reject(e: Error): void; slot: Slot }>();
  private nextId = 1;
  private readonly url: string;

  constructor(readonly size: number) {
    this.url = URL.createObjectURL(new Blob([BL_WORKER_SOURCE], { type: 'text/javascript' }));
    this.slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: new Worker(this.url), keys: new Set(), busy: 0 };
      slot.worker.onmessage = (e: MessageEvent<WorkerOut>) => this.settle(e.data);
      slot.worker.onerror = (e) => this.failAll(slot, new Error(t('outLine.workerFailed', { problem: e.message })));
      return slot;
    });
  }

  private settle(m: WorkerOut): void {
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    w.slot.busy--;
    if ('error' in m) w.reject(new Error(typeof m.error === 'string' ? m.error : render(m.error)));
    else w.resolve(m.result);
  }

  private failAll(slot: Slot, err: Error): void {
    for (const [id, w] of this.waiting) {
      if (w.slot !== slot) continue;
      this.waiting.delete(id);
      w.reject(err);
    }
  }

  /** The executor of one experiment: `2 × size` chunks in flight, each to the least busy worker. */
  executor(exp: Experiment): ChunkExecutor {
    const key = experimentKey(exp);
    return {
      inFlight: 2 * this.size,
      run: (_m: number, start: number, count: number) => new Promise<ChunkResult>((resolve, reject) => {
        const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
        if (!slot.keys.has(key)) {
          slot.worker.postMessage({ kind: 'exp', key, exp } satisfies WorkerIn);
          slot.keys.add(key);
        }
        const id = this.nextId++;
        slot.busy++;
        this.waiting.set(id, { resolve, reject, slot });
        slot.worker.postMessage({ kind: 'chunk', id, key, start, count } satisfies WorkerIn);
      }),
    };
  }

  /** Stop every worker; chunks still waiting are rejected. */
  terminate(): void {
    for (const s of this.slots) {
      s.worker.terminate();
      this.failAll(s, new Error('stopped'));
    }
    URL.revokeObjectURL(this.url);
  }
}
