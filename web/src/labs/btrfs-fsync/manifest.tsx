/**
 * The btrfs-fsync lab's page: what the C model does not declare. The model
 * (wasm-core/labs/btrfs-fsync.c) gives the title, citation, three variants,
 * parameters (log and discard as named choices) and the mail's rows; this
 * gives the words, the transaction timeline, the Flush heatmap, dbench's
 * table beside the mail's, who waited for what, the clients sweep and what
 * the one patch explains.
 */
import './btrfs-fsync.css';
import { lazy, Suspense } from 'react';
import { deferred } from '../../viz/deferred';
import type { LabManifest, LabSectionProps } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { SweepResult } from '../../core/sweep';
import { ANIMATION_PRESET, OPENING_STEP } from './preset';
import type { BfSnapshot } from './schema';
import { parseBfSnapshot } from './snapshot';
import { TimelineView } from './TimelineView';

/* below the lesson: fetched once it is drawn (or scrolled to) */
const Explainer = deferred(() => import('./Explainer').then((m) => m.Explainer), { what: 'the mail in short' });
const FlushHeat = deferred(() => import('./FlushHeat').then((m) => m.FlushHeat), { what: 'the flushes' });
const OpsTable = deferred(() => import('./OpsTable').then((m) => m.OpsTable), { what: "dbench's operations" });
const WaitSection = deferred(() => import('./WaitSection').then((m) => m.WaitSection), { what: 'the waits' });
const SweepViews = deferred(() => import('./SweepViews').then((m) => m.SweepViews), { what: "the sweep's views" });

const PAPER_LABELS: PaperLabels = {
  rowHeading: 'clients',
  rowTitle: "the mail's dbench run, scaled",
  chartTitle: 'dbench throughput (MB/s)',
  xAxis: 'clients',
};

const CONTENTION_TEXT = (
  <>
    Each dbench client is a task; the committer is whichever client's fsync started the commit. A CPU spins on{' '}
    <span className="mono">trans_lock</span> or <span className="mono">space_info-&gt;lock</span>; a task sleeps while it
    waits for a commit to reach a state, for the writers of a transaction to drain, or for the log tree's mutexes, and
    waits on the device while a tree, the log or the super block is written.
  </>
);

function Sections(props: LabSectionProps) {
  return (
    <>
      <FlushHeat {...props} />
      <OpsTable {...props} />
      <WaitSection {...props} />
    </>
  );
}

/* the measurements on record, fetched when the mail's table is drawn */
const MeasuredTable = lazy(() => import('./MeasuredTable'));

const sweepViews = (result: SweepResult | null) => (
  <>
    <SweepViews sweep={result} />
    <Suspense fallback={null}>
      <MeasuredTable />
    </Suspense>
  </>
);

/** The steps drawn as events on the scrubber: a transaction's state changes, its commit's end, fsyncs that fall back to a commit. */
const MARKERS = { state: 'transaction state changes', commit_end: 'commits done', fallback: 'fsyncs falling back to a commit' };

export const manifest: LabManifest<BfSnapshot> = {
  id: 'btrfs-fsync',
  heading: 'btrfs fsync and the transaction commit: who waits for the super block, and who for the unpin',
  Explainer,
  preset: ANIMATION_PRESET,
  markers: MARKERS,
  openingStep: OPENING_STEP,
  animation: {
    heading: 'Watch the commits and their waiters',
    parse: parseBfSnapshot,
    Pane: TimelineView,
    paneName: 'btrfs-fsync-timeline',
    codeHeight: 640,
  },
  foldedMetrics: {
    fold: (name) => name.startsWith('op_'),
    summary: "dbench's per-operation metrics (op_<name>_count, _avg_ms, _max_ms): also in dbench's table below, beside the mail's",
  },
  contention: CONTENTION_TEXT,
  Sections,
  paper: { labels: PAPER_LABELS, extra: sweepViews },
};
