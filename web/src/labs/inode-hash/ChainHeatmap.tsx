/**
 * Which chains are hot: groups of hash buckets (rows) × virtual time
 * (columns), coloured by how many tasks were on those chains at once. Drawn
 * by the matrix heatmap, with the animation's step as its marker.
 */
import { scaleSequential } from 'd3-scale';
import { interpolateOranges } from 'd3-scale-chromatic';
import { memo, useMemo } from 'react';
import { formatDuration, formatNumber, formatTimeRange } from '../../../../lib/format';
import type { ChainHeat } from './schema';
import { bucketRange } from '../../viz/heatmap/heatmap';
import { MatrixHeatmap, type HeatMatrix } from '../../viz/heatmap/MatrixHeatmap';
import { chainHeatCells, rowBucketsText, TASKS } from './chainHeat';

export interface ChainHeatmapProps {
  heat: ChainHeat;
  name: string;
  title?: string;
  markerNs?: number | null;
  maxHeight?: number;
}

const color = scaleSequential(interpolateOranges).domain([0, 1]);

export const ChainHeatmap = memo(function ChainHeatmap({ heat, name, title, markerNs, maxHeight = 260 }: ChainHeatmapProps) {
  const { cells, maxTasks, totalNs } = useMemo(() => chainHeatCells(heat), [heat]);
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: heat.nr_rows,
      cols: heat.nr_time,
      colNs: heat.bucket_ns,
      cells,
      color: (v) => color(v),
      rowLabel: (r) => {
        const rb = heat.row_buckets[r];
        return rb ? String(rb[0]) : String(r);
      },
      legendTitle: 'tasks on these chains at once (mean over the time bucket)',
      legendTicks: [0, 0.5, 1].map((at) => ({ at, text: formatNumber(at * maxTasks, TASKS) })),
      ariaLabel: `${title ?? ''} time spent on hash chains by bucket group over time`,
      tooltip: (r, t) => {
        const [start, end] = bucketRange(t, heat.bucket_ns);
        const ns = heat.rows[r]?.[t] ?? 0;
        const rb = heat.row_buckets[r];
        return (
          <>
            <div>
              <b>{rb ? rowBucketsText(rb) : `row ${r}`}</b> · {formatTimeRange(start, end)}
            </div>
            <div>
              {formatDuration(ns)} on these chains · {formatNumber(heat.bucket_ns > 0 ? ns / heat.bucket_ns : 0, TASKS)} tasks at once
            </div>
          </>
        );
      },
    }),
    [heat, cells, maxTasks, title],
  );
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title={title}
      caption={`${heat.nr_rows} bucket groups × ${heat.nr_time} buckets of ${formatDuration(heat.bucket_ns)} · ${formatDuration(totalNs)} on chains in all`}
      markerNs={markerNs}
      maxHeight={maxHeight}
      testId="chain-heatmap"
    />
  );
});
