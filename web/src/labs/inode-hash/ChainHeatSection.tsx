/**
 * Which chains are hot: for each shown variant, the bucket groups × time map
 * of the whole run (from the full run's snapshot), with the animation's step.
 */
import { memo } from 'react';
import { formatDuration } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { VariantSnapshots } from '../../app/VariantSnapshots';
import { hottestRows, rowBucketsText } from './chainHeat';
import { ChainHeatmap } from './ChainHeatmap';
import { parseIhSnapshot } from './snapshot';

export const ChainHeatSection = memo(function ChainHeatSection({ variants, runs, markers, failed }: LabSectionProps) {
  return (
    <section className="panel" aria-labelledby="chain-heat-heading">
      <div className="panel-head">
        <h2 id="chain-heat-heading">Which chains are hot</h2>
      </div>
      <p className="muted">
        Each row is a group of neighbouring hash buckets, each column a slice of virtual time; the colour is how many
        tasks were walking chains of that group at once, under RCU or under the lock alike. A hash that spreads
        inodes evenly gives even rows; longer chains (fewer buckets: lower <span className="mono">hash_bits</span>)
        make every walk, and before the patch every hold of the lock, longer. The blue line is the animation's current
        step.
      </p>
      <div className={`heat-grid${variants.length > 1 ? ' two' : ''}`}>
        <VariantSnapshots variants={variants} runs={runs} failed={failed} parse={parseIhSnapshot}>
          {(v, snap) => {
            const hot = hottestRows(snap.chain_heat, 3);
            return (
              <div>
                <ChainHeatmap
                  heat={snap.chain_heat}
                  name={`inode-hash-chain-heat-${v}`}
                  title={`${v} the patch`}
                  markerNs={markers[v] ?? null}
                />
                <p className="muted small-text" data-testid="hot-chains">
                  {hot.length
                    ? `busiest: ${hot.map((h) => `${rowBucketsText(snap.chain_heat.row_buckets[h.row] ?? [h.row, h.row])} (${formatDuration(h.ns)})`).join(', ')}`
                    : 'no time on chains in this run'}
                </p>
              </div>
            );
          }}
        </VariantSnapshots>
      </div>
    </section>
  );
});
