/**
 * The timeline's pure half: the snapshot's last ~40 ms as bars. A row for
 * the transactions, each a bar split by the state it was in; then a lane
 * per task that committed or waited in the window, with its commits and its
 * waits. A wait is coloured by the state it wants; a wait for COMPLETED
 * that outlasts its transaction's SUPER_COMMITTED has that part marked: the
 * unpin it sat through, which 5.12 gives back to fsync.
 */
import type { BfSnapshot, BfTxn, TransState, WaitSite } from './schema';
import { TRANS_STATES } from './schema';

export interface Span {
  from: number;
  to: number;
}

export interface TxnBar {
  transid: number;
  committer: number;
  fallback: boolean;
  pinned: number;
  /** consecutive spans, one per state the transaction was in (states it passed in no time are left out) */
  segments: (Span & { state: TransState })[];
  /** SUPER_COMMITTED to COMPLETED: the committer unpinning; null if it has not reached SUPER_COMMITTED */
  unpin: Span | null;
  /** still open at the snapshot's time */
  open: boolean;
  /** the row it is drawn in: transactions that overlap in time (one unpinning, one committing, one running) take different rows */
  row: number;
}

export interface LaneItem extends Span {
  what: 'commit' | 'wait';
  transid: number;
  /** for a wait: the state it wants, and where it waits */
  want?: TransState;
  site?: WaitSite;
  /** a wait still going on at the snapshot's time */
  open: boolean;
  /** the part of a wait for COMPLETED after its transaction was SUPER_COMMITTED */
  afterSuper: Span | null;
}

export interface Lane {
  task: number;
  label: string;
  items: LaneItem[];
}

export interface Timeline extends Span {
  txns: TxnBar[];
  /** rows the transactions take */
  txnRows: number;
  lanes: Lane[];
  /** lanes left out to keep the view readable */
  hiddenLanes: number;
  full: boolean;
}

const idx = (s: TransState) => TRANS_STATES.indexOf(s);

function txnBar(t: BfTxn, now: number): TxnBar {
  const segments: TxnBar['segments'] = [];
  let open = true;
  for (let i = 0; i < TRANS_STATES.length; i++) {
    const at = t.at[i];
    if (at === null || at === undefined) break;
    if (i === TRANS_STATES.length - 1) {
      open = false;
      break;
    }
    const next = t.at[i + 1];
    const end = next ?? now;
    if (end > at) segments.push({ state: TRANS_STATES[i]!, from: at, to: end });
  }
  const sup = t.at[idx('SUPER_COMMITTED')];
  const done = t.at[idx('COMPLETED')];
  return {
    transid: t.transid,
    committer: t.committer,
    fallback: t.fallback,
    pinned: t.pinned,
    segments,
    unpin: sup === null || sup === undefined ? null : { from: sup, to: done ?? now },
    open,
    row: 0,
  };
}

/** The snapshot's timeline as bars and lanes, at most maxLanes task lanes (those with the most waits and commits). */
export function buildTimeline(snap: BfSnapshot, maxLanes = 16): Timeline {
  const tl = snap.btrfs.timeline;
  const now = tl.to_ns;
  const txns = tl.txns.map((t) => txnBar(t, now)).sort((a, b) => a.transid - b.transid);
  /* each transaction in the first row free since its start */
  const rowEnds: number[] = [];
  for (const t of txns) {
    const start = t.segments[0]?.from ?? now;
    const end = t.segments[t.segments.length - 1]?.to ?? now;
    let row = rowEnds.findIndex((e) => e <= start);
    if (row < 0) row = rowEnds.push(end) - 1;
    else rowEnds[row] = end;
    t.row = row;
  }
  const byId = new Map(tl.txns.map((t) => [t.transid, t]));
  const names = new Map(snap.tasks.map((t) => [t.id, t.name]));
  const lanes = new Map<number, LaneItem[]>();
  const add = (task: number, item: LaneItem) => {
    if (!lanes.has(task)) lanes.set(task, []);
    lanes.get(task)!.push(item);
  };
  for (const t of txns) {
    const prep = byId.get(t.transid)?.at[idx('COMMIT_PREP')];
    if (t.committer < 0 || prep === null || prep === undefined) continue;
    const end = t.open ? now : (byId.get(t.transid)!.at[idx('COMPLETED')] as number);
    add(t.committer, { what: 'commit', transid: t.transid, from: prep, to: end, open: t.open, afterSuper: null });
  }
  for (const w of tl.waits) {
    const to = w.to ?? now;
    const sup = byId.get(w.transid)?.at[idx('SUPER_COMMITTED')];
    const afterSuper =
      w.want === 'COMPLETED' && sup !== null && sup !== undefined && to > Math.max(sup, w.from)
        ? { from: Math.max(sup, w.from), to }
        : null;
    add(w.task, { what: 'wait', transid: w.transid, want: w.want, site: w.site, from: w.from, to, open: w.to === null, afterSuper });
  }
  const all = [...lanes.entries()].map(([task, items]) => ({
    task,
    label: names.get(task) ?? `task ${task}`,
    items: items.sort((a, b) => a.from - b.from),
  }));
  const kept = [...all]
    .sort((a, b) => b.items.length - a.items.length || a.task - b.task)
    .slice(0, maxLanes)
    .sort((a, b) => a.task - b.task);
  return { from: tl.from_ns, to: now, txns, txnRows: Math.max(1, rowEnds.length), lanes: kept, hiddenLanes: all.length - kept.length, full: tl.full };
}

/** Time the window's waits for COMPLETED spent after SUPER_COMMITTED, ns, and how many waits did. */
export function waitAfterSuper(t: Timeline): { ns: number; waits: number } {
  let ns = 0;
  let waits = 0;
  for (const l of t.lanes)
    for (const i of l.items)
      if (i.afterSuper) {
        ns += i.afterSuper.to - i.afterSuper.from;
        waits++;
      }
  return { ns, waits };
}
