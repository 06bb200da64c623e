/**
 * A lab section's per-variant body: each shown variant's whole-run snapshot,
 * parsed by the lab, handed to `children`; while it runs, a placeholder, and
 * where the run failed or the snapshot does not parse, the reason. With
 * more than one variant shown, their heatmaps share one time axis (the
 * longest run's end), so the shorter run's maps end early.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import type { LabSectionProps, Parsed } from './LabPage';
import type { Variant } from './simHooks';
import { SharedTimeAxis } from '../viz/heatmap/SharedTimeAxis';

interface VariantSnapshotsProps<S> extends Pick<LabSectionProps, 'variants' | 'runs' | 'failed'> {
  parse(raw: unknown): Parsed<S>;
  children(variant: Variant, snap: S): ReactNode;
}

export function VariantSnapshots<S>({ variants, runs, failed, parse, children }: VariantSnapshotsProps<S>) {
  const parsed = useMemo(() => {
    const out: Partial<Record<Variant, Parsed<S>>> = {};
    for (const v of variants) {
      const o = runs[v];
      if (o) out[v] = parse(o.snapshot);
    }
    return out;
  }, [variants, runs, parse]);
  return (
    <SharedTimeAxis enabled={variants.length > 1}>
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
        return <Fragment key={v}>{children(v, p.snap)}</Fragment>;
      })}
    </SharedTimeAxis>
  );
}
