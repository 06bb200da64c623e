/**
 * The fast-commit lab's page: what the C model does not declare. The model
 * (wasm-core/labs/fast-commit.c) gives the title, citation, variants,
 * parameters and the mail's table; this gives the words and the views.
 */
import './fast-commit.css';
import type { LabManifest } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { FcSnapshot } from './schema';
import { QueuesView } from './QueuesView';
import { Explainer } from './Explainer';
import { parseFcSnapshot } from './snapshot';

/**
 * A configuration small enough to watch step by step (where the table has
 * these parameters), large enough for the quadratic walk to matter: 32
 * threads creating 32 files each. Measured (seed 1): before 110k creates/s,
 * 525,267 steps, 495,808 nodes walked; after 133k creates/s (+21%), 29,459
 * steps, none walked. The first commit starts at step 9,154 in both; the
 * before run's first walk at step 13,170, so the page opens just before it
 * (OPENING_STEP): the walk shows after a second of playback.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { ways: 32, dirs: 8, files: 32, loops: 1 };
export const OPENING_STEP = 13_160;

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
