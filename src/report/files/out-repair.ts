/**
 * Repair what an interrupted replacement of a results folder left beside it (issue 29 item 12): a process killed
 * (SIGKILL, a power cut) between moving the old folder aside as `.NAME.old-*` and renaming the new `.NAME.tmp-*` in
 * leaves no NAME. The next run on the same folder — holding its lock, so no live run is mid-swap — puts the old
 * folder back (the conservative choice: a temporary folder's completeness cannot be proven), removes old folders
 * whose replacement is in place and unfinished temporary folders, and says what it did in one line.
 */
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { t } from '../../i18n/t.js';
import { shownPath } from '../../sim/input/shown-path.js';

/** Repair the leftovers beside `outDir`; the one-line report of what was done, or null when nothing was left. */
export function repairOutFolder(outDir: string): string | null {
  const parent = dirname(outDir);
  const base = basename(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return null; // no parent yet: nothing left behind
  }
  const mtime = (n: string): number => statSync(join(parent, n)).mtimeMs;
  const olds = names.filter((n) => n.startsWith(`.${base}.old-`)).sort((a, b) => mtime(b) - mtime(a) || (a < b ? -1 : 1));
  const tmps = names.filter((n) => n.startsWith(`.${base}.tmp-`));
  if (olds.length === 0 && tmps.length === 0) return null;
  const done: string[] = [];
  let present = names.includes(base);
  if (!present && olds.length > 0) {
    renameSync(join(parent, olds[0]!), outDir);
    present = true;
    done.push(t('security.repairRestored', { old: olds.shift()! }));
  }
  for (const n of olds) rmSync(join(parent, n), { recursive: true, force: true });
  if (olds.length > 0) done.push(t('security.repairOldRemoved', { n: olds.length }));
  for (const n of tmps) rmSync(join(parent, n), { recursive: true, force: true });
  if (tmps.length > 0) done.push(t('security.repairTmpRemoved', { n: tmps.length }));
  return t('security.outRepaired', { out: shownPath(outDir), what: done.join(t('security.repairJoin')) });
}
