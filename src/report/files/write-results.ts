/**
 * Write a run's result folder: CSVs, charts (Vega-Lite + SVG), summary.json,
 * report.html and run.json, replacing the previous folder atomically.
 */
import type { SampleLinks } from '../html/samples.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RunSummary } from '../../sim/stats/summary.js';
import { replaceDirAtomically } from './atomic-dir.js';
import { RESULTS_MARKER_FILE, type ResultsMarker } from './out-folder.js';
import { buildCharts } from '../charts/all.js';
import { REPORT_DATA_FILE, REPORT_HTML_FILE, reportData, reportDataJson } from '../html/data.js';
import { buildReportHtml } from '../html/report.js';
import { csvFiles } from './csv-files.js';
import { renderSvg } from '../charts/render.js';
import { runJson } from './run-json.js';

/** Options of {@link writeResults}. */
export interface WriteResultsOptions {
  /** Prepend U+FEFF to every CSV so Excel reads UTF-8 (Japanese labels). */
  readonly bom?: boolean;
  /** The simulator's git commit, recorded in run.json (null when unknown). */
  readonly gitCommit?: string | null;
  readonly packageVersion: string;
  readonly nodeVersion: string;
  /** When the results are written, recorded in summary.json and the report (default: now). */
  readonly writtenAt?: Date;
  /**
   * Called after each file is written into the temporary folder, with its
   * relative path. Throwing aborts the write (used by tests to prove that a
   * failure midway leaves the previous results untouched).
   */
  readonly onFileWritten?: (relPath: string) => void | Promise<void>;
  /** The web app's address and the run's work: the report links each variant's sample games (issue 43 item 4). */
  readonly samples?: SampleLinks;
}

/**
 * Write every result file of `summary` into `outDir`: summary.csv,
 * attrition.csv, cost-effectiveness.csv, charts/<name>.vl.json and
 * charts/<name>.svg, summary.json (the full summary and run metadata, from
 * which `balance-lab report` rebuilds the page), report.html, and run.json
 * (last). The files are built in a temporary sibling folder that then
 * replaces `outDir` (see {@link replaceDirAtomically});
 * on failure the previous `outDir` is untouched. Returns the written paths
 * relative to `outDir`, with `/` separators, in writing order.
 */
export async function writeResults(summary: RunSummary, outDir: string, opts: WriteResultsOptions): Promise<string[]> {
  const bom = opts.bom ?? false;
  return replaceDirAtomically(outDir, async (tmp) => {
    const written: string[] = [];
    const made = new Set<string>([tmp]);
    const put = async (rel: string, text: string): Promise<void> => {
      const path = join(tmp, ...rel.split('/'));
      // Folders inside tmp are made one level at a time, never recursively: a recursive mkdir still in the thread
      // pool when Ctrl-C's exit handler removes tmp would make tmp again and leave `.NAME.tmp-*` behind.
      const dir = dirname(path);
      if (!made.has(dir)) {
        await mkdir(dir);
        made.add(dir);
      }
      await writeFile(path, text, 'utf8');
      written.push(rel);
      await opts.onFileWritten?.(rel);
    };

    for (const [rel, text] of csvFiles(summary, bom)) await put(rel, text);
    for (const chart of buildCharts(summary)) {
      await put(`charts/${chart.name}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
      await put(`charts/${chart.name}.svg`, await renderSvg(chart.spec));
    }
    const run = runJson(summary, { packageVersion: opts.packageVersion, nodeVersion: opts.nodeVersion, gitCommit: opts.gitCommit ?? null });
    const data = reportData(summary, run, opts.writtenAt ?? new Date(), opts.samples);
    await put(REPORT_DATA_FILE, reportDataJson(data));
    await put(REPORT_HTML_FILE, buildReportHtml(data));
    await put('run.json', `${JSON.stringify(run, null, 2)}\n`);
    // The marker: this folder was written by balance-lab, for this run, with these files (see out-folder.ts).
    const marker: ResultsMarker = {
      tool: 'balance-lab', experiment: summary.experiment.name, experimentHash: summary.experiment.hash,
      seed: summary.seed, packageVersion: opts.packageVersion, files: [...written],
    };
    await writeFile(join(tmp, RESULTS_MARKER_FILE), `${JSON.stringify(marker)}\n`, 'utf8');
    return written;
  });
}
