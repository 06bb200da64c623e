/**
 * How long fsync took, over the run: for each shown variant, time across,
 * a row per Flush latency bucket (powers of two from 0.25 ms), each cell
 * coloured by how many Flushes that finished in the slice took that long.
 */
import { memo } from 'react';
import { formatDuration, formatNumber } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { VariantSnapshots } from '../../app/VariantSnapshots';
import { LabHeatmap, type HeatKind } from '../../viz/heatmap/LabHeatmap';
import { sequential } from '../../viz/shades';
import { parseBfSnapshot } from './snapshot';

const FLUSH: HeatKind = {
  color: sequential,
  legendTitle: 'Flushes finished in the time slice',
  tick: (value) => formatNumber(value, { digits: 2 }),
  ariaLabel: 'Flush latency over time: Flushes finished per latency bucket and time slice',
  cellText: (n) => `${formatNumber(n)} Flushes finished`,
  title: 'Flush latency over time',
  caption: (heat, total) =>
    `${heat.nr_rows} latency buckets × ${heat.nr_time} slices of ${formatDuration(heat.bucket_ns)} · ${formatNumber(total)} Flushes`,
  maxHeight: 240,
  testId: 'flush-heatmap',
  busiestTestId: 'flush-busiest',
  busiestText: (busiest) =>
    busiest.length
      ? `most Flushes took ${busiest.map((b) => `${b.label} (${formatNumber(b.total)})`).join(', ')}`
      : 'no Flush finished in this run',
};

export const FlushHeat = memo(function FlushHeat({ variants, runs, markers, failed }: LabSectionProps) {
  return (
    <section className="panel" aria-labelledby="bf-heat-heading">
      <div className="panel-head">
        <h2 id="bf-heat-heading">How long each fsync took, over time</h2>
      </div>
      <p className="muted">
        Each column a slice of virtual time, each row a latency bucket of dbench's Flush (its fsync), the shortest at the
        bottom; a cell's colour is how many Flushes that finished in the slice took that long. Fsyncs that sync the log tree
        land in the low rows; those that fall back to a transaction commit, or meet one, climb by the length of a commit, and
        in <b>before</b> by the unpin after it as well. The blue line is the animation's current step.
      </p>
      <div className="bf-heat-grid">
        <VariantSnapshots variants={variants} runs={runs} failed={failed} parse={parseBfSnapshot}>
          {(v, snap) => (
            <div className="bf-heat" data-variant={v}>
              <h3>{v}</h3>
              <LabHeatmap kind={FLUSH} heat={snap.flush_heat} name={`btrfs-fsync-flush-heat-${v}`} markerNs={markers[v] ?? null} />
            </div>
          )}
        </VariantSnapshots>
      </div>
    </section>
  );
});
