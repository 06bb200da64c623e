/**
 * Grouped bars like the mail's plots: for every row, the paper's two figures
 * (without and with the patch) and the simulator's value of every variant
 * of the lab, the simulator's as the
 * median over seeds with a whisker from min to max, and a mark over each
 * row with the verdict on its change against the mail's. A log scale shows the
 * hundredfold collapse and the small values at once.
 */
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { useRef, useState } from 'react';
import { formatNumber, formatRange } from '../../../../lib/format';
import { ExportButtons, svgRefExporter } from '../export/ExportButtons';
import { useElementWidth } from '../useElementWidth';
import { verdictWords, type VerdictKind } from '../../../../lib/verdict';
import { endVariants } from '../../core/sweep';
import { wrapWords } from '../heatmap/heatmap';
import { CATEGORICAL } from '../palette';
import { tint } from '../shades';
import { barSeries, PAPER_FIGURE, seriesLabel, valueDomain, type BarGroup, type BarSeries, type Ends } from './paper';

const M = { left: 60, right: 12, top: 34, bottom: 44 };
const HEIGHT = 320;
const LEGEND_ITEM_W = 150;
const LEGEND_ROW_H = 16;
/** a wrapped axis label's line height, px */
const AXIS_LINE_H = 12;

/**
 * A variant's colour: the first (unpatched) vermillion, the last (patched)
 * blue, the ones between the palette's other Okabe-Ito hues; bars are a pale
 * tint of their stroke.
 */
const strokeAndFill = (stroke: string) => ({ stroke, fill: tint(stroke, 0.65) });
const FIRST_COLOR = strokeAndFill(CATEGORICAL[0]!);
const LAST_COLOR = strokeAndFill(CATEGORICAL[1]!);
const MIDDLE_COLORS = CATEGORICAL.slice(2).map(strokeAndFill);

export function variantColor(index: number, count: number): { stroke: string; fill: string } {
  if (index === 0) return FIRST_COLOR;
  if (index === count - 1) return LAST_COLOR;
  return MIDDLE_COLORS[(index - 1) % MIDDLE_COLORS.length]!;
}

/** A bar's outline and fill: the mail's figures solid, the simulator's hatched, in their variant's colour. */
function seriesStyle(series: BarSeries, variants: readonly string[]): { stroke: string; fill: string } {
  const n = variants.length;
  if (series === 'paper-first') return { stroke: FIRST_COLOR.stroke, fill: FIRST_COLOR.stroke };
  if (series === 'paper-last') return { stroke: LAST_COLOR.stroke, fill: LAST_COLOR.stroke };
  const i = variants.indexOf(series.slice('sim-'.length));
  return { stroke: variantColor(i, n).stroke, fill: `url(#hatch-${i})` };
}

export interface PaperChartProps {
  groups: readonly BarGroup[];
  /** the lab's variants, in its order */
  variants: readonly string[];
  /** the variants the mail's two figures stand for (paperEnds); by default the first and the last */
  ends?: Ends;
  unit: string;
  name: string;
  /** the chart's title; by default the unit by row */
  title?: string;
  /** the x axis's label */
  xAxis?: string;
}

/** The mark over a row's bars for each verdict on its change (lib/verdict.ts); none where there is no verdict. */
export const VERDICT_MARKS: Record<VerdictKind, string> = {
  'as the mail': '✓',
  'weaker than the mail': '<',
  'stronger than the mail': '>',
  'within the noise': '≈',
  'against the mail': '✗',
  'no mail figure': '*',
  'too few runs': '',
  'no verdict': '',
};

export function PaperChart({ groups, variants, ends = endVariants(variants), unit, name, title, xAxis = 'row' }: PaperChartProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(700);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [log, setLog] = useState(false);

  const series = barSeries(variants, ends);
  const plotW = Math.max(100, width - M.left - M.right);
  const legendCols = Math.max(1, Math.floor(plotW / LEGEND_ITEM_W));
  const top = M.top + (Math.ceil(series.length / legendCols) - 1) * LEGEND_ROW_H;
  const plotH = HEIGHT - top - M.bottom;
  const x = scaleBand<string>()
    .domain(groups.map((g) => g.label))
    .range([0, plotW])
    .paddingInner(0.22)
    .paddingOuter(0.1);
  /* a row's label wraps to its band (and the gap beside it); the axis's title to the plot: the chart grows down */
  const labelLines = groups.map((g) => wrapWords(g.label, Math.max(40, x.step() - 4)));
  const axisLines = wrapWords(xAxis, plotW);
  const labelExtra = (Math.max(1, ...labelLines.map((l) => l.length)) - 1) * AXIS_LINE_H;
  const svgH = HEIGHT + labelExtra + (axisLines.length - 1) * AXIS_LINE_H;
  const inner = scaleBand<BarSeries>().domain(series).range([0, x.bandwidth()]).padding(0.08);
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
  /* the centres of the bars of the two variants the mail compares, which the verdict's bracket joins */
  const simBefore = (inner(`sim-${ends.before}`) ?? 0) + inner.bandwidth() / 2;
  const simAfter = (inner(`sim-${ends.after}`) ?? 0) + inner.bandwidth() / 2;

  return (
    <figure className="chart">
      <figcaption>
        <span className="chart-title">{title ?? `${unit} by row`}</span>
        <label className="inline">
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} data-testid="paper-log" /> log scale
        </label>
        <ExportButtons name={name} exporter={svgRefExporter(svgRef)} />
      </figcaption>
      <div ref={wrapRef} className="paper-chart" data-testid="paper-chart" style={{ height: svgH }}>
        <svg ref={svgRef} width={width} height={svgH} viewBox={`0 0 ${width} ${svgH}`} role="img" aria-label={`paper versus simulator, variants ${variants.join(', ')}`}>
          <defs>
            {variants.map((v, i) => {
              const c = variantColor(i, variants.length);
              return (
                <pattern key={v} id={`hatch-${i}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                  <rect width="6" height="6" fill={c.fill} />
                  <line x1="0" y1="0" x2="0" y2="6" stroke={c.stroke} strokeWidth="2.5" />
                </pattern>
              );
            })}
          </defs>
          <g transform={`translate(${M.left},${top})`}>
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
                  const style = seriesStyle(b.series, variants);
                  return (
                    <g key={b.series}>
                      <rect
                        x={bx}
                        y={top}
                        width={inner.bandwidth()}
                        height={Math.max(0.5, plotH - top)}
                        fill={style.fill}
                        stroke={style.stroke}
                        strokeWidth={0.6}
                      >
                        <title>{`row ${g.row} (${g.label}) ${seriesLabel(b.series, ends)}: ${formatNumber(b.value, PAPER_FIGURE)} ${unit}${rangeText}`}</title>
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
                {g.verdict && VERDICT_MARKS[g.verdict.kind] && (
                  <g
                    transform={`translate(0,${Math.max(18, simTop(g) - 6)})`}
                    data-testid="chart-verdict"
                    data-row={g.row}
                    data-verdict={g.verdict.kind}
                  >
                    <title>{`row ${g.row} (${g.label}): ${verdictWords(g.verdict)}`}</title>
                    <path d={`M${simBefore},4 V0 H${simAfter} V4`} fill="none" stroke="#1d2330" strokeWidth={1} />
                    <text x={(simBefore + simAfter) / 2} y={-3} className="verdict-mark" textAnchor="middle">
                      {VERDICT_MARKS[g.verdict.kind]}
                    </text>
                  </g>
                )}
                <text x={x.bandwidth() / 2} y={plotH + 18} className="axis-label" textAnchor="middle">
                  {(labelLines[groups.indexOf(g)] ?? [g.label]).map((line, k) => (
                    <tspan key={k} x={x.bandwidth() / 2} dy={k === 0 ? 0 : AXIS_LINE_H}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            ))}
            <line x1={0} x2={plotW} y1={plotH} y2={plotH} stroke="#6b7385" />
            <text x={plotW / 2} y={plotH + 36 + labelExtra} className="axis-label" textAnchor="middle">
              {axisLines.map((line, k) => (
                <tspan key={k} x={plotW / 2} dy={k === 0 ? 0 : AXIS_LINE_H}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
          <g transform={`translate(${M.left},10)`}>
            {series.map((s, i) => (
              <g key={s} transform={`translate(${(i % legendCols) * LEGEND_ITEM_W},${Math.floor(i / legendCols) * LEGEND_ROW_H})`}>
                <rect width={14} height={12} fill={seriesStyle(s, variants).fill} stroke={seriesStyle(s, variants).stroke} strokeWidth={0.6} />
                <text x={19} y={10} className="axis-label">
                  {seriesLabel(s, ends)}
                </text>
              </g>
            ))}
          </g>
        </svg>
      </div>
      {groups.some((g) => g.verdict) && (
        <p className="muted chart-note" data-testid="paper-chart-note">
          Simulator bars are medians over the seeds; each whisker runs from the lowest to the highest seed.{' '}
          Over the simulator's {ends.before} and {ends.after} bars, the verdict on its change against the mail's: <b>✓</b> as the
          mail, <b>&lt;</b> weaker, <b>&gt;</b> stronger (by more than a factor of two), <b>≈</b> within the noise, <b>✗</b> against the
          mail, <b>*</b> a clear change where the mail has no figure.
        </p>
      )}
    </figure>
  );
}
