/**
 * Under the mail's table, from the sweep: every run as a point, its IOPS
 * against its write's average completion latency, before and after, every
 * seed and jobs count; the mail's shape (16 jobs) drawn larger, with the
 * mail's two runs as open marks beside them.
 */
import { scaleLinear, scaleLog } from 'd3-scale';
import { memo, useMemo, useRef } from 'react';
import { formatNumber } from '../../../../lib/format';
import { mailFigure } from '../../../../lib/mails';
import type { SweepResult } from '../../core/sweep';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { AFTER, BEFORE } from '../../viz/palette';
import { useElementWidth } from '../../viz/useElementWidth';
import { iopsDirection, rowSync, scatterPoints, type ScatterPoint } from './compare';
import { EvidenceTable } from './EvidenceTable';

const VARIANT_COLORS: Record<string, string> = { before: BEFORE, after: AFTER };
const colorOf = (v: string) => VARIANT_COLORS[v] ?? '#555';
const H = 300;
const M = { top: 16, right: 16, bottom: 36, left: 56 };

const mail = (metric: string, variant: string) => mailFigure('ext4-writeback', { metric, variant, where: { fio: 'fsync=1' } })?.value;

export const SweepViews = memo(function SweepViews({ sweep }: { sweep: SweepResult | null }) {
  if (!sweep)
    return (
      <p className="muted" data-testid="ewb-sweep-empty">
        Run the sweep to see every run of both variants, 1 to 32 jobs over several seeds, as latency against throughput.
      </p>
    );
  return (
    <>
      <Scatter sweep={sweep} />
      <SweepEvidence sweep={sweep} />
    </>
  );
});

function Scatter({ sweep }: { sweep: SweepResult }) {
  const points = useMemo(() => scatterPoints(sweep), [sweep]);
  const dir = useMemo(() => iopsDirection(points), [points]);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(800);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const mailPts = ['before', 'after'].map((v) => ({ v, iops: mail('fsync_iops_per_s', v), clat: mail('fsync_clat_avg_us', v) }));
  const xs = [...points.map((p) => p.iops), ...mailPts.map((p) => p.iops ?? 0)];
  const ys = [...points.map((p) => p.clatUs), ...mailPts.map((p) => p.clat ?? 0)];
  const w = Math.max(360, width);
  const x = scaleLinear().domain([0, Math.max(...xs, 1) * 1.05]).range([M.left, w - M.right]).nice();
  const y = scaleLog()
    .domain([Math.max(1, Math.min(...ys.filter((v) => v > 0), 1e9) / 1.3), Math.max(...ys, 2) * 1.3])
    .range([H - M.bottom, M.top])
    .nice();
  const jobs = [...new Set(points.map((p) => p.jobs))].sort((a, b) => a - b);
  return (
    <div className="ewb-sweep" data-testid="ewb-sweep">
      <h3>Latency against throughput: every fsync run, {sweep.seeds.length} seeds each</h3>
      <p className="muted">
        A point per run: its IOPS across, its writes' average completion latency (clat) up, red before, blue after; the
        larger points are the mail's shape (16 jobs), the small ones {jobs.filter((j) => j !== 16).join(', ')} jobs, each
        labelled with its jobs count; latency on a log scale. The fdatasync runs are in the table above. Open circles are the mail's two runs: there before sits up
        and to the right of after, more latency for a little more throughput.{' '}
        <span data-testid="ewb-sweep-direction">
          Here, at 16 jobs, before had the higher clat on {dir.beforeSlower} of {dir.seeds} seeds and fewer IOPS than
          after on {dir.beforeLower} of {dir.seeds}
        </span>
        .
      </p>
      <figure className="chart">
        <figcaption>
          <span className="chart-title">
            {sweep.variants.map((v) => (
              <span key={v} className="ewb-key">
                <span style={{ color: colorOf(v) }} aria-hidden="true">
                  ■
                </span>{' '}
                {v}{' '}
              </span>
            ))}
          </span>
          <ExportButtons name="ext4-writeback-latency-throughput" exporter={svgRefExporter(svgRef)} />
        </figcaption>
        <div ref={wrapRef} className="ewb-chart">
          <svg ref={svgRef} width={w} height={H} viewBox={`0 0 ${w} ${H}`} role="img" aria-label="latency against throughput" data-testid="ewb-scatter">
            <g className="svg-axis">
              {y.ticks(4).filter((t) => [1, 2, 5].includes(Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9)))).map((t) => (
                <g key={t} transform={`translate(0,${y(t)})`}>
                  <line x1={M.left} x2={w - M.right} className="ewb-grid" />
                  <text x={M.left - 4} textAnchor="end" dominantBaseline="central">
                    {formatNumber(t, { digits: 3 })}
                  </text>
                </g>
              ))}
              {x.ticks(6).map((t) => (
                <text key={t} x={x(t)} y={H - M.bottom + 14} textAnchor="middle">
                  {formatNumber(t, { digits: 3 })}
                </text>
              ))}
              <text x={(M.left + w - M.right) / 2} y={H - 4} textAnchor="middle">
                IOPS (fio's write() calls per second)
              </text>
              <text transform={`translate(12,${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
                clat average, µs
              </text>
            </g>
            {mailPts.map((p) =>
              p.iops === undefined || p.clat === undefined ? null : (
                <circle key={p.v} cx={x(p.iops)} cy={y(p.clat)} r={6} fill="none" stroke={colorOf(p.v)} strokeWidth={2} data-testid="ewb-mail-point">
                  <title>{`the mail, ${p.v}: ${p.iops} IOPS, clat ${p.clat} µs`}</title>
                </circle>
              ),
            )}
            {points.map((p, i) => (
              <Point key={i} p={p} x={x} y={y} />
            ))}
          </svg>
        </div>
      </figure>
    </div>
  );
}

function Point({ p, x, y }: { p: ScatterPoint; x: (v: number) => number; y: (v: number) => number }) {
  return (
    <g data-testid="ewb-point" data-variant={p.variant} data-jobs={p.jobs} data-seed={p.seed}>
      <circle cx={x(p.iops)} cy={y(p.clatUs)} r={p.mailRow ? 4 : 2.5} fill={colorOf(p.variant)} opacity={0.8}>
        <title>{`${p.variant}, ${p.jobs} jobs, seed ${p.seed}: ${formatNumber(p.iops, { digits: 4 })} IOPS, clat ${formatNumber(p.clatUs, { digits: 4 })} µs`}</title>
      </circle>
      {!p.mailRow && (
        <text x={x(p.iops) + 4} y={y(p.clatUs) - 3} className="ewb-tick">
          {p.jobs}
        </text>
      )}
    </g>
  );
}

/** The open question's figures again, as medians over the sweep's seeds at the mail's shape. */
function SweepEvidence({ sweep }: { sweep: SweepResult }) {
  const fsync = sweep.rows.filter((r) => r.paper !== null && rowSync(r) === 'fsync');
  const row = fsync.find((r) => Number(r.params.jobs) === 16) ?? fsync[0];
  if (!row) return null;
  return (
    <div className="ewb-sweep-evidence" data-testid="ewb-sweep-evidence">
      <h3>The open question's figures, median over {row.seeds.length} seeds</h3>
      <p className="muted">
        The mail's shape ({String(row.params.jobs)} jobs) at the model's default length: the batching figures and the IOPS,
        each with the direction it moves from before to after beside the mail's.
      </p>
      <EvidenceTable before={row.runs.before?.metrics} after={row.runs.after?.metrics} label="median" testId="ewb-sweep-evidence-table" />
    </div>
  );
}
