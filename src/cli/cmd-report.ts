/** `balance-lab report <results-dir>`: rebuild report.html from the folder's summary.json, without re-running. */
import { rebuildReport } from '../report/html/rebuild.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

/** Rebuild the report of `dir` and print the path written. Bad input throws an InputError (exit code 2). */
export async function reportCommand(dir: string): Promise<void> {
  const out = await rebuildReport(dir);
  process.stdout.write(t('cli.initWrote', { path: shownPath(out) }));
}
