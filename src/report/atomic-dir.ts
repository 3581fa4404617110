/**
 * Replace a whole output folder without ever leaving it half written.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** The file whose presence marks a folder as one this tool may replace. */
export const RESULTS_MARKER = 'run.json';

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Refuse to replace something that is not a previous results folder: an
 * existing `dir` must be a directory that is empty or holds `marker`.
 */
async function assertReplaceable(dir: string, marker: string): Promise<boolean> {
  const st = await statOrNull(dir);
  if (!st) return false;
  if (!st.isDirectory()) throw new Error(`refusing to replace ${dir}: it exists and is not a folder`);
  const entries = await readdir(dir);
  if (entries.length > 0 && !entries.includes(marker)) {
    throw new Error(`refusing to replace ${dir}: it is not empty and does not look like a results folder (no ${marker})`);
  }
  return true;
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
  const existed = await assertReplaceable(target, marker);
  await mkdir(parent, { recursive: true });
  const tmp = await mkdtemp(join(parent, `.${base}.tmp-`));
  let result: T;
  try {
    result = await fill(tmp);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }

  const old = existed ? join(parent, `.${base}.old-${randomBytes(6).toString('hex')}`) : null;
  try {
    if (old) await rename(target, old);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  try {
    await rename(tmp, target);
  } catch (err) {
    if (old) await rename(old, target).catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  // The new results are in place; removing the old ones is best effort.
  if (old) await rm(old, { recursive: true, force: true }).catch(() => undefined);
  return result;
}
