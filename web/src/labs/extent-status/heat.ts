/**
 * The lab's two heatmaps, their pure half: the C model's bins as one
 * colour value per cell, what the busiest rows were, and the words of a
 * cell. reclaim_heat holds ns each CPU spent inside the shrinker per time
 * bucket; inode_heat holds extents freed from each inode (or group) per
 * time bucket.
 */
import type { EsHeat } from './schema';

export interface HeatCells {
  /** row-major, cells[row * nr_time + t] in [0, 1]: the cell over the busiest cell */
  cells: Float64Array;
  /** the busiest cell's value */
  max: number;
  /** all cells summed */
  total: number;
}

/** Each cell over the busiest one; all zeros for an empty map. */
export function heatCells(h: EsHeat): HeatCells {
  const cells = new Float64Array(h.nr_rows * h.nr_time);
  let max = 0;
  let total = 0;
  for (let r = 0; r < h.nr_rows; r++)
    for (let t = 0; t < h.nr_time; t++) {
      const v = h.rows[r]?.[t] ?? 0;
      total += v;
      if (v > max) max = v;
    }
  if (max > 0)
    for (let r = 0; r < h.nr_rows; r++)
      for (let t = 0; t < h.nr_time; t++) cells[r * h.nr_time + t] = (h.rows[r]?.[t] ?? 0) / max;
  return { cells, max, total };
}

/** The rows with the most over the whole map, busiest first (at most n), by their labels. */
export function busiestRows(h: EsHeat, n: number): { row: number; label: string; total: number }[] {
  return h.rows
    .map((r, row) => ({ row, label: h.row_labels[row] ?? `row ${row}`, total: r.reduce((a, b) => a + b, 0) }))
    .filter((x) => x.total > 0)
    .sort((a, b) => b.total - a.total || a.row - b.row)
    .slice(0, n);
}

/** How much of one time bucket a CPU spent in the shrinker, in [0, 1]. */
export function shareOfBucket(ns: number, bucketNs: number): number {
  return bucketNs > 0 ? Math.min(1, ns / bucketNs) : 0;
}
