/**
 * Paths removed however the process ends (issue 29 item 12): a results folder's temporary `.NAME.tmp-*` build, its
 * lock. Removal runs on the `exit` event (normal end, `process.exit` after an error or after Ctrl-C's handler), and
 * a SIGINT/SIGTERM that arrives while paths are registered and no other handler is installed exits through it
 * (code 130) instead of dying with the paths left behind. Before the removals, the repairs registered with
 * {@link repairOnExit} run: a results folder swap cut short is finished or undone (issue 29 item 12).
 */
import { rmSync } from 'node:fs';

const paths = new Set<string>();
const repairs = new Set<() => void>();
let installed = false;

function removeAll(): void {
  for (const r of repairs) {
    try {
      r();
    } catch {
      // best effort on the way out; a later run on the same folder repairs what is left (out-repair.ts)
    }
  }
  repairs.clear();
  for (const p of paths) {
    try {
      rmSync(p, { recursive: true, force: true });
    } catch {
      // best effort on the way out
    }
  }
  paths.clear();
}

function onSignal(): void {
  // Another handler (the run's interrupt message) also listens: it prints and exits; exit removes the paths.
  if (process.listenerCount('SIGINT') > 1 || process.listenerCount('SIGTERM') > 1) return;
  process.exit(130);
}

/** Remove `path` (file or folder) when the process exits; returns a function that removes it now and forgets it. */
export function removeOnExit(path: string): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', removeAll);
  }
  if (paths.size === 0) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  paths.add(path);
  return () => {
    if (!paths.delete(path)) return;
    rmSync(path, { recursive: true, force: true });
    if (paths.size === 0) {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    }
  };
}

/**
 * Run `repair` (synchronous) if the process exits before the returned function is called; it runs before the
 * registered paths are removed. Register it while a path is registered, so that a signal exits through it.
 */
export function repairOnExit(repair: () => void): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', removeAll);
  }
  repairs.add(repair);
  return () => { repairs.delete(repair); };
}

/** Stop tracking `path` without removing it (it became the results folder). */
export function keepOnExit(path: string): void {
  paths.delete(path);
  if (paths.size === 0) {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
