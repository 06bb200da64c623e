/**
 * The lab's two heatmaps, their pure half: the C model's bins as one
 * colour value per cell, what the busiest rows were, and the words of a
 * cell. reclaim_heat holds ns each CPU spent inside the shrinker per time
 * bucket; inode_heat holds extents freed from each inode (or group) per
 * time bucket.
 */
import { labHeatCells } from '../../viz/heatmap/heatmap';
export { busiestRows } from '../../viz/heatmap/labHeat';
import type { EsHeat } from './schema';

export type { LabHeatCells as HeatCells } from '../../viz/heatmap/heatmap';

/** Each cell over the busiest one; all zeros for an empty map. */
export const heatCells = (h: EsHeat) => labHeatCells(h);

/** How much of one time bucket a CPU spent in the shrinker, in [0, 1]. */
export function shareOfBucket(ns: number, bucketNs: number): number {
  return bucketNs > 0 ? Math.min(1, ns / bucketNs) : 0;
}
