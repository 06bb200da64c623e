/**
 * The animation's pure half: the snapshot's last ~200 ms as lanes and bars.
 * A lane per fio job, its phases grouped into what the page shows (waiting
 * for i_rwsem, writing, in fsync, in ext4_writepages, waiting for the
 * commit; the gaps are fio's own time); above them the journal's
 * transactions, each a bar from its start through T_LOCKED to its commit,
 * labelled with the handles that joined it. Lockstep shows as the lanes'
 * commit waits ending together; the figure for it is how many jobs each
 * commit released.
 */
import type { EwbSnapshot, EwbTxn, Phase } from './schema';

/** What a lane shows of a phase. */
export const LANE_KINDS = ['i_rwsem', 'write', 'fsync', 'writepages', 'commit'] as const;
export type LaneKind = (typeof LANE_KINDS)[number];

const KIND_OF: Record<Phase, LaneKind | null> = {
  user: null,
  i_rwsem: 'i_rwsem',
  write: 'write',
  fsync: 'fsync',
  writepages: 'writepages',
  'writepages handle': 'writepages',
  'writeback wait': 'writepages',
  'writeback wait (handle)': 'writepages',
  fdatawait: 'fsync',
  'commit wait': 'commit',
  flush: 'fsync',
  done: null,
};

export function laneKind(p: Phase): LaneKind | null {
  return KIND_OF[p];
}

export interface LaneItem {
  kind: LaneKind;
  phase: Phase;
  from: number;
  to: number;
  /** still in it at the snapshot's time */
  open: boolean;
}

export interface Lane {
  job: number;
  items: LaneItem[];
}

export interface TxnBar {
  tid: number;
  start: number;
  /** T_LOCKED, or null while it runs */
  locked: number | null;
  /** the commit's end, or the snapshot's time while open */
  end: number;
  open: boolean;
  handles: number;
  approx: boolean;
  /** overlapping transactions (one committing, the next running) take different rows */
  row: number;
}

export interface Lanes {
  from: number;
  to: number;
  lanes: Lane[];
  txns: TxnBar[];
  txnRows: number;
  full: boolean;
  /** commits in the window that released waiting jobs, and how many jobs each released on average */
  releases: { commits: number; jobsPerCommit: number };
  /** handles per transaction committed in the window, mean (null: none committed) */
  handlesPerTxn: number | null;
}

function txnBar(t: EwbTxn, now: number): TxnBar {
  return { tid: t.tid, start: t.start, locked: t.locked, end: t.end ?? now, open: t.end === null, handles: t.handles, approx: t.end_approx, row: 0 };
}

/** Commit waits that end within this of each other were ended by the same commit. */
const SAME_RELEASE_NS = 50_000;

export function buildLanes(snap: EwbSnapshot): Lanes {
  const tl = snap.ext4.timeline;
  const now = tl.to_ns;
  const lanes: Lane[] = snap.ext4.jobs.map((_, job) => ({ job, items: [] }));
  for (const sp of tl.spans) {
    const kind = laneKind(sp.phase);
    if (kind === null || !lanes[sp.job]) continue;
    lanes[sp.job]!.items.push({ kind, phase: sp.phase, from: Math.max(sp.from, tl.from_ns), to: sp.to ?? now, open: sp.to === null });
  }
  for (const l of lanes) l.items.sort((a, b) => a.from - b.from || a.to - b.to);
  const txns = tl.txns.map((t) => txnBar(t, now)).sort((a, b) => a.tid - b.tid);
  const rowEnds: number[] = [];
  for (const t of txns) {
    let row = rowEnds.findIndex((e) => e <= t.start);
    if (row < 0) row = rowEnds.push(t.end) - 1;
    else rowEnds[row] = t.end;
    t.row = row;
  }
  const ends = tl.spans
    .filter((s) => s.phase === 'commit wait' && s.to !== null)
    .map((s) => s.to!)
    .sort((a, b) => a - b);
  let commits = 0;
  let last = -Infinity;
  for (const e of ends) {
    if (e - last > SAME_RELEASE_NS) commits++;
    last = e;
  }
  const done = txns.filter((t) => !t.open);
  return {
    from: tl.from_ns,
    to: now,
    lanes,
    txns,
    txnRows: Math.max(1, rowEnds.length),
    full: tl.full,
    releases: { commits, jobsPerCommit: commits ? ends.length / commits : 0 },
    handlesPerTxn: done.length ? done.reduce((a, t) => a + t.handles, 0) / done.length : null,
  };
}
