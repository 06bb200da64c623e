/**
 * A heatmap a lab computes in C (lab_heat_json_open): rows[r][t] is the
 * value of row r in time bucket t, bucket_ns wide, over the run up to the
 * snapshot's step. The schema every lab's snapshot uses for one, its
 * consistency check, and the questions every heatmap's words ask of it.
 */
import { z } from 'zod';

export const LabHeat = z.object({
  bucket_ns: z.number().min(0),
  nr_time: z.number().int().min(0),
  nr_rows: z.number().int().min(0),
  rows: z.array(z.array(z.number())),
  row_labels: z.array(z.string()),
});
export type LabHeat = z.infer<typeof LabHeat>;

/** A lab heatmap whose shape does not add up, described; null when it is consistent. */
export function labHeatProblem(name: string, h: LabHeat): string | null {
  if (h.rows.length !== h.nr_rows) return `${name} has ${h.rows.length} rows where nr_rows says ${h.nr_rows}`;
  if (h.row_labels.length !== h.nr_rows) return `${name} has ${h.row_labels.length} row labels where nr_rows says ${h.nr_rows}`;
  const bad = h.rows.findIndex((r) => r.length !== h.nr_time);
  if (bad >= 0) return `${name} row ${bad} has ${h.rows[bad]!.length} time buckets where nr_time says ${h.nr_time}`;
  const neg = h.rows.findIndex((r) => r.some((v) => !(v >= 0)));
  if (neg >= 0) return `${name} row ${neg} holds a negative or missing value`;
  return null;
}

/** The rows with the most over the whole map, busiest first (at most n), by their labels. */
export function busiestRows(h: LabHeat, n: number): { row: number; label: string; total: number }[] {
  return h.rows
    .map((r, row) => ({ row, label: h.row_labels[row] ?? `row ${row}`, total: r.reduce((a, b) => a + b, 0) }))
    .filter((x) => x.total > 0)
    .sort((a, b) => b.total - a.total || a.row - b.row)
    .slice(0, n);
}
