/** The CSV files of a run's results folder, shared by the CLI (write-results.ts) and the web app. */
import type { RunSummary } from '../../sim/stats/summary.js';
import { attritionCsv } from './attrition-csv.js';
import { costEffectivenessCsv } from '../cost-effectiveness.js';
import { toCsv } from './csv.js';
import { breakdownCsv } from '../rate-families.js';
import { summaryCsv } from './summary-csv.js';
import { sweepCsv } from './sweep-csv.js';

/**
 * A run's CSV files as `[name, text]` in writing order: summary.csv,
 * attrition.csv, cost-effectiveness.csv, then sweep.csv and breakdown.csv when
 * the run has them. The CLI writes them to the results folder; the web app
 * offers the same texts as downloads.
 */
export function csvFiles(summary: RunSummary, bom = false): [string, string][] {
  const files: [string, string][] = [
    ['summary.csv', toCsv(summaryCsv(summary), bom)],
    ['attrition.csv', toCsv(attritionCsv(summary), bom)],
    ['cost-effectiveness.csv', toCsv(costEffectivenessCsv(summary), bom)],
  ];
  const sweep = sweepCsv(summary);
  if (sweep) files.push(['sweep.csv', toCsv(sweep, bom)]);
  const breakdown = breakdownCsv(summary);
  if (breakdown) files.push(['breakdown.csv', toCsv(breakdown, bom)]);
  return files;
}

