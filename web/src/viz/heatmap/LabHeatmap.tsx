/**
 * A heatmap a lab computes in C, drawn with its own colours and words: the
 * cells over the busiest one, a legend, a tooltip per cell, a caption and
 * the busiest rows and the busiest stretch of time, with the animation's
 * step as a marker.
 */
import { useMemo } from 'react';
import { formatTimeRange } from '../../../../lib/format';
import { bucketRange, busiestStretch, labHeatCells } from './heatmap';
import { busiestRows, type LabHeat } from './labHeat';
import { MatrixHeatmap, type HeatMatrix } from './MatrixHeatmap';

/** What sets one of the two maps apart: its colours, its unit and its words. */
export interface HeatKind {
  color(v: number): string;
  legendTitle: string;
  /** a legend tick's text for a cell's value */
  tick(value: number, bucketNs: number): string;
  ariaLabel: string;
  /** a cell's value in words, for its tooltip */
  cellText(value: number, bucketNs: number): string;
  title: string;
  caption(heat: LabHeat, total: number): string;
  maxHeight: number;
  testId: string;
  busiestTestId: string;
  /** the busiest rows, or what an empty map means */
  busiestText(busiest: { label: string; total: number }[]): string;
}

export function LabHeatmap({ kind, heat, name, markerNs }: { kind: HeatKind; heat: LabHeat; name: string; markerNs: number | null }) {
  const { cells, max, total } = useMemo(() => labHeatCells(heat), [heat]);
  const busiest = useMemo(() => busiestRows(heat, 3), [heat]);
  const stretch = useMemo(() => busiestStretch(heat, heat.bucket_ns), [heat]);
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: heat.nr_rows,
      cols: heat.nr_time,
      colNs: heat.bucket_ns,
      cells,
      color: kind.color,
      rowLabel: (r) => heat.row_labels[r] ?? String(r),
      legendTitle: kind.legendTitle,
      legendTicks: [0, 0.5, 1].map((at) => ({ at, text: kind.tick(at * max, heat.bucket_ns) })),
      ariaLabel: kind.ariaLabel,
      tooltip: (r, t) => {
        const [start, end] = bucketRange(t, heat.bucket_ns);
        return (
          <>
            <div>
              <b>{heat.row_labels[r] ?? `row ${r}`}</b> · {formatTimeRange(start, end)}
            </div>
            <div>{kind.cellText(heat.rows[r]?.[t] ?? 0, heat.bucket_ns)}</div>
          </>
        );
      },
    }),
    [kind, heat, cells, max],
  );
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title={kind.title}
      caption={kind.caption(heat, total)}
      markerNs={markerNs}
      maxHeight={kind.maxHeight}
      testId={kind.testId}
    >
      <p className="muted small-text" data-testid={kind.busiestTestId}>
        {kind.busiestText(busiest)}
        {stretch ? `; ${stretch.text}` : ''}
      </p>
    </MatrixHeatmap>
  );
}
