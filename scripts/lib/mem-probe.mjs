/**
 * Memory probe preloaded into a real `balance-lab run` by scripts/memory-flat.mjs (`node --expose-gc --import
 * scripts/lib/mem-probe.mjs bin/balance-lab.js run …`). Node preloads it into the main thread and into every worker
 * thread of the pool (they inherit the options), so each isolate samples itself: every MEMFLAT_EVERY_MS (default
 * 1000) it forces a full garbage collection and appends one JSON line to MEMFLAT_LOG — wall seconds since the Unix
 * epoch (measurement only), thread id, and process.memoryUsage() (rss is the whole process; heapUsed, heapTotal,
 * external and arrayBuffers are this isolate's). A pool worker samples between chunks, when it next waits for one.
 * Without MEMFLAT_LOG it does nothing.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

const file = process.env.MEMFLAT_LOG;
if (file) {
  const every = Number(process.env.MEMFLAT_EVERY_MS ?? 1000);
  const sample = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    const line = { t: Date.now() / 1000, thread: threadId, main: isMainThread, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  let last = Date.now();
  const due = () => {
    if (Date.now() - last < every) return;
    last = Date.now();
    sample();
  };
  sample();
  if (isMainThread) setInterval(due, every).unref();
  else {
    // A pool worker waits for its next chunk in Atomics.wait (piscina's default), where timers never run: it samples
    // there instead, between chunks.
    const wait = Atomics.wait;
    Atomics.wait = function probedWait(...args) {
      due();
      return wait.apply(Atomics, args);
    };
  }
}
