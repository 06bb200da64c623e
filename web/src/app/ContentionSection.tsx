/**
 * Where the CPUs wait: one heatmap per shown variant, with the state to
 * colour by, and the words under them computed from the maps' own cells.
 */
import { memo, useMemo, type ReactNode } from 'react';
import type { RunOutput } from '../core/types';
import { Heatmap } from '../viz/heatmap/Heatmap';
import { SharedTimeAxis } from '../viz/heatmap/SharedTimeAxis';
import { compareShares, isSelection, SELECTIONS, stateShares, type HeatSelection } from '../viz/heatmap/heatmap';
import type { Variant } from './simHooks';
import { BUCKET_CHOICES, viewVariantLabel } from './urlState';

export interface ContentionSectionProps {
  /** names the exported files: <lab>-heatmap-<variant> */
  lab: string;
  /** what the states mean in this lab (which lock the CPUs spin on, what they sleep for); no claim about the numbers */
  description: ReactNode;
  /** the state the maps are coloured by (the view keeps it, in the URL) */
  selection: HeatSelection;
  onSelection(s: HeatSelection): void;
  variants: readonly Variant[];
  runs: Partial<Record<Variant, RunOutput>>;
  markers: Partial<Record<Variant, number | null>>;
  buckets: number;
  onBuckets(b: number): void;
  /** the full runs failed: nothing to draw */
  failed: boolean;
}

/** Memoized: while the animation plays only the markers change, and only they are redrawn. */
export const ContentionSection = memo(function ContentionSection({
  lab,
  description,
  selection,
  onSelection,
  variants,
  runs,
  markers,
  buckets,
  onBuckets,
  failed,
}: ContentionSectionProps) {
  /* side by side, the left variant against the right */
  const [left, right] = variants;
  const before = left !== undefined ? runs[left]?.heatmap : undefined;
  const after = right !== undefined ? runs[right]?.heatmap : undefined;
  const comparison = useMemo(
    () => (variants.length > 1 && before && after ? compareShares(stateShares(before), stateShares(after)) : []),
    [variants.length, before, after],
  );
  return (
    <section className="panel" aria-labelledby="heat-heading">
      <div className="panel-head">
        <h2 id="heat-heading">Where the CPUs wait</h2>
        <label className="inline">
          colour by
          <select
            data-testid="heatmap-state"
            value={selection}
            onChange={(e) => isSelection(e.target.value) && onSelection(e.target.value)}
          >
            {SELECTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          time buckets
          <select data-testid="heatmap-buckets" value={buckets} onChange={(e) => onBuckets(Number(e.target.value))}>
            {BUCKET_CHOICES.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">
        Each row is a simulated CPU, each column a slice of virtual time. By default a cell takes the colour of the
        state its CPU spent most of the slice in: <span className="state-word state-spin">spinning on a lock</span>{' '}
        (burning cycles while it waits), <span className="state-word state-sleep">asleep</span> (waiting with the CPU
        given away), <span className="state-word state-run">running</span>,{' '}
        <span className="state-word state-io">waiting for I/O</span>, or idle; the darker, the more of the slice. “colour
        by” shows one state's share instead. {description} The line under each map says where its CPU time went,
        computed from the map's own cells. The blue line is the animation's current step. Side by side, both maps are drawn
        on one time axis, to the longer run's end: the shorter run's map ends early, at a dashed line.
      </p>
      <SharedTimeAxis enabled={variants.length > 1}>
        <div className={`heat-grid${variants.length > 1 ? ' two' : ''}`}>
          {variants.map((v) => {
            const out = runs[v];
            return out ? (
              <Heatmap
                key={v}
                data={out.heatmap}
                selection={selection}
                name={`${lab}-heatmap-${v}`}
                title={viewVariantLabel(v)}
                markerNs={markers[v] ?? null}
              />
            ) : (
              <div key={v} className="placeholder heat-placeholder">
                {failed ? 'no heatmap: the run failed (see the message under the controls)' : 'simulating…'}
              </div>
            );
          })}
        </div>
      </SharedTimeAxis>
      {comparison.length > 0 && (
        <p className="heat-comparison" data-testid="heatmap-comparison">
          Share of the CPU time, {viewVariantLabel(left!)} and {viewVariantLabel(right!)}: {comparison.map((c) => c.text).join('; ')}.
        </p>
      )}
    </section>
  );
});
