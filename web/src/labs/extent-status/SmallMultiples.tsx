/**
 * The mail's table beside the simulator's as small multiples: a row per
 * metric, a column per case, and in each cell the six variants left to
 * right, each with the mail's min–max over its three runs (grey, its mean
 * as a dot) and the simulator's min–max over the sweep's seeds (blue, its
 * median as a dot), on a log scale that spans both. The model runs scaled
 * cases, so its absolute values are not the mail's: what to compare is how
 * each patch moves a metric. The numbers follow in a table.
 */
import { format } from 'd3-format';
import { scaleBand, scaleLog } from 'd3-scale';
import { memo, useMemo, useRef } from 'react';
import { citationText, formatNumber, formatRange, formatShare } from '../../../../lib/format';
import type { SweepResult } from '../../core/sweep';
import type { PaperRows } from '../../core/types';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { useElementWidth } from '../../viz/useElementWidth';
import { cellDomain, multipleCells, shapeAgreement, type CellRange, type MultipleCell } from './compare';
import { LINKS } from './links';
import { ES_CASES } from './schema';

const CELL_H = 130;
const TOP = 22;
const LEFT = 112;
const AXIS_W = 44;
const GAP = 14;
const BOTTOM = 34;

const figure = (v: number) => formatNumber(v, { digits: 3 });
/** an axis tick, short: 800, 3k, 10M */
const tick = format('~s');
const rangeText = (r: CellRange | null) => (r ? formatRange(r, { format: figure }) : '—');

export const SmallMultiples = memo(function SmallMultiples({ sweep, table }: { sweep: SweepResult | null; table: PaperRows }) {
  const variants = sweep?.variants ?? undefined;
  const cells = useMemo(() => multipleCells(sweep, variants), [sweep, variants]);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(900);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const cols = ES_CASES.length;
  const cellW = Math.max(150, (width - LEFT - cols * GAP) / cols);
  const metrics = [...new Set(cells.map((c) => c.metric.metric))];
  const height = TOP + metrics.length * (CELL_H + GAP) + BOTTOM;
  const seeds = sweep?.seeds.length ?? 0;
  return (
    <div className="es-table" data-testid="es-multiples-panel">
      <h3>The mail's five metrics, every variant, every case</h3>
      <p className="muted">
        Each cell is one metric in one case; in it the six variants from left to right, the mail's <b>grey</b> bar spanning
        its three runs (the dot at their mean) and the simulator's <b>blue</b> one spanning{' '}
        {sweep ? `its ${seeds} seeds (the dot at their median)` : 'the sweep’s seeds, once the sweep has run'}. The scale is
        logarithmic and spans both: the simulator runs the scaled cases, so its values are not the mail's; read how each
        patch moves a metric, left to right. <b>upstream</b> has no grey bar: the mail never measured what Linux merged.
        Figures: {citationText(table.citation)},{' '}
        <a href={LINKS.mail} target="_blank" rel="noreferrer">
          the mail
        </a>
        .
      </p>
      <figure className="chart">
        <figcaption>
          <span className="chart-title">mail (grey) and simulator (blue), min–max</span>
          <ExportButtons name="extent-status-small-multiples" exporter={svgRefExporter(svgRef)} />
        </figcaption>
        <div ref={wrapRef} className="es-multiples" style={{ height }}>
          <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="the mail's metrics beside the simulator's" data-testid="es-multiples">
            {ES_CASES.map((c, j) => (
              <text key={c} x={LEFT + j * (cellW + GAP) + cellW / 2} y={14} textAnchor="middle" className="q-label">
                case {c}
              </text>
            ))}
            {metrics.map((m, i) => {
              const row = cells.filter((c) => c.metric.metric === m);
              const first = row[0]!;
              return (
                <g key={m} transform={`translate(0,${TOP + i * (CELL_H + GAP)})`}>
                  <text x={0} y={CELL_H / 2 - 6} className="q-label">
                    {first.metric.label}
                  </text>
                  <text x={0} y={CELL_H / 2 + 10} className="q-sub">
                    {first.metric.unit || 'count'}, log
                  </text>
                  {row.map((cell, j) => (
                    <g key={cell.case} transform={`translate(${LEFT + j * (cellW + GAP)},0)`}>
                      <Cell cell={cell} width={cellW} last={i === metrics.length - 1} />
                    </g>
                  ))}
                </g>
              );
            })}
          </svg>
        </div>
      </figure>
      <NumbersTable cells={cells} />
    </div>
  );
});

function Cell({ cell, width, last }: { cell: MultipleCell; width: number; last: boolean }) {
  const [lo, hi] = cellDomain(cell);
  const y = scaleLog().domain([lo, hi]).range([CELL_H - 4, 4]).clamp(true);
  const x = scaleBand<string>()
    .domain(cell.variants.map((v) => v.variant))
    .range([AXIS_W, width])
    .padding(0.2);
  const ticks = y.ticks(3).filter((_t, i, all) => all.length <= 4 || i % Math.ceil(all.length / 4) === 0);
  const bw = x.bandwidth();
  const agreement = shapeAgreement(cell);
  const id = `${cell.metric.metric}-${cell.case}`;
  return (
    <g data-testid={`es-cell-${id}`} data-agreement={agreement ?? ''}>
      <rect x={AXIS_W} y={0} width={width - AXIS_W} height={CELL_H} className="es-cell-frame" />
      <g className="es-axis">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={AXIS_W} x2={width} y1={y(t)} y2={y(t)} />
            <text x={AXIS_W - 4} y={y(t)} textAnchor="end" dominantBaseline="central">
              {tick(t)}
            </text>
          </g>
        ))}
        {last &&
          cell.variants.map((v) => (
            <text key={v.variant} x={(x(v.variant) ?? 0) + bw / 2} y={CELL_H + 12} textAnchor="end" transform={`rotate(-30 ${(x(v.variant) ?? 0) + bw / 2} ${CELL_H + 12})`}>
              {v.variant}
            </text>
          ))}
      </g>
      {cell.variants.map((v) => {
        const x0 = x(v.variant) ?? 0;
        const xm = x0 + bw * 0.32;
        const xs = x0 + bw * 0.68;
        return (
          <g key={v.variant}>
            {v.mail && (
              <g data-testid={`es-mail-${id}-${v.variant}`} data-min={v.mail.min} data-max={v.mail.max}>
                <line x1={xm} x2={xm} y1={y(Math.max(lo, v.mail.min))} y2={y(v.mail.max)} className="es-mail-range" />
                <circle cx={xm} cy={y(Math.max(lo, v.mail.mid))} r={2.5} className="es-mail-avg" />
                <title>{`${v.variant}, the mail: ${rangeText(v.mail)} over 3 runs, mean ${figure(v.mail.mid)}`}</title>
              </g>
            )}
            {v.sim && (
              <g data-testid={`es-sim-${id}-${v.variant}`} data-min={v.sim.min} data-max={v.sim.max}>
                <line x1={xs} x2={xs} y1={y(Math.max(lo, v.sim.min))} y2={y(Math.max(lo, v.sim.max))} className="es-sim-range" />
                <circle cx={xs} cy={y(Math.max(lo, v.sim.mid))} r={2.5} className="es-sim-median" />
                <title>{`${v.variant}, the simulator: ${rangeText(v.sim)} over ${v.seeds} seeds, median ${figure(v.sim.mid)}${v.sim.min <= 0 ? ' (0 drawn at the bottom)' : ''}`}</title>
              </g>
            )}
          </g>
        );
      })}
      {agreement !== null && (
        <text x={width - 4} y={12} textAnchor="end" className="q-sub" data-testid={`es-agreement-${id}`}>
          {`moves as the mail ${formatShare(agreement, { decimals: 0 })}`}
        </text>
      )}
    </g>
  );
}

/** The same cells as numbers: per metric and case, each variant's mail range and simulator range. */
function NumbersTable({ cells }: { cells: readonly MultipleCell[] }) {
  const variants = cells[0]?.variants.map((v) => v.variant) ?? [];
  return (
    <details className="es-table-note">
      <summary>The numbers: min–max of the mail's runs and of the simulator's seeds</summary>
      <div className="table-wrap">
        <table className="paper-table" data-testid="es-numbers">
          <thead>
            <tr>
              <th>metric</th>
              <th>case</th>
              <th>side</th>
              {variants.map((v) => (
                <th key={v}>{v}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cells.flatMap((c) =>
              (['mail', 'sim'] as const).map((side) => (
                <tr key={`${c.metric.metric}-${c.case}-${side}`}>
                  {side === 'mail' && (
                    <>
                      <td rowSpan={2}>
                        {c.metric.label}
                        {c.metric.unit ? ` (${c.metric.unit})` : ''}
                      </td>
                      <td rowSpan={2}>
                        {c.case}
                        {c.mailNote && <div className="muted small-text">{c.mailNote}</div>}
                      </td>
                    </>
                  )}
                  <td className={side === 'mail' ? 'paper-group' : 'sim-group'}>{side === 'mail' ? 'mail' : 'simulator'}</td>
                  {c.variants.map((v) => (
                    <td key={v.variant} className="num" data-testid={`es-num-${side}-${c.metric.metric}-${c.case}-${v.variant}`}>
                      {side === 'mail' ? (v.mail ? rangeText(v.mail) : v.variant === 'upstream' ? 'not measured' : '—') : rangeText(v.sim)}
                    </td>
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </details>
  );
}
