/** Plain-text output: aligned tables and numbers a person can read. */

export type Cell = string | number;

/** A number in few characters: integers and large values whole, others with 4 significant digits. */
export function formatNumber(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e12 || abs < 1e-3) return value.toExponential(3);
  if (abs >= 1000) return String(Math.round(value));
  return String(Number(value.toPrecision(4)));
}

/** A ratio such as "172.6x", or "-" when it has no meaning. */
export function formatRatio(after: number | undefined, before: number | undefined): string {
  if (after === undefined || before === undefined || before === 0) return '-';
  return `${formatNumber(after / before)}x`;
}

/** A range "min..max" of numbers (ASCII, and unambiguous with negative values), or one number when min = max. */
export function formatRange(min: number | undefined, max: number | undefined): string {
  if (min === undefined || max === undefined || Number.isNaN(min) || Number.isNaN(max)) return '-';
  const lo = formatNumber(min);
  const hi = formatNumber(max);
  return lo === hi ? lo : `${lo}..${hi}`;
}

/**
 * An aligned table: numbers to the right, text to the left, two spaces
 * between columns, a rule under the header. `right` puts the text columns
 * it names to the right too (columns of ranges, say).
 */
export function table(header: string[], rows: Cell[][], right: readonly string[] = []): string {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
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
