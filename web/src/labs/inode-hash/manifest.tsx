/**
 * The inode-hash lab's page: what the C model does not declare. The model
 * (wasm-core/labs/inode-hash.c) gives the title, citation, variants,
 * parameters (fs shown as ext4 / btrfs) and the mail's table; this gives
 * the words, the hash table view, which chains are hot, the mail's own
 * table and the thread sweep.
 */
import './inode-hash.css';
import { deferred } from '../../viz/deferred';
import type { LabManifest } from '../../app/LabPage';
import type { PaperLabels } from '../../app/PaperSection';
import type { SweepResult } from '../../core/sweep';
import type { PaperRows } from '../../core/types';
import type { IhSnapshot } from './schema';
import { HashTableView } from './HashTableView';
import { MAIL_NOISE_S } from './mail';
import { ANIMATION_PRESET, OPENING_STEP } from './preset';
import { parseIhSnapshot } from './snapshot';

/* below the lesson: fetched once it is drawn (or scrolled to) */
const Explainer = deferred(() => import('./Explainer').then((m) => m.Explainer), { what: 'the mail in short' });
const ChainHeatSection = deferred(() => import('./ChainHeatSection').then((m) => m.ChainHeatSection), { what: 'the hot chains' });
const MailTable = deferred(() => import('./MailTable').then((m) => m.MailTable), { what: "the mail's table" });
const ThreadSweep = deferred(() => import('./ThreadSweep').then((m) => m.ThreadSweep), { what: 'the thread sweep' });

const PAPER_LABELS: PaperLabels = {
  rowHeading: 'fs',
  rowTitle: 'the file system of the mail’s row, 20 threads',
  chartTitle: 'total time of the stat walk',
  xAxis: 'file system (20 threads)',
  paperRange: `noise ${MAIL_NOISE_S[0]}–${MAIL_NOISE_S[1]} s`,
  paperRangeNote: (
    <>
      The mail gives its own noise: total time moves by {MAIL_NOISE_S[0]}–{MAIL_NOISE_S[1]} s from run to run, shown
      beside each of its figures.
    </>
  ),
};

const CONTENTION_TEXT = (
  <>
    Before the patch every cold <span className="mono">stat</span> takes <span className="mono">inode_hash_lock</span>{' '}
    twice, after it once; a walker's CPU spins while it waits for the lock. Spinning counts any lock: on btrfs that
    includes the file system's own (6.10's <span className="mono">root-&gt;inode_lock</span>, where btrfs's walkers
    queue once the patch has taken the hash lock out of the lookups), which the metrics count apart (
    <span className="mono">hash_lock_spin_s</span>, <span className="mono">btrfs_lock_spin_s</span>).
  </>
);

const sweepViews = (result: SweepResult | null, rows: PaperRows) => (
  <>
    <MailTable sweep={result} table={rows} />
    <ThreadSweep sweep={result} unit={rows.unit} />
  </>
);

/** The steps drawn as events on the scrubber: the lock taken, a racing insert, a wait for an inode being freed, a grace period. */
const MARKERS = {
  lock: 'lock acquisitions',
  insert_race: 'insert races',
  wait_freeing: 'waits for an inode being freed',
  grace_period: 'grace periods',
};

export const manifest: LabManifest<IhSnapshot> = {
  id: 'inode-hash',
  heading: 'The inode hash: one trip through the global lock instead of two',
  Explainer,
  preset: ANIMATION_PRESET,
  markers: MARKERS,
  openingStep: OPENING_STEP,
  animation: {
    heading: 'Watch the lookups',
    parse: parseIhSnapshot,
    Pane: HashTableView,
    paneName: 'inode-hash-table',
    codeHeight: 640,
  },
  contention: CONTENTION_TEXT,
  Sections: ChainHeatSection,
  paper: { labels: PAPER_LABELS, extra: sweepViews },
};
