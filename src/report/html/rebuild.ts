/**
 * Rebuild report.html of an existing results folder from its summary.json,
 * without re-running the experiment (`balance-lab report <results-dir>`).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError } from '../../sim/input/input-error.js';
import type { Msg } from '../../i18n/t.js';
import { REPORT_DATA_FILE, REPORT_HTML_FILE } from './data.js';
import { parseReportData } from './data-read.js';
import { buildReportHtml } from './report.js';
import { keepOnExit, removeOnExit } from '../../sim/run/exit-cleanup.js';

/**
 * Read `<dir>/summary.json`, build the page and write `<dir>/report.html`
 * (through a temporary file and a rename, so a failure never leaves half a
 * page). Returns the path written. Bad input (no such folder, no or a
 * malformed summary.json) throws an InputError naming the file.
 */
export async function rebuildReport(dir: string): Promise<string> {
  const root = resolve(dir);
  const st = await stat(root).catch(() => null);
  if (!st) throw new InputError(dir, undefined, '', { id: 'reportData.noFolder' }, { id: 'reportData.runFolder' });
  if (!st.isDirectory()) throw new InputError(dir, undefined, '', { id: 'reportData.notFolder' }, { id: 'reportData.runFolder' });
  const dataFile = join(root, REPORT_DATA_FILE);
  let textIn: string;
  try {
    textIn = await readFile(dataFile, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    const problem: Msg = code === 'ENOENT' ? { id: 'reportData.noDataFile', params: { file: REPORT_DATA_FILE } } : { id: 'reportData.cannotReadData', params: { file: REPORT_DATA_FILE, code } };
    throw new InputError(dir, undefined, '', problem, { id: 'reportData.runFolder' });
  }
  const html = buildReportHtml(parseReportData(textIn, dataFile));
  const out = join(root, REPORT_HTML_FILE);
  const tmp = join(root, `.${REPORT_HTML_FILE}.tmp-${randomBytes(6).toString('hex')}`);
  const dropTmp = removeOnExit(tmp); // a Ctrl-C while writing leaves no .report.html.tmp-* behind
  try {
    await writeFile(tmp, html, 'utf8');
    await rename(tmp, out);
    keepOnExit(tmp);
  } catch (err) {
    dropTmp();
    await rm(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code) throw new InputError(out, undefined, '', { id: 'reportData.cannotWrite', params: { code } }, { id: 'reportData.writableFolder' });
    throw err;
  }
  return out;
}
