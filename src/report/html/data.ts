/**
 * summary.json: the saved data the HTML report is built from, written into
 * every results folder so `balance-lab report` can rebuild report.html
 * without re-running the experiment.
 */
import type { SampleLinks } from './samples.js';
import type { RunSummary } from '../../sim/stats/summary.js';
import type { RunJson } from '../files/run-json.js';

/** The value of {@link ReportData.format}. */
export const REPORT_DATA_FORMAT = 'balance-lab-summary';

/** The current {@link ReportData.formatVersion}; readers reject other versions. */
export const REPORT_DATA_VERSION = 1;

/** The file name of the saved data inside a results folder. */
export const REPORT_DATA_FILE = 'summary.json';

/** The file name of the HTML report inside a results folder. */
export const REPORT_HTML_FILE = 'report.html';

/** The run.json fields the report shows besides the summary. */
export type ReportRunMeta = Pick<RunJson, 'packageVersion' | 'gitCommit' | 'nodeVersion' | 'replay'>;

/** Everything the report shows: the full statistical summary plus run metadata. */
export interface ReportData {
  readonly format: typeof REPORT_DATA_FORMAT;
  readonly formatVersion: typeof REPORT_DATA_VERSION;
  /** When the results were written (ISO 8601, UTC). */
  readonly writtenAt: string;
  /**
   * Run metadata. Written with the whole content of run.json; the report reads
   * only the fields of {@link ReportRunMeta} (the rest is in the summary).
   */
  readonly run: ReportRunMeta;
  /** The full summary; non-finite numbers are saved as `null` and read back as NaN. */
  readonly summary: RunSummary;
  /** Where the web app is and the run's work, for the sample-game links (issue 43 item 4); absent when unknown. */
  readonly samples?: SampleLinks;
}

/** Assemble the saved data of a run. */
export function reportData(summary: RunSummary, run: RunJson, writtenAt: Date, samples?: SampleLinks): ReportData {
  return { format: REPORT_DATA_FORMAT, formatVersion: REPORT_DATA_VERSION, writtenAt: writtenAt.toISOString(), run, summary, ...(samples ? { samples } : {}) };
}

/** summary.json's text: indented JSON with a final newline. */
export function reportDataJson(data: ReportData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}
