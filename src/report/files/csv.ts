/**
 * CSV serialisation shared by every CSV report.
 */
import { stringify } from 'csv-stringify/sync';
import { formatCsvNumber } from '../format-number.js';

/** A CSV cell before formatting: numbers go through {@link formatCsvNumber}, null is empty. */
export type CsvCell = string | number | null | undefined;

/** A CSV table: a header and rows of the same width. */
export interface CsvTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly CsvCell[])[];
}

/** The byte order mark that makes Excel read a CSV as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would read as a formula (issue 39 item 11, OWASP "CSV injection"): it starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return. Such a cell gets a leading `'`, which spreadsheets show as text; a
 * number written as text (`-0.5`, `+3`) is left as it is.
 */
export function neutraliseFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i.test(text)) return text;
  return `'${text}`;
}

function cell(value: CsvCell): string {
  if (typeof value === 'number') return formatCsvNumber(value);
  return neutraliseFormula(value ?? '');
}

/**
 * Serialise a table to CSV text (RFC 4180 quoting, `\n` line ends, trailing
 * newline). With `bom`, the text starts with U+FEFF.
 */
export function toCsv(table: CsvTable, bom = false): string {
  const records = [table.header.map((h) => neutraliseFormula(String(h))), ...table.rows.map((r) => r.map(cell))];
  const text = stringify(records, { record_delimiter: 'unix' });
  return bom ? UTF8_BOM + text : text;
}
