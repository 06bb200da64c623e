/** How a table of the mail's figures is laid out. */
import type { FigureTable } from './mails';

/** A column reads as figures, right-aligned, when every cell is a number or starts like one; never the first. */
export function numericColumns(t: FigureTable): boolean[] {
  return t.columns.map((_, i) => i > 0 && t.rows.every((r) => typeof r[i] === 'number' || /^[-+−]?\d/.test(String(r[i]))));
}
