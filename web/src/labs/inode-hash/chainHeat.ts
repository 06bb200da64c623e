/**
 * The chain heatmap's pure half: the model's chain_heat (virtual ns that all
 * tasks spent on the chains of each group of buckets, per time bucket) as
 * one colour value per cell, and what a cell's tooltip says.
 */
import type { NumberFormat } from '../../../../lib/format';
import { labHeatCells } from '../../viz/heatmap/heatmap';
import type { ChainHeat } from './schema';

/** A chain heat whose shape does not add up, described; null when it is consistent. */
export function chainHeatProblem(h: ChainHeat): string | null {
  if (h.rows.length !== h.nr_rows) return `chain_heat has ${h.rows.length} rows where nr_rows says ${h.nr_rows}`;
  if (h.row_buckets.length !== h.nr_rows)
    return `chain_heat.row_buckets has ${h.row_buckets.length} entries where nr_rows says ${h.nr_rows}`;
  const bad = h.rows.findIndex((r) => r.length !== h.nr_time);
  if (bad >= 0) return `chain_heat row ${bad} has ${h.rows[bad].length} time buckets where nr_time says ${h.nr_time}`;
  const neg = h.rows.findIndex((r) => r.some((v) => !(v >= 0)));
  if (neg >= 0) return `chain_heat row ${neg} holds a negative or missing time`;
  const order = h.row_buckets.findIndex(([a, b], i) => a > b || (i > 0 && a <= h.row_buckets[i - 1][1]));
  if (order >= 0) return `chain_heat.row_buckets[${order}] is not an increasing range after the one before it`;
  return null;
}

export interface ChainHeatCells {
  /** row-major, cells[row * nr_time + t] in [0, 1]: the cell's tasks on chains over the busiest cell's */
  cells: Float64Array;
  /** the busiest cell: how many tasks were on those chains at once, on average over its time bucket */
  maxTasks: number;
  /** all the time spent on chains, ns */
  totalNs: number;
}

/**
 * Each cell as the mean number of tasks on that group's chains during its
 * time bucket (ns on chains / bucket width), scaled so that the busiest cell
 * is 1. A run with no time on chains is all zeros.
 */
export function chainHeatCells(h: ChainHeat): ChainHeatCells {
  const { cells, max, total } = labHeatCells(h);
  return { cells, maxTasks: h.bucket_ns > 0 ? max / h.bucket_ns : 0, totalNs: total };
}

/** "buckets 0–3" or "bucket 7". */
export function rowBucketsText(range: readonly [number, number]): string {
  return range[0] === range[1] ? `bucket ${range[0]}` : `buckets ${range[0]}–${range[1]}`;
}

/** How a mean number of tasks prints (lib/format.ts's formatNumber): two significant digits, "0.031", "1.4", "12". */
export const TASKS: NumberFormat = { digits: 2 };

/** The row groups that took the most time over the whole map, busiest first (at most `n`). */
export function hottestRows(h: ChainHeat, n: number): { row: number; ns: number }[] {
  return h.rows
    .map((r, row) => ({ row, ns: r.reduce((a, b) => a + b, 0) }))
    .filter((x) => x.ns > 0)
    .sort((a, b) => b.ns - a.ns || a.row - b.row)
    .slice(0, n);
}
