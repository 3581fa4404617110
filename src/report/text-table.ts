/**
 * A minimal aligned plain-text table that respects East Asian display width.
 */
import { displayWidth, padDisplay } from './display-width.js';

/** One column: its header and alignment. */
export interface TextColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
}

/**
 * Render rows as aligned text: a header line, a dashed rule and one line per
 * row, columns separated by two spaces, no trailing spaces.
 */
export function renderTextTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(displayWidth(c.header), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    columns.map((c, i) => padDisplay(cells[i] ?? '', widths[i], c.align)).join('  ').replace(/\s+$/, '');
  return [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
