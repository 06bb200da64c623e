/**
 * The ext4-writeback lab's page: what the C model does not declare. The
 * model (wasm-core/labs/ext4-writeback.c) gives the title, citation, the
 * two variants, parameters (sync and kernel as named choices) and the
 * mail's row; this gives the words, the jobs' lanes and the journal's
 * transactions, the pages-per-call histogram beside the mail's, the open
 * question with the runs' evidence, and the sweep's latency against
 * throughput.
 */
import './ext4-writeback.css';
import { deferred } from '../../viz/deferred';
import type { LabManifest, LabSectionProps } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { SweepResult } from '../../core/sweep';
import { LanesView } from './LanesView';
import { ANIMATION_PRESET, OPENING_STEP } from './preset';
import type { EwbSnapshot } from './schema';
import { parseEwbSnapshot } from './snapshot';

/* below the lesson: fetched once it is drawn (or scrolled to) */
const Explainer = deferred(() => import('./Explainer').then((m) => m.Explainer), { what: 'the mail in short' });
const HistogramSection = deferred(() => import('./HistogramSection').then((m) => m.HistogramSection), { what: 'the histograms' });
const OpenQuestion = deferred(() => import('./OpenQuestion').then((m) => m.OpenQuestion), { what: 'the open question' });
const SweepViews = deferred(() => import('./SweepViews').then((m) => m.SweepViews), { what: "the sweep's views" });

const PAPER_LABELS: PaperLabels = {
  rowHeading: 'run',
  rowTitle: "the mail's fio run, scaled",
  chartTitle: 'fio IOPS (fsync=1)',
  xAxis: 'run',
};

const CONTENTION_TEXT = (
  <>
    Each fio job is a task on a CPU of its own; kjournald2 and the completion interrupt have one each. A job sleeps on the
    inode's <span className="mono">i_rwsem</span> while another writes, on a page lock or a page's writeback in{' '}
    <span className="mono">ext4_writepages</span> and fsync, on a transaction in T_LOCKED when it starts a handle, and on
    the commit it asked for; it spins only on the mapping's <span className="mono">xa_lock</span>.
  </>
);

function Sections(props: LabSectionProps) {
  return (
    <>
      <HistogramSection {...props} />
      <OpenQuestion {...props} />
    </>
  );
}

const sweepViews = (result: SweepResult | null) => <SweepViews sweep={result} />;

/** The other sync mode's metrics, and the histogram's buckets, which the sections below draw. */
export function foldMetric(name: string): boolean {
  return name.startsWith('fdatasync_') || /_writepages_calls_by_pages_/.test(name);
}

/** The steps drawn as events on the scrubber. */
const MARKERS = { fsync: 'fsyncs' };

export const manifest: LabManifest<EwbSnapshot> = {
  id: 'ext4-writeback',
  heading: 'ext4 writeback: the extra pass that kept sixteen fsyncing writers in step',
  Explainer,
  preset: ANIMATION_PRESET,
  markers: MARKERS,
  openingStep: OPENING_STEP,
  animation: {
    heading: 'Watch the jobs meet the commit, or drift apart',
    parse: parseEwbSnapshot,
    Pane: LanesView,
    paneName: 'ext4-writeback-lanes',
    codeHeight: 640,
  },
  foldedMetrics: {
    fold: foldMetric,
    summary:
      'the fdatasync_* metrics (zero unless sync is fdatasync) and the pages-per-call buckets (*_writepages_calls_by_pages_*, drawn beside the mail\'s below)',
  },
  contention: CONTENTION_TEXT,
  Sections,
  paper: { labels: PAPER_LABELS, extra: sweepViews },
};
