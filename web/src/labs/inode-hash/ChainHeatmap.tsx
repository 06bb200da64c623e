/**
 * Which chains are hot: groups of hash buckets (rows) × virtual time
 * (columns), coloured by how many tasks were on those chains at once. Drawn
 * by the matrix heatmap, with the animation's step as its marker.
 */
import { memo, useMemo } from 'react';
import { formatDuration, formatNumber, formatTimeRange } from '../../../../lib/format';
import type { ChainHeat } from './schema';
import { bucketRange, busiestStretch } from '../../viz/heatmap/heatmap';
import { busiestRows } from '../../viz/heatmap/labHeat';
import { sequential } from '../../viz/shades';
import { MatrixHeatmap, type HeatMatrix } from '../../viz/heatmap/MatrixHeatmap';
import { chainHeatCells, rowBucketsText, TASKS } from './chainHeat';

export interface ChainHeatmapProps {
  heat: ChainHeat;
  name: string;
  title?: string;
  markerNs?: number | null;
  maxHeight?: number;
}


export const ChainHeatmap = memo(function ChainHeatmap({ heat, name, title, markerNs, maxHeight = 260 }: ChainHeatmapProps) {
  const { cells, maxTasks, totalNs } = useMemo(() => chainHeatCells(heat), [heat]);
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: heat.nr_rows,
      cols: heat.nr_time,
      colNs: heat.bucket_ns,
      cells,
      color: sequential,
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
  const summary = useMemo(() => chainSummary(heat), [heat]);
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title={title}
      caption={`${heat.nr_rows} bucket groups × ${heat.nr_time} buckets of ${formatDuration(heat.bucket_ns)} · ${formatDuration(totalNs)} on chains in all`}
      markerNs={markerNs}
      maxHeight={maxHeight}
      testId="chain-heatmap"
    >
      <p className="muted small-text" data-testid="chain-heat-summary">
        {title ? `${title}: ` : ''}
        {summary}
      </p>
    </MatrixHeatmap>
  );
});

/** Which bucket groups held tasks longest, and when: from the map's own cells. */
function chainSummary(heat: ChainHeat): string {
  const labelled = { ...heat, row_labels: heat.row_buckets.map((rb, r) => (rb ? rowBucketsText(rb) : `row ${r}`)) };
  const busiest = busiestRows(labelled, 3);
  if (!busiest.length) return 'no task was on a chain in this run.';
  const stretch = busiestStretch(heat, heat.bucket_ns);
  return `longest on chains: ${busiest.map((b) => `${b.label} (${formatDuration(b.total)})`).join(', ')}${stretch ? `; ${stretch.text}` : ''}.`;
}
