/**
 * The results folder a run may write (issue 29 items 7, 8, 9, 12). Checked before anything is simulated:
 * - the folder, or its nearest existing ancestor, is a folder the tool can create files in (a probe folder is made
 *   and removed: `--out /proc/x`, a read-only place, a path under a file are refused at once);
 * - an existing folder is replaced only when it is empty or is a results folder: it holds the tool's marker
 *   ({@link RESULTS_MARKER_FILE}, with the run identity and the files written) or `run.json`, and nothing but the
 *   files a run writes. `--out .` in a project (run.json beside src/ and .env) is refused, naming the foreign files;
 * - a lock file beside it (`.NAME.lock`: pid and host) refuses a second live run on the same folder (and so on its
 *   resume journal), naming the other process; a lock whose process is gone on this host is stale and taken over.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, writeSync, constants } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../../sim/input/input-error.js';
import { removeOnExit } from '../../sim/run/exit-cleanup.js';
import { repairOutFolder } from './out-repair.js';

/** The marker a results folder written by balance-lab holds (hidden; JSON: tool, run identity, files). */
export const RESULTS_MARKER_FILE = '.balance-lab-results.json';

/** Everything a run, a merge, a tune, a solve, a search, an impact or an attribution writes into a results folder. */
const RESULT_NAMES = new Set([
  RESULTS_MARKER_FILE, 'run.json', 'summary.json', 'report.html', 'summary.csv', 'attrition.csv', 'cost-effectiveness.csv',
  'sweep.csv', 'breakdown.csv', 'charts', 'tuned', 'tuning.csv', 'solve.csv', 'solve.json', 'search.csv', 'search.json',
  'impact.csv', 'impact.json', 'flips.csv', 'flips.json', 'pairs',
]);

/** The files whose presence shows that balance-lab wrote a folder (a run's, a solve's, a search's, an impact's, an attribution's). */
const WRITTEN_BY_US = [RESULTS_MARKER_FILE, 'run.json', 'solve.json', 'search.json', 'impact.json', 'flips.json'];

/** The marker's content. */
export interface ResultsMarker {
  readonly tool: 'balance-lab';
  readonly experiment: string;
  readonly experimentHash: string;
  readonly seed: number;
  readonly packageVersion: string;
  readonly files: readonly string[];
}

function statOrNull(p: string) {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/** `path` or its nearest ancestor that exists, with its stats (null only if not even `/` can be read). */
function nearestExisting(path: string): { p: string; st: ReturnType<typeof statOrNull> } {
  let p = path;
  let st = statOrNull(p);
  while (!st) {
    const up = dirname(p);
    if (up === p) break;
    p = up;
    st = statOrNull(p);
  }
  return { p, st };
}

function fail(outDir: string, flag: string, problem: { id: 'security.outNotFolder' | 'security.outUnwritable' | 'security.outForeign' | 'security.outNotResults' | 'security.outLocked'; params: Record<string, string | number> }): never {
  throw new InputError(outDir, undefined, flag, problem, { id: 'security.outAllowed' });
}

/** Names in `dir` that no run writes (and the marker does not list). */
function foreignEntries(dir: string, entries: readonly string[]): string[] {
  let listed: Set<string> = new Set();
  try {
    const m = JSON.parse(readFileSync(join(dir, RESULTS_MARKER_FILE), 'utf8')) as Partial<ResultsMarker>;
    if (m.tool === 'balance-lab' && Array.isArray(m.files)) listed = new Set(m.files.map((f) => String(f).split('/')[0]));
  } catch {
    // no marker (a folder written before markers existed): the names alone decide
  }
  return entries.filter((e) => !RESULT_NAMES.has(e) && !listed.has(e));
}

/**
 * Check, before simulating, that `outDir` can become a results folder; throws an InputError (exit 2) naming the
 * folder, `flag` and the problem. Creates nothing that stays.
 */
export function checkOutFolder(outDir: string, flag = '--out'): void {
  // The nearest existing ancestor must be a folder we can create in.
  const { p, st } = nearestExisting(outDir);
  if (st && !st.isDirectory()) fail(outDir, flag, { id: 'security.outNotFolder', params: { path: p } });
  if (p === outDir) {
    const entries = readdirSync(outDir);
    if (entries.length > 0) {
      if (!WRITTEN_BY_US.some((f) => entries.includes(f))) {
        fail(outDir, flag, { id: 'security.outNotResults', params: { some: entries.slice(0, 5).join(', ') } });
      }
      const foreign = foreignEntries(outDir, entries);
      if (foreign.length > 0) fail(outDir, flag, { id: 'security.outForeign', params: { some: foreign.slice(0, 5).join(', '), count: foreign.length } });
    }
  }
  const probeIn = p === outDir ? dirname(outDir) : p;
  try {
    rmdirSync(mkdtempSync(join(probeIn, `.${basename(outDir)}.probe-`)));
  } catch (err) {
    fail(outDir, flag, { id: 'security.outUnwritable', params: { path: probeIn, code: (err as NodeJS.ErrnoException).code ?? 'EIO' } });
  }
}

/** The lock file of a results folder (beside it, like its staging folder). */
export function lockPath(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the lock of `outDir` for this process (pid and host in `.NAME.lock`, created exclusively). A lock held by a
 * live process — or by any process on another host, which cannot be checked — is refused naming it; a lock whose
 * process is gone on this host is stale and replaced. The lock is removed on every exit (see exit-cleanup.ts);
 * returns the function that releases it earlier.
 */
export function lockOutFolder(outDir: string, flag = '--out'): () => void {
  const file = lockPath(outDir);
  const me = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (err) {
    fail(outDir, flag, { id: 'security.outUnwritable', params: { path: dirname(file), code: (err as NodeJS.ErrnoException).code ?? 'EIO' } });
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        fail(outDir, flag, { id: 'security.outUnwritable', params: { path: dirname(file), code: (err as NodeJS.ErrnoException).code ?? 'EIO' } });
      }
      let other: { pid?: unknown; host?: unknown } = {};
      try {
        other = JSON.parse(readFileSync(file, 'utf8')) as typeof other;
      } catch {
        // unreadable or half-written lock: treated as stale below when it is old enough to be abandoned
      }
      const pid = typeof other.pid === 'number' ? other.pid : -1;
      const host = typeof other.host === 'string' ? other.host : '?';
      const stale = host === me.host ? pid <= 0 || !alive(pid) : false;
      if (!stale) fail(outDir, flag, { id: 'security.outLocked', params: { pid, host, lock: file } });
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, `${JSON.stringify(me)}\n`);
    closeSync(fd);
    const release = removeOnExit(file);
    // Ours now: no live run is mid-swap on this folder, so what an interrupted one left can be repaired.
    const repaired = repairOutFolder(outDir);
    if (repaired !== null) process.stderr.write(`${repaired}\n`);
    return release;
  }
  fail(outDir, flag, { id: 'security.outLocked', params: { pid: '?', host: '?', lock: file } });
}

/**
 * Check, before simulating, that the file `file` (a partial, a baseline) can be written: its nearest existing
 * ancestor folder is a folder we can create in, and the file itself, if it exists, is an ordinary file.
 */
export function checkOutFile(file: string, flag: string): void {
  const st = statOrNull(file);
  if (st && !st.isFile()) fail(file, flag, { id: 'security.outNotFolder', params: { path: file } });
  const { p, st: at } = nearestExisting(dirname(file));
  if (at && !at.isDirectory()) fail(file, flag, { id: 'security.outNotFolder', params: { path: p } });
  try {
    rmdirSync(mkdtempSync(join(p, `.${basename(file)}.probe-`)));
  } catch (err) {
    fail(file, flag, { id: 'security.outUnwritable', params: { path: p, code: (err as NodeJS.ErrnoException).code ?? 'EIO' } });
  }
}
