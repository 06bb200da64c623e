/**
 * Grouped bars like the mail's plots: for every row, the paper's and the
 * simulator's value before and after the patch, the simulator's as the
 * median over seeds with a whisker from min to max, and a mark over each
 * row saying whether its change is significant. A log scale shows the
 * hundredfold collapse and the small values at once.
 */
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { useRef, useState } from 'react';
import { formatNumber, formatRange } from '../../../../lib/format';
import { ExportButtons, svgRefExporter } from '../export/ExportButtons';
import { useElementWidth } from '../useElementWidth';
import type { Verdict } from '../../core/stats';
import { BAR_SERIES, PAPER_FIGURE, SERIES_LABELS, valueDomain, VERDICT_WORDS, type BarGroup, type BarSeries } from './paper';

const M = { left: 60, right: 12, top: 34, bottom: 44 };
const HEIGHT = 320;

export const SERIES_FILL: Record<BarSeries, string> = {
  'paper-before': '#c8553d',
  'sim-before': 'url(#hatch-before)',
  'paper-after': '#2f6db3',
  'sim-after': 'url(#hatch-after)',
};

export interface PaperChartProps {
  groups: readonly BarGroup[];
  unit: string;
  name: string;
  /** the chart's title; by default the unit by row */
  title?: string;
  /** the x axis's label */
  xAxis?: string;
}

/** The mark over a row's bars: * where the simulator's change is significant, ≈ where it is within seed noise. */
export const VERDICT_MARKS: Record<Verdict, string> = { significant: '*', overlap: '≈', untested: '' };

export function PaperChart({ groups, unit, name, title, xAxis = 'row' }: PaperChartProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(700);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [log, setLog] = useState(false);

  const plotW = Math.max(100, width - M.left - M.right);
  const plotH = HEIGHT - M.top - M.bottom;
  const x = scaleBand<string>()
    .domain(groups.map((g) => g.label))
    .range([0, plotW])
    .paddingInner(0.22)
    .paddingOuter(0.1);
  const inner = scaleBand<BarSeries>().domain(BAR_SERIES).range([0, x.bandwidth()]).padding(0.08);
  const [lo, hi] = valueDomain(groups, log);
  const y = log
    ? scaleLog().domain([lo, hi]).range([plotH, 0]).clamp(true)
    : scaleLinear().domain([lo, hi]).range([plotH, 0]).nice();
  const ticks = log ? y.ticks().filter((t) => Math.log10(t) % 1 === 0) : y.ticks(6);
  /* the top of a group's simulator bars and whiskers, in pixels: the verdict mark sits over them */
  const simTop = (g: BarGroup): number =>
    Math.min(
      plotH,
      ...g.bars
        .filter((b) => b.series.startsWith('sim-'))
        .flatMap((b) => [b.value, b.range?.max ?? null])
        .filter((v): v is number => v != null && Number.isFinite(v))
        .map((v) => y(v)),
    );
  /* the centres of the simulator's two bars, which the verdict's bracket joins */
  const simBefore = (inner('sim-before') ?? 0) + inner.bandwidth() / 2;
  const simAfter = (inner('sim-after') ?? 0) + inner.bandwidth() / 2;

  return (
    <figure className="chart">
      <figcaption>
        <span className="chart-title">{title ?? `${unit} by row`}</span>
        <label className="inline">
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} data-testid="paper-log" /> log scale
        </label>
        <ExportButtons name={name} exporter={svgRefExporter(svgRef)} />
      </figcaption>
      <div ref={wrapRef} className="paper-chart" data-testid="paper-chart" style={{ height: HEIGHT }}>
        <svg ref={svgRef} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label="paper versus simulator, before and after the patch">
          <defs>
            <pattern id="hatch-before" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#f3c7b9" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#c8553d" strokeWidth="2.5" />
            </pattern>
            <pattern id="hatch-after" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#c1d7ef" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#2f6db3" strokeWidth="2.5" />
            </pattern>
          </defs>
          <g transform={`translate(${M.left},${M.top})`}>
            {ticks.map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x2={plotW} stroke="#e3e6ee" />
                <text x={-8} className="axis-label" textAnchor="end" dominantBaseline="middle">
                  {formatNumber(t)}
                </text>
              </g>
            ))}
            <text transform={`translate(${-46},${plotH / 2}) rotate(-90)`} className="axis-label" textAnchor="middle">
              {unit}
              {log ? ' (log)' : ''}
            </text>
            {groups.map((g) => (
              <g key={g.row} transform={`translate(${x(g.label) ?? 0},0)`}>
                {g.bars.map((b) => {
                  const bx = inner(b.series) ?? 0;
                  if (b.value == null || !Number.isFinite(b.value)) {
                    return (
                      <text key={b.series} x={bx + inner.bandwidth() / 2} y={plotH - 4} className="axis-label faint" textAnchor="middle">
                        ·
                      </text>
                    );
                  }
                  const top = y(Math.max(b.value, log ? lo : 0));
                  const cx = bx + inner.bandwidth() / 2;
                  const range = b.range && Number.isFinite(b.range.min) && Number.isFinite(b.range.max) ? b.range : null;
                  const rangeText = range ? ` (min–max over seeds ${formatRange(range, PAPER_FIGURE)})` : '';
                  return (
                    <g key={b.series}>
                      <rect
                        x={bx}
                        y={top}
                        width={inner.bandwidth()}
                        height={Math.max(0.5, plotH - top)}
                        fill={SERIES_FILL[b.series]}
                        stroke={b.series.endsWith('before') ? '#c8553d' : '#2f6db3'}
                        strokeWidth={0.6}
                      >
                        <title>{`row ${g.row} (${g.label}) ${SERIES_LABELS[b.series]}: ${formatNumber(b.value, PAPER_FIGURE)} ${unit}${rangeText}`}</title>
                      </rect>
                      {range && (
                        <g data-testid="sim-whisker" data-min={range.min} data-max={range.max} stroke="#1d2330" strokeWidth={1.2}>
                          <line x1={cx} x2={cx} y1={y(Math.max(range.min, log ? lo : 0))} y2={y(range.max)} />
                          <line x1={cx - 3} x2={cx + 3} y1={y(range.max)} y2={y(range.max)} />
                          <line x1={cx - 3} x2={cx + 3} y1={y(Math.max(range.min, log ? lo : 0))} y2={y(Math.max(range.min, log ? lo : 0))} />
                        </g>
                      )}
                    </g>
                  );
                })}
                {g.verdict && VERDICT_MARKS[g.verdict] && (
                  <g
                    transform={`translate(0,${Math.max(18, simTop(g) - 6)})`}
                    data-testid="chart-verdict"
                    data-row={g.row}
                    data-verdict={g.verdict}
                  >
                    <title>{`row ${g.row} (${g.label}): the simulator's change is ${VERDICT_WORDS[g.verdict]}`}</title>
                    <path d={`M${simBefore},4 V0 H${simAfter} V4`} fill="none" stroke="#1d2330" strokeWidth={1} />
                    <text x={(simBefore + simAfter) / 2} y={-3} className="verdict-mark" textAnchor="middle">
                      {VERDICT_MARKS[g.verdict]}
                    </text>
                  </g>
                )}
                <text x={x.bandwidth() / 2} y={plotH + 18} className="axis-label" textAnchor="middle">
                  {g.label}
                </text>
              </g>
            ))}
            <line x1={0} x2={plotW} y1={plotH} y2={plotH} stroke="#6b7385" />
            <text x={plotW / 2} y={plotH + 36} className="axis-label" textAnchor="middle">
              {xAxis}
            </text>
          </g>
          <g transform={`translate(${M.left},10)`}>
            {BAR_SERIES.map((s, i) => (
              <g key={s} transform={`translate(${i * 150},0)`}>
                <rect width={14} height={12} fill={SERIES_FILL[s]} stroke={s.endsWith('before') ? '#c8553d' : '#2f6db3'} strokeWidth={0.6} />
                <text x={19} y={10} className="axis-label">
                  {SERIES_LABELS[s]}
                </text>
              </g>
            ))}
          </g>
        </svg>
      </div>
      {groups.some((g) => g.verdict) && (
        <p className="muted chart-note" data-testid="paper-chart-note">
          Simulator bars are medians over the seeds; each whisker runs from the lowest to the highest seed.{' '}
          Over the simulator's two bars, <b>*</b> marks a row whose before and after ranges do not overlap (a significant
          change); <b>≈</b> one whose ranges overlap, where the seed moves the result as much as the patch does.
        </p>
      )}
    </figure>
  );
}
