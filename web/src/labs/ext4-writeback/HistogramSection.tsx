/**
 * Pages written per ext4_writepages call, the runs' beside the mail's:
 * shares of calls per bucket, so that runs of different lengths compare.
 * The mail's mean is the same in both kernels (3.92 pages); what batching
 * changes is the shape: before has more calls of 0-1 pages and more of 6 or
 * more, fewer of exactly one write's 4-5.
 */
import { scaleLinear } from 'd3-scale';
import { memo, useMemo, useRef } from 'react';
import { formatShare } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { AFTER, BEFORE } from '../../viz/palette';
import { tint } from '../../viz/shades';
import { useElementWidth } from '../../viz/useElementWidth';
import { histogramRows, type HistRow } from './compare';

const H = 200;
const M = { top: 14, right: 10, bottom: 34, left: 44 };
const SERIES_COLORS: Record<string, string> = {
  'mail before': tint(BEFORE, 0.55),
  'mail after': tint(AFTER, 0.55),
  before: BEFORE,
  after: AFTER,
};

const pct = (v: number | null) => (v === null ? '—' : formatShare(v, { decimals: 1 }));

export const HistogramSection = memo(function HistogramSection({ variants, runs }: LabSectionProps) {
  const rows = useMemo(
    () => histogramRows(Object.fromEntries(variants.map((v) => [v, runs[v]?.result.metrics]))),
    [variants, runs],
  );
  return (
    <section className="panel" aria-labelledby="ewb-hist-heading" data-testid="ewb-hist-section">
      <div className="panel-head">
        <h2 id="ewb-hist-heading">Pages per ext4_writepages call, beside the mail's</h2>
      </div>
      <p className="muted">
        The histogram Jan Kara asked for: how many pages each ext4_writepages call wrote, as a share of all calls. One
        write is four pages, so a job that finds only its own write writes 4-5; a call that finds others' pages writes more,
        a call that finds nothing left writes 0-1. Both kernels in the mail average 3.92 pages a call: the batching shows in
        the tails, not the mean. Lighter bars are the mail's runs (5.10.162 with the commit reverted, and as released), the
        darker ones this page's runs.
      </p>
      <HistChart rows={rows} variants={variants} />
      <div className="table-wrap">
        <table className="metrics-table ewb-table" data-testid="ewb-hist-table">
          <thead>
            <tr>
              <th>pages</th>
              <th>mail, before</th>
              <th>mail, after</th>
              {variants.map((v) => (
                <th key={v}>this run, {v}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.bucket} data-bucket={r.bucket}>
                <td>{r.bucket}</td>
                <td className="num">{pct(r.mail.before)}</td>
                <td className="num">{pct(r.mail.after)}</td>
                {variants.map((v) => (
                  <td key={v} className="num">
                    {pct(r.sim[v] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});

function HistChart({ rows, variants }: { rows: HistRow[]; variants: readonly string[] }) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(800);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const series: [string, (r: HistRow) => number | null][] = [
    ['mail before', (r) => r.mail.before],
    ['mail after', (r) => r.mail.after],
    ...variants.map((v): [string, (r: HistRow) => number | null] => [v, (r) => r.sim[v] ?? null]),
  ];
  const max = Math.max(0.01, ...rows.flatMap((r) => series.map(([, f]) => f(r) ?? 0)));
  /* a square-root scale: the 4-5 bucket holds most calls, the tails hold the story */
  const y = scaleLinear().domain([0, Math.sqrt(max)]).range([H - M.bottom, M.top]);
  const w = Math.max(320, width);
  const band = (w - M.left - M.right) / rows.length;
  const bw = Math.max(1, (band - 2) / series.length);
  return (
    <figure className="chart">
      <figcaption>
        <span className="chart-title">
          {series.map(([s]) => (
            <span key={s} className="ewb-key">
              <span style={{ color: SERIES_COLORS[s] ?? '#555' }} aria-hidden="true">
                ■
              </span>{' '}
              {s}{' '}
            </span>
          ))}
        </span>
        <ExportButtons name="ext4-writeback-histogram" exporter={svgRefExporter(svgRef)} />
      </figcaption>
      <div ref={wrapRef} className="ewb-chart">
        <svg ref={svgRef} width={w} height={H} viewBox={`0 0 ${w} ${H}`} role="img" aria-label="pages per ext4_writepages call" data-testid="ewb-hist">
          <g className="svg-axis">
            {[0, 0.01, 0.05, 0.2, 0.5, 0.8].filter((t) => t <= max).map((t) => (
              <g key={t} transform={`translate(0,${y(Math.sqrt(t))})`}>
                <line x1={M.left} x2={w - M.right} className="ewb-grid" />
                <text x={M.left - 4} textAnchor="end" dominantBaseline="central">
                  {formatShare(t)}
                </text>
              </g>
            ))}
            <text x={(M.left + w - M.right) / 2} y={H - 3} textAnchor="middle">
              pages written by one call (share of calls, square-root scale)
            </text>
          </g>
          {rows.map((r, i) => (
            <g key={r.bucket} transform={`translate(${M.left + i * band},0)`}>
              {series.map(([s, f], k) => {
                const v = f(r);
                if (v === null) return null;
                return (
                  <rect key={s} x={1 + k * bw} y={y(Math.sqrt(v))} width={bw} height={H - M.bottom - y(Math.sqrt(v))} fill={SERIES_COLORS[s] ?? '#555'} data-series={s}>
                    <title>{`${s}, ${r.bucket} pages: ${pct(v)} of calls`}</title>
                  </rect>
                );
              })}
              <text x={band / 2} y={H - M.bottom + 12} textAnchor="middle" className="ewb-tick">
                {r.bucket}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </figure>
  );
}
