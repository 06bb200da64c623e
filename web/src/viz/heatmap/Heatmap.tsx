/**
 * Contention heatmap: CPUs (rows) × time buckets (columns), coloured by the
 * share of each bucket a CPU spent in the chosen state. Hovering a cell
 * shows its time range and every state's share. Drawing is MatrixHeatmap's.
 */
import { memo, useMemo } from 'react';
import type { Heatmap as HeatmapData } from '../../core/types';
import {
  bucketRange,
  cellBreakdown,
  colorScale,
  computeCells,
  formatNs,
  formatPct,
  formatTimeRange,
  meanValue,
  SELECTIONS,
  type HeatSelection,
} from './heatmap';
import { MatrixHeatmap, type HeatMatrix } from './MatrixHeatmap';

export interface HeatmapProps {
  data: HeatmapData;
  selection: HeatSelection;
  /** file name stem for exports */
  name: string;
  /** e.g. the variant; shown above the map */
  title?: string;
  /** a virtual time to mark with a vertical line (the animation's current step) */
  markerNs?: number | null;
  maxHeight?: number;
}

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1].map((at) => ({ at, text: `${at * 100}%` }));

export const Heatmap = memo(function Heatmap({ data, selection, name, title, markerNs, maxHeight }: HeatmapProps) {
  const selLabel = SELECTIONS.find((s) => s.value === selection)?.label ?? selection;
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: data.cpus,
      cols: data.buckets,
      colNs: data.bucket_ns,
      cells: computeCells(data, selection),
      color: colorScale(selection),
      rowLabel: (cpu) => `cpu ${cpu}`,
      legendTitle: `share of each bucket in ${selLabel}`,
      legendTicks: SHARE_TICKS,
      ariaLabel: `${title ?? ''} heatmap of ${selLabel} per CPU over time`,
      tooltip: (cpu, bucket) => <CpuTooltip data={data} cpu={cpu} bucket={bucket} />,
    }),
    [data, selection, selLabel, title],
  );
  const mean = useMemo(() => meanValue(matrix.cells), [matrix]);
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title={title}
      caption={`${data.cpus} CPUs × ${data.buckets} buckets of ${formatNs(data.bucket_ns)} · mean ${selLabel}: ${formatPct(mean)}`}
      markerNs={markerNs}
      maxHeight={maxHeight}
    />
  );
});

function CpuTooltip({ data, cpu, bucket }: { data: HeatmapData; cpu: number; bucket: number }) {
  const [start, end] = bucketRange(bucket, data.bucket_ns);
  return (
    <>
      <div>
        <b>cpu {cpu}</b> · {formatTimeRange(start, end)}
      </div>
      <table>
        <tbody>
          {cellBreakdown(data, cpu, bucket).map(({ state, frac }) => (
            <tr key={state}>
              <td>
                <span className={`swatch state-${state}`} /> {state}
              </td>
              <td className="num">{formatPct(frac)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
