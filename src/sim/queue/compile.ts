/**
 * Compiling a queue job's experiment on a worker (issue 29 items 1–3): in a throw-away worker thread
 * (sim/queue/compile-thread.ts) with a heap limit and a time limit, reading scenario files only from the worker's
 * scenario roots and builtin:. Whatever the job holds, the worker process gets back a compiled experiment or a
 * {@link JobRefusal}; it never runs out of memory, hangs, or keeps state from a hostile job.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Experiment, Overrides } from '../experiment/load.js';
import { JobRefusal, type SpecSource } from './job.js';
import { getLang } from '../../i18n/lang.js';

/** Limits of one compile. */
export const COMPILE_TIMEOUT_MS = 60_000;
export const COMPILE_HEAP_MB = 768;

/** Which folders a job's experiment may read scenario files from (scenario-path.ts's ScenarioAccess). */
export interface JobAccess {
  readonly experimentDir: null;
  readonly roots: readonly string[];
}

/** What the compile thread is given. */
export interface CompileRequest {
  readonly file: string;
  readonly text: string;
  readonly overrides: Overrides;
  readonly exact?: SpecSource['exact'];
  readonly access: JobAccess;
  readonly lang: string;
}

/** What it answers. */
export type CompileReply = { ok: Experiment } | { refused: { where: string; problem: string } } | { crashed: string };

function threadFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? resolve(dirname(here), '../../../dist/sim/queue/compile-thread.js') : fileURLToPath(new URL('./compile-thread.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`compile thread ${file} not found; run "npm run build" first`);
  return file;
}

function real(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

/**
 * The access of a job: the worker's roots, and first the job's own folder when it lies inside one of them (so
 * `../scenarios/x.yaml` resolves as on the coordinator with a shared checkout). A folder outside the roots adds nothing.
 */
export function jobAccess(jobFile: string, roots: readonly string[]): JobAccess {
  const realRoots = roots.map(real).filter((r): r is string => r !== null);
  const dir = isAbsolute(jobFile) ? real(dirname(jobFile)) : null;
  const inside = dir !== null && realRoots.some((r) => {
    const rel = relative(r, dir);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
  });
  return { experimentDir: null, roots: inside ? [dir!, ...realRoots] : realRoots };
}

/** Compile `source` in a fresh thread; a {@link JobRefusal} (not final: another worker may have the files) when it cannot. */
export function compileJob(source: SpecSource, roots: readonly string[], limits = { timeoutMs: COMPILE_TIMEOUT_MS, heapMb: COMPILE_HEAP_MB }): Promise<Experiment> {
  const req: CompileRequest = { file: source.file, text: source.text, overrides: source.overrides, ...(source.exact ? { exact: source.exact } : {}), access: jobAccess(source.file, roots), lang: getLang() };
  return new Promise<Experiment>((resolvePromise, reject) => {
    const limit = (): JobRefusal => new JobRefusal({ id: 'queue.compileLimit', params: { seconds: limits.timeoutMs / 1000, mb: limits.heapMb } }, false);
    const w = new Worker(threadFile(), { workerData: req, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb }, stdout: true, stderr: true });
    let settled = false;
    const settle = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void w.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(limit())), limits.timeoutMs);
    w.on('message', (r: CompileReply) => settle(() => {
      if ('ok' in r) resolvePromise(r.ok);
      else if ('refused' in r) reject(new JobRefusal({ id: 'queue.noCompile', params: { where: r.refused.where, problem: r.refused.problem } }, false));
      else reject(new JobRefusal({ id: 'queue.noCompile', params: { where: source.file, problem: r.crashed } }, false));
    }));
    w.on('error', () => settle(() => reject(limit())));
    w.on('exit', () => settle(() => reject(limit())));
  });
}
