/**
 * A heatmap of rows × time buckets: D3 gives the scales, React draws: SVG
 * rects for small maps, one canvas for large ones (more than SVG_CELL_LIMIT
 * cells). Hovering a cell shows what the caller says about it. A time
 * marker (the animation's step) is an overlay of its own: while playing only
 * it moves, and the cells are neither recomputed nor redrawn.
 *
 * What the rows are (CPUs, groups of hash buckets) and what a cell's value
 * means is the caller's: see HeatMatrix. Heatmap.tsx is the CPU-state map.
 *
 * Every value is reachable by keyboard as well: the map takes focus, the
 * arrow keys (Home and End, PageUp and PageDown for ten at a time) move a
 * cell cursor, and the cursor's cell shows its tooltip and is read out in a
 * polite live region, in the tooltip's own words.
 *
 * Inside a SharedTimeAxis (maps of several runs shown together) the time
 * axis runs to the longest run's end: a shorter run's cells end early, at a
 * dashed line that says where its run ended.
 */
import { scaleLinear } from 'd3-scale';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatDuration } from '../../../../lib/format';
import { ExportButtons, type Exporter } from '../export/ExportButtons';
import { serializeSvg, svgSize, svgTextToPng } from '../export/exportChart';
import { useElementWidth } from '../useElementWidth';
import { AXIS_CHAR_W, cellAt, fitTimeAxis, heatLayout, type HeatLayout, renderMode, rowLabelMargin, swatchRows, timeX, wrapWords } from './heatmap';

/** The cell cursor after a key, inside rows x cols; null for a key that does not move it. */
export function moveCursor(
  cur: { row: number; col: number },
  key: string,
  rows: number,
  cols: number,
): { row: number; col: number } | null {
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  const page = Math.max(1, Math.round(cols / 10));
  switch (key) {
    case 'ArrowLeft':
      return { row: cur.row, col: clamp(cur.col - 1, cols) };
    case 'ArrowRight':
      return { row: cur.row, col: clamp(cur.col + 1, cols) };
    case 'ArrowUp':
      return { row: clamp(cur.row - 1, rows), col: cur.col };
    case 'ArrowDown':
      return { row: clamp(cur.row + 1, rows), col: cur.col };
    case 'PageUp':
      return { row: cur.row, col: clamp(cur.col - page, cols) };
    case 'PageDown':
      return { row: cur.row, col: clamp(cur.col + page, cols) };
    case 'Home':
      return { row: cur.row, col: 0 };
    case 'End':
      return { row: cur.row, col: cols - 1 };
    default:
      return null;
  }
}
import { useSharedTimeAxis } from './SharedTimeAxis';

/** the margins around the cells; the left one grows to hold the widest row label (see margins()) */
const M = { left: 52, right: 14, top: 8, axis: 30 };
type Margins = typeof M;
/** a legend line's height, px */
const LEGEND_LINE = 14;
const SVG_NS = 'http://www.w3.org/2000/svg';
/** the step marker's colour (.heat-marker on screen) */
const MARKER_COLOR = '#1b5fd6';

/** What a matrix heatmap draws. Keep it stable (useMemo): a new one redraws every cell. */
export interface HeatMatrix {
  rows: number;
  /** time buckets */
  cols: number;
  /** virtual nanoseconds of one time bucket */
  colNs: number;
  /** one value in [0, 1] per cell, row-major: cells[row * cols + col]; it picks the cell's colour */
  cells: Float64Array;
  /** the colour of a value in [0, 1], in colour scale `layer` */
  color: (v: number, layer: number) => string;
  /**
   * which of `nrLayers` colour scales each cell uses (e.g. the CPU state that
   * dominates it), row-major like cells; without it every cell uses scale 0
   */
  layers?: Uint8Array;
  nrLayers?: number;
  /** the legend's swatches, for a map of several colour scales; the gradient of scale 0 otherwise */
  legendItems?: readonly { label: string; color: string }[];
  /** the label of row r on the axis */
  rowLabel: (row: number) => string;
  /** the legend's title */
  legendTitle: string;
  /** the legend's ticks: a position in [0, 1] and its text */
  legendTicks: readonly { at: number; text: string }[];
  /** what the map shows, for screen readers */
  ariaLabel: string;
  /** the tooltip's content for a cell */
  tooltip: (row: number, col: number) => ReactNode;
}

export interface MatrixHeatmapProps {
  matrix: HeatMatrix;
  /** file name stem for exports */
  name: string;
  /** shown above the map */
  title?: string;
  /** the caption's muted text beside the title */
  caption?: ReactNode;
  /** a virtual time to mark with a vertical line (the animation's current step) */
  markerNs?: number | null;
  maxHeight?: number;
  /** the test id of the plot (several kinds of map on one page tell theirs apart) */
  testId?: string;
  /** drawn under the map: what it shows, in words */
  children?: ReactNode;
}

export const MatrixHeatmap = memo(function MatrixHeatmap({
  matrix,
  name,
  title,
  caption,
  markerNs,
  maxHeight = 260,
  testId = 'heatmap',
  children,
}: MatrixHeatmapProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(600);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  /* the keyboard's cell, shown while the map has focus from the keyboard (a click focuses it too, and shows nothing) */
  const [cursor, setCursor] = useState<{ row: number; col: number } | null>(null);
  const [focused, setFocused] = useState(false);

  const { rows, cols, colNs, cells, color, layers, nrLayers = 1 } = matrix;
  const mode = renderMode(rows, cols);
  const rowLabelsW = useMemo(() => rowLabelMargin(Array.from({ length: rows }, (_, r) => matrix.rowLabel(r))), [matrix, rows]);
  const m: Margins = useMemo(() => ({ ...M, left: Math.min(rowLabelsW, Math.max(M.left, width / 3)) }), [rowLabelsW, width]);
  const plotW = Math.max(50, width - m.left - m.right);
  const endNs = cols * colNs;
  const sharedNs = useSharedTimeAxis(endNs);
  const fit = fitTimeAxis(endNs, sharedNs, plotW);
  /* the cells' own area: the whole width, or the share of it the run's time takes on a shared axis */
  const layout = useMemo(() => heatLayout(rows, cols, fit.dataW, maxHeight), [rows, cols, fit.dataW, maxHeight]);
  const legend = useMemo(() => legendLayout(matrix, plotW), [matrix, plotW]);
  const height = m.top + layout.plotH + m.axis + 8 + legend.height;
  const markerX = timeX(markerNs, endNs, fit.axisNs, plotW);
  const markerRef = useRef(markerX);
  markerRef.current = markerX;

  // Canvas mode: paint every cell once per data/size change.
  useEffect(() => {
    if (mode !== 'canvas') return;
    const cv = canvasRef.current;
    const ctx = cv?.getContext('2d');
    if (!cv || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    cv.width = Math.round(layout.plotW * dpr);
    cv.height = Math.round(layout.plotH * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const palettes = Array.from({ length: nrLayers }, (_, l) => Array.from({ length: 256 }, (_, i) => color(i / 255, l)));
    for (let r = 0; r < rows; r++)
      for (let b = 0; b < cols; b++) {
        const i = r * cols + b;
        ctx.fillStyle = palettes[layers?.[i] ?? 0]?.[Math.round(cells[i] * 255)] ?? '#000';
        ctx.fillRect(b * layout.cellW, r * layout.cellH, layout.cellW + 0.5, layout.cellH + 0.5);
      }
  }, [mode, cells, color, layers, nrLayers, rows, cols, layout]);

  /* exports draw the cells as rects (canvas mode) and the marker as a line, where the screen has them as overlays */
  const decorate = (clone: SVGSVGElement) => {
    if (mode === 'canvas') {
      const g = document.createElementNS(SVG_NS, 'g');
      g.setAttribute('transform', `translate(${m.left},${m.top})`);
      for (let r = 0; r < rows; r++)
        for (let b = 0; b < cols; b++) {
          const rect = document.createElementNS(SVG_NS, 'rect');
          rect.setAttribute('x', (b * layout.cellW).toFixed(2));
          rect.setAttribute('y', (r * layout.cellH).toFixed(2));
          rect.setAttribute('width', (layout.cellW + 0.3).toFixed(2));
          rect.setAttribute('height', (layout.cellH + 0.3).toFixed(2));
          rect.setAttribute('fill', color(cells[r * cols + b], layers?.[r * cols + b] ?? 0));
          g.appendChild(rect);
        }
      clone.insertBefore(g, clone.children[1] ?? null);
    }
    addMarkerLine(clone, markerRef.current, layout.plotH, m);
  };

  const inMap = cursor !== null && cursor.row < rows && cursor.col < cols;
  const keyCell: Hover | null =
    focused && inMap
      ? {
          row: cursor.row,
          col: cursor.col,
          x: m.left + (cursor.col + 1) * layout.cellW,
          y: m.top + (cursor.row + 0.5) * layout.cellH,
        }
      : null;
  /* the pointer's cell while the pointer is over the map, else the keyboard's */
  const shown = hover ?? keyCell;

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || rows === 0 || cols === 0) return;
    const next = moveCursor(inMap ? cursor : { row: 0, col: 0 }, e.key, rows, cols);
    if (!next) return;
    e.preventDefault();
    setFocused(true);
    setCursor(next);
  };

  const exporter: Exporter = {
    svg: () => (svgRef.current ? serializeSvg(svgRef.current, decorate) : null),
    png: async () => {
      const svg = svgRef.current;
      if (!svg) return null;
      const { width: w, height: h } = svgSize(svg);
      const overlays =
        mode === 'canvas' && canvasRef.current
          ? [{ canvas: canvasRef.current, x: m.left, y: m.top, width: layout.plotW, height: layout.plotH }]
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
          overlays.push({ canvas: line, x: m.left + marker - 1, y: m.top - 4, width: 2, height: layout.plotH + 8 });
        }
      }
      return svgTextToPng(serializeSvg(svg), w, h, 2, overlays);
    },
  };

  return (
    <figure className="chart heatmap-figure">
      <figcaption>
        <span className="chart-title">{title}</span>
        {caption && <span className="muted">{caption}</span>}
        <ExportButtons name={name} exporter={exporter} />
      </figcaption>
      <div
        ref={wrapRef}
        className="heatmap"
        tabIndex={0}
        role="group"
        aria-roledescription="heatmap"
        aria-label={`${matrix.ariaLabel}; arrow keys move from cell to cell`}
        data-own-arrows=""
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          setFocused(e.currentTarget.matches(':focus-visible'));
          setCursor((c) => c ?? { row: 0, col: 0 });
        }}
        onBlur={() => setFocused(false)}
        data-cursor={keyCell ? `${keyCell.row},${keyCell.col}` : undefined}
        data-testid={testId}
        data-cells={rows * cols}
        data-mode={mode}
        data-axis-ns={fit.axisNs}
        data-end-ns={endNs}
        data-end-x={fit.endX === null ? undefined : fit.endX.toFixed(1)}
        data-plot-w={plotW.toFixed(1)}
        style={{ height }}
      >
        <HeatmapSvg
          svgRef={svgRef}
          width={width}
          height={height}
          layout={layout}
          matrix={matrix}
          plotW={plotW}
          axisNs={fit.axisNs}
          endNs={endNs}
          endX={fit.endX}
          mode={mode}
          gradId={`heat-grad-${name}`}
          m={m}
          legend={legend}
          hover={shown}
          onHover={setHover}
        />
        {mode === 'canvas' && (
          <canvas
            ref={canvasRef}
            className="heatmap-canvas"
            style={{ left: m.left, top: m.top, width: layout.plotW, height: layout.plotH }}
          />
        )}
        {markerX !== null && (
          <div
            className="heat-marker"
            aria-hidden="true"
            style={{ top: m.top - 4, height: layout.plotH + 8, transform: `translateX(${m.left + markerX - 1}px)` }}
          />
        )}
        {shown && (
          <HeatTooltip x={shown.x} y={shown.y} width={width} testId={`${testId}-tooltip`}>
            {matrix.tooltip(shown.row, shown.col)}
          </HeatTooltip>
        )}
      </div>
      <div className="sr-only" aria-live="polite" data-testid={`${testId}-live`}>
        {keyCell ? matrix.tooltip(keyCell.row, keyCell.col) : null}
      </div>
      {children}
    </figure>
  );
});

/** The legend's lines: its title wrapped to the plot's width, then its swatches in rows or its gradient. */
interface LegendLayout {
  title: string[];
  /** where the swatches or the gradient start, below the title's first line */
  bodyY: number;
  swatches: { x: number; row: number }[];
  /** below the time axis */
  height: number;
}

function legendLayout(matrix: HeatMatrix, plotW: number): LegendLayout {
  const title = wrapWords(matrix.legendTitle, plotW);
  const bodyY = Math.max(0, title.length - 1) * LEGEND_LINE;
  const swatches = matrix.legendItems ? swatchRows(matrix.legendItems.map((i) => i.label), plotW) : [];
  const rowsBelow = swatches.reduce((n, s) => Math.max(n, s.row), 0);
  return { title, bodyY, swatches, height: bodyY + 32 + rowsBelow * LEGEND_LINE };
}

interface Hover {
  row: number;
  col: number;
  x: number;
  y: number;
}

/** The blue step line, as the exported SVG draws it: over the cells (on screen it is the .heat-marker overlay). */
function addMarkerLine(clone: SVGSVGElement, markerX: number | null, plotH: number, m: Margins): void {
  if (markerX === null) return;
  const line = document.createElementNS(SVG_NS, 'line');
  line.setAttribute('x1', String(m.left + markerX));
  line.setAttribute('x2', String(m.left + markerX));
  line.setAttribute('y1', String(m.top - 4));
  line.setAttribute('y2', String(m.top + plotH + 4));
  line.setAttribute('stroke', MARKER_COLOR);
  line.setAttribute('stroke-width', '2');
  clone.appendChild(line);
}

interface HeatmapSvgProps {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  layout: HeatLayout;
  matrix: HeatMatrix;
  /** the time axis's width: the cells' (layout.plotW) or more, on a shared axis */
  plotW: number;
  axisNs: number;
  endNs: number;
  /** where the run ended, when before the axis's end */
  endX: number | null;
  mode: 'svg' | 'canvas';
  gradId: string;
  m: Margins;
  legend: LegendLayout;
  hover: Hover | null;
  onHover(h: Hover | null): void;
}

/** Axes, legend, the cells in SVG mode and the hover outline: redrawn only when the data, size or hover change. */
const HeatmapSvg = memo(function HeatmapSvg({
  svgRef,
  width,
  height,
  layout,
  matrix,
  plotW,
  axisNs,
  endNs,
  endX,
  mode,
  gradId,
  m,
  legend,
  hover,
  onHover,
}: HeatmapSvgProps) {
  const { rows, cols, cells, color, layers, legendItems } = matrix;
  const x = scaleLinear().domain([0, axisNs]).range([0, plotW]);
  const timeTicks = x.ticks(Math.max(2, Math.floor(plotW / 90)));
  const rowStep = Math.max(1, Math.ceil(14 / layout.cellH));
  const rowTicks: number[] = [];
  for (let r = 0; r < rows; r += rowStep) rowTicks.push(r);
  const legendW = Math.min(260, plotW);
  const legendY = m.top + layout.plotH + m.axis + 8;

  const onMove = useCallback(
    (e: React.MouseEvent<SVGRectElement>) => {
      const r = e.currentTarget.getBoundingClientRect();
      const px = e.clientX - r.left;
      const py = e.clientY - r.top;
      const cell = cellAt(px, py, layout, rows, cols);
      onHover(cell ? { row: cell.cpu, col: cell.bucket, x: px + m.left, y: py + m.top } : null);
    },
    [layout, rows, cols, onHover, m],
  );

  return (
    <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={matrix.ariaLabel}>
      <defs>
        <linearGradient id={gradId} x1="0" x2="1" y1="0" y2="0">
          {Array.from({ length: 11 }, (_, i) => (
            <stop key={i} offset={`${i * 10}%`} stopColor={color(i / 10, 0)} />
          ))}
        </linearGradient>
      </defs>
      <g transform={`translate(${m.left},${m.top})`}>
        {mode === 'svg' &&
          Array.from({ length: rows * cols }, (_, i) => {
            const r = Math.floor(i / cols);
            const b = i % cols;
            return (
              <rect
                key={i}
                x={b * layout.cellW}
                y={r * layout.cellH}
                width={layout.cellW + 0.3}
                height={layout.cellH + 0.3}
                fill={color(cells[i], layers?.[i] ?? 0)}
                data-v={cells[i]}
                data-layer={layers?.[i]}
              />
            );
          })}
        <rect x={0} y={0} width={layout.plotW} height={layout.plotH} fill="none" stroke="#9aa3b5" strokeWidth={0.5} />
        {endX !== null && (
          <g data-testid="heatmap-run-end">
            <rect x={endX} y={0} width={Math.max(0, plotW - endX)} height={layout.plotH} fill="#fff" stroke="#d5d9e2" strokeWidth={0.5} />
            <line x1={endX} x2={endX} y1={-4} y2={layout.plotH + 4} stroke="#4a5163" strokeWidth={1.5} strokeDasharray="4 3" />
            {/* in the empty part when it has room, else over the run's last cells, on a halo */}
            <text
              x={plotW - endX >= 110 ? endX + 4 : endX - 4}
              y={layout.plotH / 2}
              className="axis-label"
              textAnchor={plotW - endX >= 110 ? 'start' : 'end'}
              dominantBaseline="middle"
              stroke="#fff"
              strokeWidth={3}
              paintOrder="stroke"
            >
              run ended, {formatDuration(endNs)}
            </text>
          </g>
        )}
        {rowTicks.map((r) => (
          <text key={r} x={-6} y={(r + 0.5) * layout.cellH} className="axis-label" textAnchor="end" dominantBaseline="middle">
            {matrix.rowLabel(r)}
          </text>
        ))}
        <g transform={`translate(0,${layout.plotH})`}>
          {timeTicks.map((t) => (
            <g key={t} transform={`translate(${x(t)},0)`}>
              <line y2={5} stroke="#6b7385" />
              {/* the last label ends at the tick rather than past the map's right edge */}
              <text
                y={17}
                className="axis-label"
                textAnchor={x(t) + (formatDuration(t).length * AXIS_CHAR_W) / 2 > plotW + m.right - 2 ? 'end' : 'middle'}
              >
                {formatDuration(t)}
              </text>
            </g>
          ))}
        </g>
        {hover && (
          <rect
            x={hover.col * layout.cellW}
            y={hover.row * layout.cellH}
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
      <g transform={`translate(${m.left},${legendY})`}>
        {legend.title.map((line, i) => (
          <text key={i} x={0} y={-1 + i * LEGEND_LINE} className="axis-label">
            {line}
          </text>
        ))}
        {legendItems ? (
          legendItems.map((item, k) => (
            <g
              key={item.label}
              transform={`translate(${legend.swatches[k]?.x ?? 0},${legend.bodyY + 4 + (legend.swatches[k]?.row ?? 0) * LEGEND_LINE})`}
            >
              <rect width={12} height={10} fill={item.color} stroke="#9aa3b5" strokeWidth={0.5} />
              <text x={16} y={9} className="axis-label">
                {item.label}
              </text>
            </g>
          ))
        ) : (
          <>
            <rect x={0} y={legend.bodyY + 4} width={legendW} height={10} fill={`url(#${gradId})`} stroke="#9aa3b5" strokeWidth={0.5} />
            {matrix.legendTicks.map(({ at, text }) => (
              <text key={at} x={at * legendW} y={legend.bodyY + 26} className="axis-label" textAnchor={at === 0 ? 'start' : at === 1 ? 'end' : 'middle'}>
                {text}
              </text>
            ))}
          </>
        )}
      </g>
    </svg>
  );
});

function HeatTooltip({ x, y, width, testId, children }: { x: number; y: number; width: number; testId: string; children: ReactNode }) {
  const left = x + 190 > width ? x - 180 : x + 14;
  return (
    <div className="tooltip" role="tooltip" data-testid={testId} style={{ left, top: y + 12 }}>
      {children}
    </div>
  );
}
