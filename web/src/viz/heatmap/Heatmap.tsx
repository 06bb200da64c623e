/**
 * Contention heatmap: CPUs (rows) × time buckets (columns). D3 gives the
 * scales, React draws: SVG rects for small maps, one canvas for large ones
 * (more than SVG_CELL_LIMIT cells). Hovering a cell shows its time range and
 * every state's share. The animation's step marker is an overlay of its own:
 * while playing only it moves, and the cells are neither recomputed nor redrawn.
 */
import { scaleLinear } from 'd3-scale';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Heatmap as HeatmapData } from '../../core/types';
import { ExportButtons, type Exporter } from '../export/ExportButtons';
import { serializeSvg, svgSize, svgTextToPng } from '../export/exportChart';
import { useElementWidth } from '../useElementWidth';
import {
  bucketRange,
  cellAt,
  cellBreakdown,
  colorScale,
  computeCells,
  formatNs,
  formatPct,
  formatTimeRange,
  heatLayout,
  type HeatLayout,
  meanValue,
  renderMode,
  SELECTIONS,
  type HeatSelection,
} from './heatmap';

const M = { left: 52, right: 14, top: 8, axis: 30, legend: 40 };
const SVG_NS = 'http://www.w3.org/2000/svg';
/** the step marker's colour (.heat-marker on screen) */
const MARKER_COLOR = '#1b5fd6';

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

export const Heatmap = memo(function Heatmap({ data, selection, name, title, markerNs, maxHeight = 260 }: HeatmapProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(600);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);

  const { cpus, buckets, bucket_ns } = data;
  const mode = renderMode(cpus, buckets);
  const cells = useMemo(() => computeCells(data, selection), [data, selection]);
  const color = useMemo(() => colorScale(selection), [selection]);
  const mean = useMemo(() => meanValue(cells), [cells]);
  const plotW = Math.max(50, width - M.left - M.right);
  const layout = useMemo(() => heatLayout(cpus, buckets, plotW, maxHeight), [cpus, buckets, plotW, maxHeight]);
  const height = M.top + layout.plotH + M.axis + M.legend;
  const endNs = buckets * bucket_ns;
  const markerX =
    markerNs != null && markerNs >= 0 && markerNs <= endNs ? (endNs > 0 ? (markerNs / endNs) * plotW : plotW / 2) : null;
  const markerRef = useRef(markerX);
  markerRef.current = markerX;

  // Canvas mode: paint every cell once per data/selection/size change.
  useEffect(() => {
    if (mode !== 'canvas') return;
    const cv = canvasRef.current;
    const ctx = cv?.getContext('2d');
    if (!cv || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    cv.width = Math.round(layout.plotW * dpr);
    cv.height = Math.round(layout.plotH * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const palette: string[] = [];
    for (let i = 0; i <= 255; i++) palette.push(color(i / 255));
    for (let c = 0; c < cpus; c++)
      for (let b = 0; b < buckets; b++) {
        ctx.fillStyle = palette[Math.round(cells[c * buckets + b] * 255)];
        ctx.fillRect(b * layout.cellW, c * layout.cellH, layout.cellW + 0.5, layout.cellH + 0.5);
      }
  }, [mode, cells, color, cpus, buckets, layout]);

  /* exports draw the cells as rects (canvas mode) and the marker as a line, where the screen has them as overlays */
  const decorate = (clone: SVGSVGElement) => {
    if (mode === 'canvas') {
      const g = document.createElementNS(SVG_NS, 'g');
      g.setAttribute('transform', `translate(${M.left},${M.top})`);
      for (let c = 0; c < cpus; c++)
        for (let b = 0; b < buckets; b++) {
          const r = document.createElementNS(SVG_NS, 'rect');
          r.setAttribute('x', (b * layout.cellW).toFixed(2));
          r.setAttribute('y', (c * layout.cellH).toFixed(2));
          r.setAttribute('width', (layout.cellW + 0.3).toFixed(2));
          r.setAttribute('height', (layout.cellH + 0.3).toFixed(2));
          r.setAttribute('fill', color(cells[c * buckets + b]));
          g.appendChild(r);
        }
      clone.insertBefore(g, clone.children[1] ?? null);
    }
    addMarkerLine(clone, markerRef.current, layout.plotH);
  };

  const exporter: Exporter = {
    svg: () => (svgRef.current ? serializeSvg(svgRef.current, decorate) : null),
    png: async () => {
      const svg = svgRef.current;
      if (!svg) return null;
      const { width: w, height: h } = svgSize(svg);
      const overlays =
        mode === 'canvas' && canvasRef.current
          ? [{ canvas: canvasRef.current, x: M.left, y: M.top, width: layout.plotW, height: layout.plotH }]
          : [];
      const marker = markerRef.current;
      if (marker !== null) {
        /* over the cells, as on screen */
        const line = document.createElement('canvas');
        line.width = 4;
        line.height = 4;
        const ctx = line.getContext('2d');
        if (ctx) {
          ctx.fillStyle = MARKER_COLOR;
          ctx.fillRect(0, 0, 4, 4);
          overlays.push({ canvas: line, x: M.left + marker - 1, y: M.top - 4, width: 2, height: layout.plotH + 8 });
        }
      }
      return svgTextToPng(serializeSvg(svg), w, h, 2, overlays);
    },
  };

  const selLabel = SELECTIONS.find((s) => s.value === selection)?.label ?? selection;

  return (
    <figure className="chart heatmap-figure">
      <figcaption>
        <span className="chart-title">{title}</span>
        <span className="muted">
          {cpus} CPUs × {buckets} buckets of {formatNs(bucket_ns)} · mean {selLabel}: {formatPct(mean)}
        </span>
        <ExportButtons name={name} exporter={exporter} />
      </figcaption>
      <div
        ref={wrapRef}
        className="heatmap"
        data-testid="heatmap"
        data-cells={cpus * buckets}
        data-mode={mode}
        style={{ height }}
      >
        <HeatmapSvg
          svgRef={svgRef}
          width={width}
          height={height}
          layout={layout}
          cpus={cpus}
          buckets={buckets}
          endNs={endNs}
          mode={mode}
          cells={cells}
          color={color}
          selLabel={selLabel}
          title={title}
          gradId={`heat-grad-${name}`}
          hover={hover}
          onHover={setHover}
        />
        {mode === 'canvas' && (
          <canvas
            ref={canvasRef}
            className="heatmap-canvas"
            style={{ left: M.left, top: M.top, width: layout.plotW, height: layout.plotH }}
          />
        )}
        {markerX !== null && (
          <div
            className="heat-marker"
            aria-hidden="true"
            style={{ top: M.top - 4, height: layout.plotH + 8, transform: `translateX(${M.left + markerX - 1}px)` }}
          />
        )}
        {hover && (
          <HeatTooltip data={data} cpu={hover.cpu} bucket={hover.bucket} x={hover.x} y={hover.y} width={width} />
        )}
      </div>
    </figure>
  );
});

interface Hover {
  cpu: number;
  bucket: number;
  x: number;
  y: number;
}

/** The blue step line, as the exported SVG draws it: over the cells (on screen it is the .heat-marker overlay). */
function addMarkerLine(clone: SVGSVGElement, markerX: number | null, plotH: number): void {
  if (markerX === null) return;
  const line = document.createElementNS(SVG_NS, 'line');
  line.setAttribute('x1', String(M.left + markerX));
  line.setAttribute('x2', String(M.left + markerX));
  line.setAttribute('y1', String(M.top - 4));
  line.setAttribute('y2', String(M.top + plotH + 4));
  line.setAttribute('stroke', MARKER_COLOR);
  line.setAttribute('stroke-width', '2');
  clone.appendChild(line);
}

interface HeatmapSvgProps {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  layout: HeatLayout;
  cpus: number;
  buckets: number;
  endNs: number;
  mode: 'svg' | 'canvas';
  cells: Float64Array;
  color: (v: number) => string;
  selLabel: string;
  title?: string;
  gradId: string;
  hover: Hover | null;
  onHover(h: Hover | null): void;
}

/** Axes, legend, the cells in SVG mode and the hover outline: redrawn only when the data, size or hover change. */
const HeatmapSvg = memo(function HeatmapSvg({
  svgRef,
  width,
  height,
  layout,
  cpus,
  buckets,
  endNs,
  mode,
  cells,
  color,
  selLabel,
  title,
  gradId,
  hover,
  onHover,
}: HeatmapSvgProps) {
  const { plotW } = layout;
  const x = scaleLinear().domain([0, endNs]).range([0, plotW]);
  const timeTicks = x.ticks(Math.max(2, Math.floor(plotW / 90)));
  const cpuStep = Math.max(1, Math.ceil(14 / layout.cellH));
  const cpuTicks: number[] = [];
  for (let c = 0; c < cpus; c += cpuStep) cpuTicks.push(c);
  const legendW = Math.min(260, plotW);
  const legendY = M.top + layout.plotH + M.axis + 8;

  const onMove = useCallback(
    (e: React.MouseEvent<SVGRectElement>) => {
      const r = e.currentTarget.getBoundingClientRect();
      const px = e.clientX - r.left;
      const py = e.clientY - r.top;
      const cell = cellAt(px, py, layout, cpus, buckets);
      onHover(cell ? { ...cell, x: px + M.left, y: py + M.top } : null);
    },
    [layout, cpus, buckets, onHover],
  );

  return (
    <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title ?? ''} heatmap of ${selLabel} per CPU over time`}>
      <defs>
        <linearGradient id={gradId} x1="0" x2="1" y1="0" y2="0">
          {Array.from({ length: 11 }, (_, i) => (
            <stop key={i} offset={`${i * 10}%`} stopColor={color(i / 10)} />
          ))}
        </linearGradient>
      </defs>
      <g transform={`translate(${M.left},${M.top})`}>
        {mode === 'svg' &&
          Array.from({ length: cpus * buckets }, (_, i) => {
            const c = Math.floor(i / buckets);
            const b = i % buckets;
            return (
              <rect
                key={i}
                x={b * layout.cellW}
                y={c * layout.cellH}
                width={layout.cellW + 0.3}
                height={layout.cellH + 0.3}
                fill={color(cells[i])}
              />
            );
          })}
        <rect x={0} y={0} width={layout.plotW} height={layout.plotH} fill="none" stroke="#9aa3b5" strokeWidth={0.5} />
        {cpuTicks.map((c) => (
          <text key={c} x={-6} y={(c + 0.5) * layout.cellH} className="axis-label" textAnchor="end" dominantBaseline="middle">
            cpu {c}
          </text>
        ))}
        <g transform={`translate(0,${layout.plotH})`}>
          {timeTicks.map((t) => (
            <g key={t} transform={`translate(${x(t)},0)`}>
              <line y2={5} stroke="#6b7385" />
              <text y={17} className="axis-label" textAnchor="middle">
                {formatNs(t)}
              </text>
            </g>
          ))}
        </g>
        {hover && (
          <rect
            x={hover.bucket * layout.cellW}
            y={hover.cpu * layout.cellH}
            width={layout.cellW}
            height={layout.cellH}
            fill="none"
            stroke="#111"
            strokeWidth={1.5}
            pointerEvents="none"
          />
        )}
        <rect
          x={0}
          y={0}
          width={layout.plotW}
          height={layout.plotH}
          fill="transparent"
          onMouseMove={onMove}
          onMouseLeave={() => onHover(null)}
        />
      </g>
      <g transform={`translate(${M.left},${legendY})`}>
        <text x={0} y={-1} className="axis-label">
          share of each bucket in {selLabel}
        </text>
        <rect x={0} y={4} width={legendW} height={10} fill={`url(#${gradId})`} stroke="#9aa3b5" strokeWidth={0.5} />
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <text key={v} x={v * legendW} y={26} className="axis-label" textAnchor={v === 0 ? 'start' : v === 1 ? 'end' : 'middle'}>
            {v * 100}%
          </text>
        ))}
      </g>
    </svg>
  );
});

function HeatTooltip({
  data,
  cpu,
  bucket,
  x,
  y,
  width,
}: {
  data: HeatmapData;
  cpu: number;
  bucket: number;
  x: number;
  y: number;
  width: number;
}) {
  const [start, end] = bucketRange(bucket, data.bucket_ns);
  const left = x + 190 > width ? x - 180 : x + 14;
  return (
    <div className="tooltip" role="tooltip" data-testid="heatmap-tooltip" style={{ left, top: y + 12 }}>
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
    </div>
  );
}
