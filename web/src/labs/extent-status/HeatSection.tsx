/**
 * Where the shrinker ran and what it freed: for each shown variant, the
 * CPUs × time map of time spent inside the shrinker and the inodes × time
 * map of extents freed, both from the whole run's snapshot, with the
 * animation's step as their marker.
 */
import { memo } from 'react';
import { formatDuration, formatNumber, formatShare } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { VariantSnapshots } from '../../app/VariantSnapshots';
import { LabHeatmap, type HeatKind } from '../../viz/heatmap/LabHeatmap';
import { sequential, sequentialAlt } from '../../viz/shades';
import { shareOfBucket } from './heat';
import { parseEsSnapshot } from './snapshot';


export const HeatSection = memo(function HeatSection({ variants, runs, markers, failed }: LabSectionProps) {
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
        walks delayed extents shows long dark bars on the left with little on the right; one that frees from the right
        place, short bars and steady freeing. The blue line is the animation's current step.
      </p>
      <div className="es-heat-grid">
        <VariantSnapshots variants={variants} runs={runs} failed={failed} parse={parseEsSnapshot}>
          {(v, snap) => (
            <div className="es-heat-pair" data-variant={v}>
              <h3>{v}</h3>
              <LabHeatmap kind={RECLAIM} heat={snap.reclaim_heat} name={`extent-status-reclaim-heat-${v}`} markerNs={markers[v] ?? null} />
              <LabHeatmap kind={INODE} heat={snap.inode_heat} name={`extent-status-inode-heat-${v}`} markerNs={markers[v] ?? null} />
            </div>
          )}
        </VariantSnapshots>
      </div>
    </section>
  );
});

/** Time each CPU spent inside the shrinker, ns per slice. */
const RECLAIM: HeatKind = {
  color: sequential,
  legendTitle: 'share of the time slice inside the shrinker',
  tick: (value, bucketNs) => formatShare(shareOfBucket(value, bucketNs)),
  ariaLabel: 'time each CPU spent in the extent status shrinker',
  cellText: (ns, bucketNs) => `${formatDuration(ns)} in the shrinker (${formatShare(shareOfBucket(ns, bucketNs))} of the slice)`,
  title: 'CPUs in the shrinker',
  caption: (heat, total) =>
    `${heat.nr_rows} CPUs × ${heat.nr_time} slices of ${formatDuration(heat.bucket_ns)} · ${formatDuration(total)} in all`,
  maxHeight: 200,
  testId: 'reclaim-heatmap',
  busiestTestId: 'reclaim-busiest',
  busiestText: (busiest) =>
    busiest.length
      ? `most time: ${busiest.map((b) => `${b.label} (${formatDuration(b.total)})`).join(', ')}`
      : 'no CPU entered the shrinker in this run',
};

/** Extents freed from each inode or group, per slice. */
const INODE: HeatKind = {
  color: sequentialAlt,
  legendTitle: 'extents freed in the time slice',
  tick: (value) => formatNumber(value, { digits: 2 }),
  ariaLabel: 'extents the shrinker freed from each inode over time',
  cellText: (n) => `${formatNumber(n)} extents freed`,
  title: 'extents freed, by inode',
  caption: (heat, total) => `${heat.nr_rows} inodes or groups × ${heat.nr_time} slices · ${formatNumber(total)} freed in all`,
  maxHeight: 260,
  testId: 'inode-heatmap',
  busiestTestId: 'inode-busiest',
  busiestText: (busiest) =>
    busiest.length
      ? `most freed: ${busiest.map((b) => `${b.label} (${formatNumber(b.total)})`).join(', ')}`
      : 'nothing was freed in this run',
};
