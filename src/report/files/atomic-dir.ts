/**
 * Replace a whole output folder without ever leaving it half written.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { checkOutFolder } from './out-folder.js';
import { keepOnExit, removeOnExit, repairOnExit } from '../../sim/run/exit-cleanup.js';
import { testHold } from '../../sim/run/test-hold.js';

/** A file whose presence marks a folder as one this tool may replace (with {@link RESULTS_MARKER_FILE}). */
export const RESULTS_MARKER = 'run.json';
export { RESULTS_MARKER_FILE } from './out-folder.js';

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Refuse to replace something that is not a previous results folder (see {@link checkOutFolder}: empty, or holding
 * `run.json` or the marker and nothing a run does not write). Returns whether `dir` exists.
 */
async function assertReplaceable(dir: string): Promise<boolean> {
  const st = await statOrNull(dir);
  checkOutFolder(dir);
  return st !== null;
}

/**
 * Build a folder's new content in a temporary sibling folder with `fill`, then
 * swap it in by rename: the old folder is moved aside, the new one renamed to
 * `outDir`, and only then the old one deleted. If `fill` or the swap fails,
 * the temporary folder is deleted, the old folder is left (or put back) in
 * place, and the error is rethrown.
 *
 * As a safety net, an existing `outDir` is only replaced when it is empty or
 * contains `marker` (default {@link RESULTS_MARKER}), so a mistyped `--out`
 * can never delete an unrelated folder.
 */
export async function replaceDirAtomically<T>(
  outDir: string,
  fill: (tmpDir: string) => Promise<T>,
  marker: string = RESULTS_MARKER,
): Promise<T> {
  const target = resolve(outDir);
  const parent = dirname(target);
  const base = basename(target);
  void marker;
  const existed = await assertReplaceable(target);
  await mkdir(parent, { recursive: true });
  // Registered for removal however the process ends (Ctrl-C, an error, process.exit) BEFORE it is made, so no instant
  // exists where the folder is on disk but not registered (a Ctrl-C there left .NAME.tmp-* behind).
  const tmp = join(parent, `.${base}.tmp-${randomBytes(6).toString('hex')}`);
  const dropTmp = removeOnExit(tmp);
  try {
    await mkdir(tmp);
  } catch (err) {
    keepOnExit(tmp); // not ours (it could not be made): forget it without removing anything
    throw err;
  }
  await testHold('tmp-made');
  let result: T;
  try {
    result = await fill(tmp);
  } catch (err) {
    dropTmp();
    throw err;
  }

  const old = existed ? join(parent, `.${base}.old-${randomBytes(6).toString('hex')}`) : null;
  // An exit (Ctrl-C, SIGTERM, process.exit) between the two renames finishes the swap — the new content is complete —
  // or, if that cannot be, puts the old folder back; never leaves `.NAME.old-*` without NAME.
  const settled = repairOnExit(() => {
    if (!existsSync(target) && existsSync(tmp)) renameSync(tmp, target);
    if (!existsSync(target) && old && existsSync(old)) renameSync(old, target);
    if (old && existsSync(target)) rmSync(old, { recursive: true, force: true });
  });
  try {
    if (old) await rename(target, old);
  } catch (err) {
    settled();
    dropTmp();
    throw err;
  }
  try {
    await testHold('swap');
    await rename(tmp, target);
  } catch (err) {
    if (old) await rename(old, target).catch(() => undefined);
    settled();
    dropTmp();
    throw err;
  }
  settled();
  keepOnExit(tmp);
  // The new results are in place; removing the old ones is best effort.
  if (old) await rm(old, { recursive: true, force: true }).catch(() => undefined);
  return result;
}
