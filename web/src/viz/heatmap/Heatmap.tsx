/**
 * Contention heatmap: CPUs (rows) × time buckets (columns), coloured by each
 * cell's dominant state (spinning on a lock, asleep, running, waiting for
 * I/O, idle: each its own hue) or by the share of one chosen state. Under
 * the map, where the CPU time went and where and when the CPUs waited most,
 * computed from the same cells. Hovering
 * a cell shows its time range and every state's share. Drawing is
 * MatrixHeatmap's.
 */
import { memo, useMemo } from 'react';
import { formatDuration, formatShare, formatTimeRange } from '../../../../lib/format';
import { CPU_STATES, type CpuState, type Heatmap as HeatmapData } from '../../core/types';
import {
  bucketRange,
  cellBreakdown,
  colorScale,
  computeCells,
  describeShares,
  describeWaits,
  dominantColor,
  dominantStates,
  rankStates,
  SELECTIONS,
  stateShares,
  STATE_WORDS,
  type HeatSelection,
} from './heatmap';
import { MatrixHeatmap, type HeatMatrix } from './MatrixHeatmap';
import { STATE_GLYPH } from '../palette';

export interface HeatmapProps {
  data: HeatmapData;
  selection: HeatSelection;
  /** file name stem for exports */
  name: string;
  /** e.g. the variant; shown above the map and at the start of its summary */
  title?: string;
  /** a virtual time to mark with a vertical line (the animation's current step) */
  markerNs?: number | null;
  maxHeight?: number;
}

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1].map((at) => ({ at, text: formatShare(at) }));

/** The dominant map's legend: one swatch per state, at a typical dominant share. */
const LEGEND_WORDS: Readonly<Record<CpuState, string>> = { spin: 'spinning', sleep: 'asleep', run: 'running', io: 'I/O', idle: 'idle' };
const STATE_LEGEND = (['spin', 'sleep', 'run', 'io', 'idle'] as const).map((s) => ({
  label: `${STATE_GLYPH[s]} ${LEGEND_WORDS[s]}`,
  color: dominantColor(s, 0.8),
}));

export const Heatmap = memo(function Heatmap({ data, selection, name, title, markerNs, maxHeight }: HeatmapProps) {
  const selLabel = SELECTIONS.find((s) => s.value === selection)?.label ?? selection;
  const shares = useMemo(() => stateShares(data), [data]);
  const matrix = useMemo<HeatMatrix>(() => {
    const cells = computeCells(data, selection);
    const common = {
      rows: data.cpus,
      cols: data.buckets,
      colNs: data.bucket_ns,
      cells,
      rowLabel: (cpu: number) => `cpu ${cpu}`,
      ariaLabel: `${title ?? ''} heatmap of ${selLabel} per CPU over time`,
      tooltip: (cpu: number, bucket: number) => <CpuTooltip data={data} cpu={cpu} bucket={bucket} />,
    };
    if (selection === 'dominant')
      return {
        ...common,
        color: (v: number, layer: number) => dominantColor(CPU_STATES[layer] ?? 'idle', v),
        layers: dominantStates(data),
        nrLayers: CPU_STATES.length,
        legendItems: STATE_LEGEND,
        legendTitle: 'the state each CPU spent most of each bucket in (darker: more of it)',
        legendTicks: [],
      };
    const scale = colorScale(selection);
    return {
      ...common,
      color: (v: number) => scale(v),
      legendTitle: `share of each bucket ${selLabel}`,
      legendTicks: SHARE_TICKS,
    };
  }, [data, selection, selLabel, title]);
  const top = rankStates(shares)[0];
  const summary = describeShares(shares);
  const waits = useMemo(() => describeWaits(data), [data]);
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title={title}
      caption={`${data.cpus} CPUs × ${data.buckets} buckets of ${formatDuration(data.bucket_ns)}${
        selection === 'dominant' ? '' : ` · ${selLabel}: ${formatShare(shares[selection])} of the CPU time`
      }`}
      markerNs={markerNs}
      maxHeight={maxHeight}
    >
      <p className="heat-summary" data-testid="heatmap-summary" data-dominant={top && top.share > 0 ? top.state : ''}>
        {title ? `${title}: ` : ''}the CPUs are {summary}.
      </p>
      <p className="heat-summary" data-testid="heatmap-waits">
        {title ? `${title}: ` : ''}
        {waits}.
      </p>
    </MatrixHeatmap>
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
                <span className={`swatch state-${state}`} /> {STATE_WORDS[state]}
              </td>
              <td className="num">{formatShare(frac)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
