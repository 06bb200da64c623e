/**
 * The extent-status lab's page: what the C model does not declare. The
 * model (wasm-core/labs/extent-status.c) gives the title, citation, six
 * variants, parameters (case shown as a / b / c) and the mail's rows; this
 * gives the words, the tree and list view, the two heatmaps and the mail's
 * five metrics beside the simulator's for every variant and case.
 */
import './extent-status.css';
import { deferred } from '../../viz/deferred';
import type { LabManifest } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { SweepResult } from '../../core/sweep';
import type { PaperRows } from '../../core/types';
import { ExtentTreeView } from './ExtentTreeView';
import type { EsSnapshot } from './schema';
import { ANIMATION_PRESET, OPENING_STEP } from './preset';
import { parseEsSnapshot } from './snapshot';

/* below the lesson: fetched once it is drawn (or scrolled to) */
const Explainer = deferred(() => import('./Explainer').then((m) => m.Explainer), { what: 'the mail in short' });
const Sections = deferred(() => import('./Sections').then((m) => m.Sections), { what: 'the mechanism' });
const SmallMultiples = deferred(() => import('./SmallMultiples').then((m) => m.SmallMultiples), { what: "the sweep's cases" });

const PAPER_LABELS: PaperLabels = {
  rowHeading: 'case',
  rowTitle: "the mail's fio case, scaled",
  chartTitle: 'average scan time of the shrinker (the kernel’s EWMA)',
  xAxis: 'case',
};

const CONTENTION_TEXT = (
  <>
    Eight CPUs run the fio writers, the flusher, kswapd and, in case c, the reader. A CPU spins when it wants{' '}
    <span className="mono">s_es_lock</span> while another holds it: in baseline and es-cache the shrinker holds it for
    the whole call, sort included, so every other reclaimer queues behind it; from es-slist on it is dropped while an
    inode is reclaimed. A CPU sleeps while its writer is throttled or waits for the disk.
  </>
);

const sweepViews = (result: SweepResult | null, rows: PaperRows) => <SmallMultiples sweep={result} table={rows} />;

/** The steps drawn as events on the scrubber: the shrinker's calls and its sorts of the LRU. */
const MARKERS = { shrink_begin: 'shrinker calls', shrink_end: 'shrinker returns', sort: 'LRU sorts' };

export const manifest: LabManifest<EsSnapshot> = {
  id: 'extent-status',
  heading: 'The extent status shrinker: what to walk, what to free, and how long to hold the list',
  Explainer,
  preset: ANIMATION_PRESET,
  markers: MARKERS,
  openingStep: OPENING_STEP,
  animation: {
    heading: 'Watch the shrinker',
    parse: parseEsSnapshot,
    Pane: ExtentTreeView,
    paneName: 'extent-status-tree',
    codeHeight: 640,
  },
  contention: CONTENTION_TEXT,
  Sections,
  paper: { labels: PAPER_LABELS, extra: sweepViews },
};
