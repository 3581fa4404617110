/**
 * A minimal aligned plain-text table that respects East Asian display width.
 */
import { displayWidth, padDisplay } from './display-width.js';

/** One column: its header and alignment. */
export interface TextColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
}

/** Each column's width in terminal columns: its widest cell or header. */
function columnWidths(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): number[] {
  return columns.map((c, i) => Math.max(displayWidth(c.header), ...rows.map((r) => displayWidth(r[i] ?? ''))));
}

/**
 * The header line and one line per row, each cell padded to its column's
 * display width (a full-width character counts two columns), columns separated
 * by two spaces, no trailing spaces. Every column starts at the same terminal
 * column on every line.
 */
export function alignColumns(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string[] {
  const widths = columnWidths(columns, rows);
  const line = (cells: readonly string[]) =>
    columns.map((c, i) => padDisplay(cells[i] ?? '', widths[i], c.align)).join('  ').replace(/\s+$/, '');
  return [line(columns.map((c) => c.header)), ...rows.map(line)];
}

/**
 * Render rows as aligned text: a header line, a dashed rule and one line per
 * row, columns separated by two spaces, no trailing spaces.
 */
export function renderTextTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
  const [head, ...body] = alignColumns(columns, rows);
  return [head, columnWidths(columns, rows).map((w) => '-'.repeat(w)).join('  '), ...body].join('\n');
}
