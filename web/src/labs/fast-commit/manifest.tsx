/**
 * The fast-commit lab's page: what the C model does not declare. The model
 * (wasm-core/labs/fast-commit.c) gives the title, citation, variants,
 * parameters and the mail's table; this gives the words and the views.
 */
import './fast-commit.css';
import { deferred } from '../../viz/deferred';
import type { LabManifest } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { FcSnapshot } from './schema';
import { QueuesView } from './QueuesView';
import { parseFcSnapshot } from './snapshot';
import { ANIMATION_PRESET, OPENING_STEP } from './preset';

/* below the lesson: fetched once it is drawn (or scrolled to) */
const Explainer = deferred(() => import('./Explainer').then((m) => m.Explainer), { what: 'the mail in short' });


const PAPER_LABELS: PaperLabels = {
  rowHeading: (
    <>
      order,
      <br />
      dir&amp;files
    </>
  ),
  rowTitle: '2^order ways, 2^dir subdirectories and 2^files files per loop',
  chartTitle: 'creates per second by row',
  xAxis: 'order, dir & files (row)',
};

const CONTENTION_TEXT = (
  <>
    Here every fs_mark thread has a CPU of its own, and kjournald2 the last one. A CPU spins when it wants{' '}
    <span className="mono">s_fc_lock</span> while another holds it; it sleeps while its thread waits for a fast
    commit to end: a create in <span className="mono">start_this_handle</span> (the commit locks the journal's
    updates), an fsync in <span className="mono">jbd2_fc_begin_commit</span>.
  </>
);

/** The steps drawn as events on the scrubber. */
const MARKERS = { commit_start: 'commit starts', commit_end: 'commit ends', fallback: 'fallbacks to a full commit' };

export const manifest: LabManifest<FcSnapshot> = {
  id: 'fast-commit',
  heading: 'ext4 fast commit: from a quadratic search to a pointer',
  Explainer,
  preset: ANIMATION_PRESET,
  markers: MARKERS,
  openingStep: OPENING_STEP,
  animation: { heading: 'Watch the commit', parse: parseFcSnapshot, Pane: QueuesView, paneName: 'fast-commit-queues' },
  contention: CONTENTION_TEXT,
  paper: { labels: PAPER_LABELS },
};
