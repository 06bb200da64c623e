/**
 * Where the shrinker ran and what it freed: for each shown variant, the
 * CPUs × time map of time spent inside the shrinker and the inodes × time
 * map of extents freed, both from the whole run's snapshot, with the
 * animation's step as their marker.
 */
import { scaleSequential } from 'd3-scale';
import { interpolateGreens, interpolatePurples } from 'd3-scale-chromatic';
import { memo, useMemo } from 'react';
import { formatDuration, formatNumber, formatShare, formatTimeRange } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import type { Variant } from '../../app/simHooks';
import { bucketRange } from '../../viz/heatmap/heatmap';
import { MatrixHeatmap, type HeatMatrix } from '../../viz/heatmap/MatrixHeatmap';
import { busiestRows, heatCells, shareOfBucket } from './heat';
import type { EsHeat } from './schema';
import { parseEsSnapshot, type ParsedEs } from './snapshot';

const reclaimColor = scaleSequential(interpolatePurples).domain([0, 1]);
const inodeColor = scaleSequential(interpolateGreens).domain([0, 1]);

export const HeatSection = memo(function HeatSection({ variants, runs, markers, failed }: LabSectionProps) {
  const parsed = useMemo(() => {
    const out: Partial<Record<Variant, ParsedEs>> = {};
    for (const v of variants) {
      const o = runs[v];
      if (o) out[v] = parseEsSnapshot(o.snapshot);
    }
    return out;
  }, [variants, runs]);
  return (
    <section className="panel" aria-labelledby="es-heat-heading">
      <div className="panel-head">
        <h2 id="es-heat-heading">Where the shrinker ran, and what it freed</h2>
      </div>
      <p className="muted">
        Left: each row a CPU, each column a slice of virtual time, coloured by how much of that slice the CPU spent inside{' '}
        <span className="mono">__es_shrink()</span>, spinning on <span className="mono">s_es_lock</span>, walking or sorting
        the list, or walking trees. Right: each row an inode (the writers' files one by one, case b's small files and
        case c's reader files in groups), coloured by how many of its extents were freed in that slice. A shrinker that
        walks delayed extents shows long purple bars with little green; one that frees from the right place, short bars
        and steady green. The blue line is the animation's current step.
      </p>
      <div className="es-heat-grid">
        {variants.map((v) => {
          const p = parsed[v];
          if (!p)
            return (
              <div key={v} className="placeholder heat-placeholder">
                {failed ? 'no heatmap: the run failed (see the message under the controls)' : 'simulating…'}
              </div>
            );
          if (!p.snap)
            return (
              <div key={v} className="banner error" data-testid="snapshot-error">
                {p.error}
              </div>
            );
          return (
            <div key={v} className="es-heat-pair" data-variant={v}>
              <h3>{v}</h3>
              <ReclaimHeatmap heat={p.snap.reclaim_heat} name={`extent-status-reclaim-heat-${v}`} markerNs={markers[v] ?? null} />
              <InodeHeatmap heat={p.snap.inode_heat} name={`extent-status-inode-heat-${v}`} markerNs={markers[v] ?? null} />
            </div>
          );
        })}
      </div>
    </section>
  );
});

function ReclaimHeatmap({ heat, name, markerNs }: { heat: EsHeat; name: string; markerNs: number | null }) {
  const { cells, max, total } = useMemo(() => heatCells(heat), [heat]);
  const busiest = useMemo(() => busiestRows(heat, 3), [heat]);
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: heat.nr_rows,
      cols: heat.nr_time,
      colNs: heat.bucket_ns,
      cells,
      color: (v) => reclaimColor(v),
      rowLabel: (r) => heat.row_labels[r] ?? String(r),
      legendTitle: 'share of the time slice inside the shrinker',
      legendTicks: [0, 0.5, 1].map((at) => ({ at, text: formatShare(shareOfBucket(at * max, heat.bucket_ns)) })),
      ariaLabel: 'time each CPU spent in the extent status shrinker',
      tooltip: (r, t) => {
        const [start, end] = bucketRange(t, heat.bucket_ns);
        const ns = heat.rows[r]?.[t] ?? 0;
        return (
          <>
            <div>
              <b>{heat.row_labels[r] ?? `row ${r}`}</b> · {formatTimeRange(start, end)}
            </div>
            <div>
              {formatDuration(ns)} in the shrinker ({formatShare(shareOfBucket(ns, heat.bucket_ns))} of the slice)
            </div>
          </>
        );
      },
    }),
    [heat, cells, max],
  );
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title="CPUs in the shrinker"
      caption={`${heat.nr_rows} CPUs × ${heat.nr_time} slices of ${formatDuration(heat.bucket_ns)} · ${formatDuration(total)} in all`}
      markerNs={markerNs}
      maxHeight={200}
      testId="reclaim-heatmap"
    >
      <p className="muted small-text" data-testid="reclaim-busiest">
        {busiest.length ? `most time: ${busiest.map((b) => `${b.label} (${formatDuration(b.total)})`).join(', ')}` : 'no CPU entered the shrinker in this run'}
      </p>
    </MatrixHeatmap>
  );
}

function InodeHeatmap({ heat, name, markerNs }: { heat: EsHeat; name: string; markerNs: number | null }) {
  const { cells, max, total } = useMemo(() => heatCells(heat), [heat]);
  const busiest = useMemo(() => busiestRows(heat, 3), [heat]);
  const matrix = useMemo<HeatMatrix>(
    () => ({
      rows: heat.nr_rows,
      cols: heat.nr_time,
      colNs: heat.bucket_ns,
      cells,
      color: (v) => inodeColor(v),
      rowLabel: (r) => heat.row_labels[r] ?? String(r),
      legendTitle: 'extents freed in the time slice',
      legendTicks: [0, 0.5, 1].map((at) => ({ at, text: formatNumber(at * max, { digits: 2 }) })),
      ariaLabel: 'extents the shrinker freed from each inode over time',
      tooltip: (r, t) => {
        const [start, end] = bucketRange(t, heat.bucket_ns);
        return (
          <>
            <div>
              <b>{heat.row_labels[r] ?? `row ${r}`}</b> · {formatTimeRange(start, end)}
            </div>
            <div>{formatNumber(heat.rows[r]?.[t] ?? 0)} extents freed</div>
          </>
        );
      },
    }),
    [heat, cells, max],
  );
  return (
    <MatrixHeatmap
      matrix={matrix}
      name={name}
      title="extents freed, by inode"
      caption={`${heat.nr_rows} inodes or groups × ${heat.nr_time} slices · ${formatNumber(total)} freed in all`}
      markerNs={markerNs}
      maxHeight={260}
      testId="inode-heatmap"
    >
      <p className="muted small-text" data-testid="inode-busiest">
        {busiest.length ? `most freed: ${busiest.map((b) => `${b.label} (${formatNumber(b.total)})`).join(', ')}` : 'nothing was freed in this run'}
      </p>
    </MatrixHeatmap>
  );
}
