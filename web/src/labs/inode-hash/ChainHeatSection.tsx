/**
 * Which chains are hot: for each shown variant, the bucket groups × time map
 * of the whole run (from the full run's snapshot), with the animation's step.
 */
import { memo, useMemo } from 'react';
import { formatDuration } from '../../../../lib/format';
import type { Variant } from '../../app/simHooks';
import type { RunOutput } from '../../core/types';
import { hottestRows, rowBucketsText } from './chainHeat';
import { ChainHeatmap } from './ChainHeatmap';
import { parseIhSnapshot, type ParsedIh } from './snapshot';

export interface ChainHeatSectionProps {
  variants: readonly Variant[];
  runs: Partial<Record<Variant, RunOutput>>;
  markers: Partial<Record<Variant, number | null>>;
  failed: boolean;
}

export const ChainHeatSection = memo(function ChainHeatSection({ variants, runs, markers, failed }: ChainHeatSectionProps) {
  const parsed = useMemo(() => {
    const out: Partial<Record<Variant, ParsedIh>> = {};
    for (const v of variants) {
      const o = runs[v];
      if (o) out[v] = parseIhSnapshot(o.snapshot);
    }
    return out;
  }, [variants, runs]);
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
          const hot = hottestRows(p.snap.chain_heat, 3);
          return (
            <div key={v}>
              <ChainHeatmap
                heat={p.snap.chain_heat}
                name={`inode-hash-chain-heat-${v}`}
                title={`${v} the patch`}
                markerNs={markers[v] ?? null}
              />
              <p className="muted small-text" data-testid="hot-chains">
                {hot.length
                  ? `busiest: ${hot.map((h) => `${rowBucketsText(p.snap!.chain_heat.row_buckets[h.row] ?? [h.row, h.row])} (${formatDuration(h.ns)})`).join(', ')}`
                  : 'no time on chains in this run'}
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
});
