/**
 * The open exercise's chart: every run of the scored check as a point of throughput (IOPS, across) and
 * latency (the p99 of a write with its fsync, up), yours beside before and after, each variant a colour and
 * a shape, its mean ringed. Up and to the left is worse; the goal is after's latency with more IOPS.
 */
import { scaleLinear } from 'd3-scale';
import { memo } from 'react';
import { AFTER, BEFORE, OKABE_ITO } from '../viz/palette';

/** One run on the throughput/latency chart: a variant's IOPS and write latency at one seed. */
export interface TradeoffPoint {
  variant: string;
  seed: number;
  iops: number;
  latency_p50: number;
  latency_p99: number;
}

const STYLE: Record<string, { color: string; shape: 'circle' | 'square' | 'diamond' }> = {
  before: { color: BEFORE, shape: 'square' },
  after: { color: AFTER, shape: 'circle' },
  yours: { color: OKABE_ITO.bluishGreen, shape: 'diamond' },
};

/** The chart's points, when the check's data carries them. */
export function tradeoffPoints(data: Record<string, unknown> | undefined): TradeoffPoint[] | null {
  const points = data?.points;
  if (!Array.isArray(points) || !points.length) return null;
  const ok = points.every(
    (p: unknown) =>
      typeof p === 'object' && p !== null && ['iops', 'latency_p99'].every((k) => Number.isFinite((p as Record<string, unknown>)[k])) && typeof (p as TradeoffPoint).variant === 'string',
  );
  return ok ? (points as TradeoffPoint[]) : null;
}

/**
 * The least and the greatest of `values` (not empty). Not d3-array's
 * extent(): the lab pages load d3-array's module too, which would then carry
 * it for this page alone.
 */
function extent(values: readonly number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

function Mark({ x, y, shape, color, r, ring }: { x: number; y: number; shape: string; color: string; r: number; ring?: boolean }) {
  const fill = ring ? 'none' : color;
  const stroke = color;
  if (shape === 'square') return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} fill={fill} stroke={stroke} strokeWidth={ring ? 2 : 1} />;
  if (shape === 'diamond') return <path d={`M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`} fill={fill} stroke={stroke} strokeWidth={ring ? 2 : 1} />;
  return <circle cx={x} cy={y} r={r} fill={fill} stroke={stroke} strokeWidth={ring ? 2 : 1} />;
}

export const TradeoffChart = memo(function TradeoffChart({ points }: { points: TradeoffPoint[] }) {
  const W = 420;
  const H = 260;
  const M = { l: 56, r: 12, t: 12, b: 40 };
  const [x0, x1] = extent(points.map((p) => p.iops));
  const [y0, y1] = extent(points.map((p) => p.latency_p99 / 1000));
  const padX = (x1 - x0 || x1 || 1) * 0.15;
  const padY = (y1 - y0 || y1 || 1) * 0.15;
  const x = scaleLinear().domain([x0 - padX, x1 + padX]).nice().range([M.l, W - M.r]);
  const y = scaleLinear().domain([y0 - padY, y1 + padY]).nice().range([H - M.b, M.t]);
  const variants = [...new Set(points.map((p) => p.variant))];
  const mean = (v: string, f: (p: TradeoffPoint) => number): number => {
    const ps = points.filter((p) => p.variant === v);
    return ps.reduce((a, p) => a + f(p), 0) / ps.length;
  };
  const summary = variants
    .map((v) => `${v}: ${Math.round(mean(v, (p) => p.iops))} IOPS, p99 ${(mean(v, (p) => p.latency_p99) / 1000).toFixed(1)} ms`)
    .join('; ');
  return (
    <figure className="tradeoff-chart" data-testid="tradeoff-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`Throughput against latency, means over seeds: ${summary}`}>
        {x.ticks(5).map((t) => (
          <g key={`x${t}`}>
            <line x1={x(t)} x2={x(t)} y1={M.t} y2={H - M.b} stroke="#e3e5ea" />
            <text x={x(t)} y={H - M.b + 14} textAnchor="middle" fontSize={11} fill="#333">
              {t}
            </text>
          </g>
        ))}
        {y.ticks(5).map((t) => (
          <g key={`y${t}`}>
            <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke="#e3e5ea" />
            <text x={M.l - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#333">
              {t}
            </text>
          </g>
        ))}
        <text x={(M.l + W - M.r) / 2} y={H - 6} textAnchor="middle" fontSize={12} fill="#222">
          IOPS (fio, fsync=1): more is better →
        </text>
        <text transform={`translate(14 ${(M.t + H - M.b) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="#222">
          p99 write+fsync, ms: less is better
        </text>
        {points.map((p, i) => {
          const s = STYLE[p.variant] ?? { color: '#555', shape: 'circle' };
          return (
            <g key={i} data-variant={p.variant}>
              <title>{`${p.variant}, seed ${p.seed}: ${p.iops.toFixed(1)} IOPS, p50 ${(p.latency_p50 / 1000).toFixed(2)} ms, p99 ${(p.latency_p99 / 1000).toFixed(2)} ms`}</title>
              <Mark x={x(p.iops)} y={y(p.latency_p99 / 1000)} shape={s.shape} color={s.color} r={4} />
            </g>
          );
        })}
        {variants.map((v) => {
          const s = STYLE[v] ?? { color: '#555', shape: 'circle' };
          return <Mark key={`m${v}`} x={x(mean(v, (p) => p.iops))} y={y(mean(v, (p) => p.latency_p99) / 1000)} shape={s.shape} color={s.color} r={8} ring />;
        })}
      </svg>
      <figcaption className="muted">
        {variants.map((v) => {
          const s = STYLE[v] ?? { color: '#555', shape: 'circle' };
          return (
            <span key={v} className="tradeoff-key">
              <svg width={14} height={14} aria-hidden="true">
                <Mark x={7} y={7} shape={s.shape} color={s.color} r={4} />
              </svg>{' '}
              {v}
            </span>
          );
        })}{' '}
        Each small mark is one seed's run; the ring is the variant's mean.
      </figcaption>
    </figure>
  );
});
