/**
 * Under the mail's table, from the sweep: the clients sweep (the four
 * figures the mail compares, every variant, medians with their ranges over
 * seeds, drawn and tabled), and what the one patch the model has explains
 * of the change the mail measured for seven.
 */
import { scaleLinear, scaleLog } from 'd3-scale';
import { memo, useMemo, useRef } from 'react';
import { formatChange, formatNumber, formatRange, formatShare } from '../../../../lib/format';
import { changeText, verdictReason, verdictWords } from '../../../../lib/verdict';
import type { SweepResult } from '../../core/sweep';
import type { Spread } from '../../core/stats';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { AFTER, BEFORE, CATEGORICAL } from '../../viz/palette';
import { useElementWidth } from '../../viz/useElementWidth';
import { clientsRows, explainRows, HEADLINE_METRICS, type ClientsRow } from './compare';

const VARIANT_COLORS: Record<string, string> = { before: BEFORE, after: AFTER, '6.12': CATEGORICAL[2]! };
const colorOf = (v: string) => VARIANT_COLORS[v] ?? '#555';
const fig = (v: number | undefined) => formatNumber(v, { digits: 4 });
const range = (s: Spread | undefined) => (s ? formatRange(s, { format: (v) => formatNumber(v, { digits: 3 }) }) : '—');

export const SweepViews = memo(function SweepViews({ sweep }: { sweep: SweepResult | null }) {
  if (!sweep)
    return (
      <p className="muted" data-testid="bf-sweep-empty">
        Run the sweep to see every variant at 4 to 64 clients, and how much of the mail's change this patch explains.
      </p>
    );
  return (
    <>
      <ClientsSweep sweep={sweep} />
      <Explains sweep={sweep} />
    </>
  );
});

const CHART_H = 170;
const M = { top: 18, right: 12, bottom: 30, left: 52 };

function ClientsSweep({ sweep }: { sweep: SweepResult }) {
  const rows = useMemo(() => clientsRows(sweep), [sweep]);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(900);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const cols = HEADLINE_METRICS.length;
  const cellW = Math.max(180, width / cols);
  const totalW = cellW * cols;
  return (
    <div className="bf-sweep" data-testid="bf-sweep">
      <h3>The clients sweep: every variant, {sweep.seeds.length} seeds each</h3>
      <p className="muted">
        Each chart one of the mail's figures against the clients count (log scale); a line per variant through its medians,
        a bar at each point from its lowest to its highest seed. The table below gives the numbers.
      </p>
      <figure className="chart">
        <figcaption>
          <span className="chart-title">
            {sweep.variants.map((v) => (
              <span key={v} className="bf-key" style={{ color: colorOf(v) }}>
                ■ {v}{' '}
              </span>
            ))}
          </span>
          <ExportButtons name="btrfs-fsync-clients-sweep" exporter={svgRefExporter(svgRef)} />
        </figcaption>
        <div ref={wrapRef} className="bf-sweep-chart">
          <svg ref={svgRef} width={totalW} height={CHART_H} viewBox={`0 0 ${totalW} ${CHART_H}`} role="img" aria-label="the clients sweep">
            {HEADLINE_METRICS.map((m, i) => (
              <g key={m.metric} transform={`translate(${i * cellW},0)`}>
                <MetricChart rows={rows} metric={m.metric} title={`${m.label}, ${m.unit}`} variants={sweep.variants} width={cellW} />
              </g>
            ))}
          </svg>
        </div>
      </figure>
      <div className="table-wrap">
        <table className="metrics-table" data-testid="bf-sweep-table">
          <thead>
            <tr>
              <th>clients</th>
              <th>variant</th>
              {HEADLINE_METRICS.map((m) => (
                <th key={m.metric}>
                  {m.label} ({m.unit}), median [min–max]
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((r) =>
              sweep.variants.map((v) => (
                <tr key={`${r.clients}-${v}`} data-clients={r.clients} data-variant={v}>
                  <td>{r.clients}</td>
                  <td>{v}</td>
                  {HEADLINE_METRICS.map((m) => {
                    const s = r.values[m.metric]?.[v];
                    return (
                      <td key={m.metric} className="num">
                        {s ? `${fig(s.median)} [${range(s)}]` : '—'}
                      </td>
                    );
                  })}
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MetricChart({ rows, metric, title, variants, width }: { rows: ClientsRow[]; metric: string; title: string; variants: string[]; width: number }) {
  const clients = rows.map((r) => r.clients);
  const all = rows.flatMap((r) => variants.flatMap((v) => (r.values[metric]?.[v] ? [r.values[metric]![v]!.min, r.values[metric]![v]!.max] : [])));
  const lo = Math.min(...all, Infinity);
  const hi = Math.max(...all, -Infinity);
  const x = scaleLog()
    .domain([Math.min(...clients), Math.max(...clients, Math.min(...clients) * 2)])
    .range([M.left, width - M.right]);
  const y = scaleLinear()
    .domain(Number.isFinite(lo) ? [Math.min(0, lo), hi * 1.05 || 1] : [0, 1])
    .range([CHART_H - M.bottom, M.top])
    .nice();
  return (
    <g data-testid={`bf-sweep-chart-${metric}`}>
      <text x={M.left} y={11} className="q-label">
        {title}
      </text>
      <g className="svg-axis">
        {y.ticks(4).map((t) => (
          <g key={t} transform={`translate(0,${y(t)})`}>
            <line x1={M.left} x2={width - M.right} className="bf-grid" />
            <text x={M.left - 4} textAnchor="end" dominantBaseline="central">
              {formatNumber(t, { digits: 3 })}
            </text>
          </g>
        ))}
        {clients.map((c) => (
          <text key={c} x={x(c)} y={CHART_H - M.bottom + 14} textAnchor="middle">
            {c}
          </text>
        ))}
        <text x={(M.left + width - M.right) / 2} y={CHART_H - 3} textAnchor="middle">
          clients
        </text>
      </g>
      {variants.map((v, vi) => {
        const pts = rows.filter((r) => r.values[metric]?.[v]).map((r) => ({ c: r.clients, s: r.values[metric]![v]! }));
        const dx = (vi - (variants.length - 1) / 2) * 3;
        return (
          <g key={v} data-variant={v}>
            <polyline fill="none" stroke={colorOf(v)} strokeWidth={1.5} points={pts.map((p) => `${x(p.c) + dx},${y(p.s.median)}`).join(' ')} />
            {pts.map((p) => (
              <g key={p.c}>
                <line x1={x(p.c) + dx} x2={x(p.c) + dx} y1={y(p.s.min)} y2={y(p.s.max)} stroke={colorOf(v)} strokeWidth={2} opacity={0.5} />
                <circle cx={x(p.c) + dx} cy={y(p.s.median)} r={2.5} fill={colorOf(v)}>
                  <title>{`${v}, ${p.c} clients: ${fig(p.s.median)} [${range(p.s)}]`}</title>
                </circle>
              </g>
            ))}
          </g>
        );
      })}
    </g>
  );
}

function Explains({ sweep }: { sweep: SweepResult }) {
  const rows = useMemo(() => explainRows(sweep), [sweep]);
  return (
    <div className="bf-explains" data-testid="bf-explains">
      <h3>What one patch of seven explains</h3>
      <p className="muted">
        The mail's change from before to after is for seven patches; the simulator's is for this one, at the mail's client
        counts: each seed's after over its before, their geometric mean and its 95% interval over the sweep's{' '}
        {sweep.seeds.length} seeds, and the verdict against the mail's. Only a change clear of the noise and going the
        mail's way is a part of the mail's change this patch accounts for. Waiting for SUPER_COMMITTED saves a waiter at
        most one unpin, a few ms, about a tenth of a commit. The mail's max latency falls by far more, and its other
        operations (NTCreateX, Rename, Unlink, Find) got faster too: that is the other six patches, which make logging an
        inode cheaper. The simulator runs seconds, not 300 s, so its maxima are those of a short run; ten seeds of each
        are on record below the table.
      </p>
      <div className="table-wrap">
        <table className="metrics-table" data-testid="bf-explains-table">
          <thead>
            <tr>
              <th>clients</th>
              <th>figure</th>
              <th>mail, seven patches</th>
              <th>simulator, this patch (95%)</th>
              <th>verdict</th>
              <th>part explained</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.clients}-${r.metric}`} data-clients={r.clients} data-metric={r.metric}>
                <td>{r.clients}</td>
                <td>{r.label}</td>
                <td className="num">{formatChange(r.mail)}</td>
                <td className="num">{changeText(r.verdict)}</td>
                <td title={verdictReason(r.verdict)}>{verdictWords(r.verdict)}</td>
                <td className="num" data-testid="bf-share">
                  {r.share === null ? '—' : formatShare(r.share)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
