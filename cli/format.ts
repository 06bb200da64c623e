/** Plain-text output: aligned tables (numbers in them as lib/format.ts prints them in ASCII). */
import { formatNumber } from '../lib/format';

export type Cell = string | number;

/**
 * An aligned table: numbers to the right, text to the left, two spaces
 * between columns, a rule under the header. `right` puts the text columns
 * it names to the right too (columns of ranges, say).
 */
export function table(header: string[], rows: Cell[][], right: readonly string[] = []): string {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell, { ascii: true }) : cell)));
  const rightAligned = header.map(
    (h, col) => right.includes(h) || (rows.length > 0 && rows.every((row) => typeof row[col] === 'number')),
  );
  const widths = header.map((h, col) => Math.max(h.length, ...text.map((row) => (row[col] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, col) => (rightAligned[col] ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

/** Parameters as "name=value name=value". */
export function formatParams(params: Record<string, number | string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
}
