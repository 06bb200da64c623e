/**
 * What the labs' lane timelines share (a transaction's states, a job's
 * lanes): a time axis read from the window's start, and a
 * legend of colour swatches wrapped to the view's width.
 */
import type { ScaleLinear } from 'd3-scale';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../../lib/format';
import { CHAR_W } from '../text/FitText';

/**
 * Where a tick's label is anchored: centred under its tick, unless half of
 * it would pass an end of the axis' range, where it ends (or starts) at the
 * tick instead, so that no label leaves the drawing.
 */
export function tickAnchor(at: number, label: string, range: readonly number[]): 'start' | 'middle' | 'end' {
  const half = (label.length * CHAR_W) / 2;
  const lo = Math.min(...range);
  const hi = Math.max(...range);
  if (at + half > hi) return 'end';
  if (at - half < lo) return 'start';
  return 'middle';
}

/** Ticks of `x` at the top of a `y`-translated group, each labelled with its time since `from`. */
export function TimeAxis({ x, y, from, ticks }: { x: ScaleLinear<number, number>; y: number; from: number; ticks: number }) {
  return (
    <g className="svg-axis" transform={`translate(0,${y})`}>
      {x.ticks(ticks).map((t) => {
        const label = formatDuration(t - from);
        return (
          <g key={t} transform={`translate(${x(t)},0)`}>
            <line y1={0} y2={4} />
            <text y={14} textAnchor={tickAnchor(x(t), label, x.range())}>
              {label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A legend entry: its words and its swatch (a colour, or a swatch drawn by the caller). */
export type LegendEntry = [label: string, swatch: string | ReactNode];

/** Each entry's place, wrapped to `width` in rows `rowH` apart; and how many rows that takes. */
export function legendLayout(labels: readonly string[], width: number, rowH: number): { at: [number, number][]; rows: number } {
  const at: [number, number][] = [];
  let x = 0;
  let row = 0;
  for (const label of labels) {
    const w = 26 + label.length * (CHAR_W + 0.9);
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    at.push([x, row * rowH]);
    x += w;
  }
  return { at, rows: row + 1 };
}

/** The legend, laid out by legendLayout() at (`x`, `y`). */
export function SwatchLegend({ entries, x, y, width, rowH, className }: { entries: readonly LegendEntry[]; x: number; y: number; width: number; rowH: number; className?: string }) {
  const { at } = legendLayout(
    entries.map(([label]) => label),
    width,
    rowH,
  );
  return (
    <g transform={`translate(${x},${y})`} className={className}>
      {entries.map(([label, swatch], i) => (
        <g key={label} transform={`translate(${at[i]![0]},${at[i]![1]})`}>
          {typeof swatch === 'string' ? <rect width={10} height={10} y={2} fill={swatch} rx={2} /> : swatch}
          <text x={14} y={11} className="q-sub">
            {label}
          </text>
        </g>
      ))}
    </g>
  );
}
