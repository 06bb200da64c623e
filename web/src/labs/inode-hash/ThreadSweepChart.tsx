/**
 * The thread sweep as lines: total time of the walk against the number of
 * threads, one line per file system and variant through the medians over
 * the seeds, a whisker from the lowest to the highest seed at each point,
 * and the mail's four figures at 20 threads as reference marks.
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { memo, useRef } from 'react';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { AFTER, BEFORE } from '../../viz/palette';
import { useElementWidth } from '../../viz/useElementWidth';
import { formatRange, formatSeconds } from '../../../../lib/format';
import type { Fs } from './mail';
import { sweepDomain, type SweepLine } from './threadSweep';

const M = { left: 64, right: 16, top: 40, bottom: 44 };
const HEIGHT = 340;
const COLOR = { before: BEFORE, after: AFTER } as const;
const DASH: Record<Fs, string | undefined> = { ext4: undefined, btrfs: '6 4' };

export interface MailMark {
  fs: Fs;
  variant: 'before' | 'after';
  threads: number;
  value: number;
}

export interface ThreadSweepChartProps {
  lines: readonly SweepLine[];
  marks: readonly MailMark[];
  unit: string;
  name: string;
}

export const ThreadSweepChart = memo(function ThreadSweepChart({ lines, marks, unit, name }: ThreadSweepChartProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(700);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const plotW = Math.max(120, width - M.left - M.right);
  const plotH = HEIGHT - M.top - M.bottom;
  const { maxThreads, maxValue } = sweepDomain(lines, marks);
  const x = scaleLinear().domain([0, maxThreads]).range([0, plotW]).nice();
  const y = scaleLinear().domain([0, maxValue * 1.08]).range([plotH, 0]).nice();
  const path = line<{ threads: number; value: number }>()
    .x((p) => x(p.threads))
    .y((p) => y(p.value));
  const threadTicks = [...new Set(lines.flatMap((l) => l.points.map((p) => p.threads)))].sort((a, b) => a - b);

  return (
    <figure className="chart">
      <figcaption>
        <span className="chart-title">total time of the stat walk by threads ({unit})</span>
        <ExportButtons name={name} exporter={svgRefExporter(svgRef)} />
      </figcaption>
      <div ref={wrapRef} className="ih-sweep-chart" data-testid="thread-sweep-chart" style={{ height: HEIGHT }}>
        <svg ref={svgRef} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label="total time by threads, ext4 and btrfs, before and after the patch">
          <g transform={`translate(${M.left},${M.top})`}>
            {y.ticks(6).map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x2={plotW} stroke="#e3e6ee" />
                <text x={-8} className="axis-label" textAnchor="end" dominantBaseline="middle">
                  {t}
                </text>
              </g>
            ))}
            {threadTicks.map((t) => (
              <g key={t} transform={`translate(${x(t)},${plotH})`}>
                <line y2={5} stroke="#6b7385" />
                <text y={17} className="axis-label" textAnchor="middle">
                  {t}
                </text>
              </g>
            ))}
            <line x1={0} x2={plotW} y1={plotH} y2={plotH} stroke="#6b7385" />
            <text x={plotW / 2} y={plotH + 36} className="axis-label" textAnchor="middle">
              threads (one CPU each)
            </text>
            <text transform={`translate(${-50},${plotH / 2}) rotate(-90)`} className="axis-label" textAnchor="middle">
              {unit}
            </text>
            {lines.map((l) => (
              <g key={`${l.fs}-${l.variant}`} data-testid="sweep-line" data-fs={l.fs} data-variant={l.variant} data-points={l.points.length}>
                <path
                  d={path(l.points) ?? ''}
                  fill="none"
                  stroke={COLOR[l.variant]}
                  strokeWidth={2}
                  strokeDasharray={DASH[l.fs]}
                />
                {l.points.map((p) => (
                  <g key={p.threads}>
                    {Number.isFinite(p.range.min) && Number.isFinite(p.range.max) && (
                      <g data-testid="sweep-whisker" stroke={COLOR[l.variant]} strokeWidth={1.2}>
                        <line x1={x(p.threads)} x2={x(p.threads)} y1={y(p.range.min)} y2={y(p.range.max)} />
                        <line x1={x(p.threads) - 3} x2={x(p.threads) + 3} y1={y(p.range.min)} y2={y(p.range.min)} />
                        <line x1={x(p.threads) - 3} x2={x(p.threads) + 3} y1={y(p.range.max)} y2={y(p.range.max)} />
                      </g>
                    )}
                    <circle cx={x(p.threads)} cy={y(p.value)} r={3.2} fill={COLOR[l.variant]}>
                      <title>{`${l.fs} ${l.variant}, ${p.threads} threads: ${formatSeconds(p.value)} (median; seeds ${formatRange(p.range, { format: formatSeconds })})`}</title>
                    </circle>
                  </g>
                ))}
              </g>
            ))}
            {marks.map((m) => (
              <g key={`${m.fs}-${m.variant}`} transform={`translate(${x(m.threads)},${y(m.value)})`}>
                <path d="M-6,-6 L6,6 M-6,6 L6,-6" stroke={COLOR[m.variant]} strokeWidth={2.2} />
                <title>{`the mail: ${m.fs} ${m.variant}, ${m.threads} threads: ${formatSeconds(m.value)}`}</title>
              </g>
            ))}
          </g>
          <g transform={`translate(${M.left},12)`}>
            {(
              [
                ['ext4', 'before'],
                ['ext4', 'after'],
                ['btrfs', 'before'],
                ['btrfs', 'after'],
              ] as const
            ).map(([fs, v], i) => (
              <g key={`${fs}-${v}`} transform={`translate(${i * 118},0)`}>
                <line x1={0} x2={22} y1={6} y2={6} stroke={COLOR[v]} strokeWidth={2} strokeDasharray={DASH[fs]} />
                <text x={27} y={10} className="ih-sweep-legend">
                  {`${fs} ${v}`}
                </text>
              </g>
            ))}
            <g transform={`translate(${4 * 118},0)`}>
              <path d="M2,1 L12,11 M2,11 L12,1" stroke="#5d6579" strokeWidth={2} />
              <text x={17} y={10} className="ih-sweep-legend">
                the mail
              </text>
            </g>
          </g>
        </svg>
      </div>
    </figure>
  );
});
