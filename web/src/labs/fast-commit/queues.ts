/**
 * The queues view's pure half: what the walk has been doing (the trail of
 * inode entries compared for the current dentry record) and what the
 * journal is doing. Drawing lives in QueuesView.tsx; the grid of boxes is
 * viz/grid, the bar of a queue longer than its window viz/overview.
 */
import type { Step } from '../../core/types';
import type { FcSnapshot } from './schema';

export type FcState = FcSnapshot['fc'];

/** Kinds of trace step that compare a dentry record with an inode entry (a = dentry, b = inode). */
export const WALK_KINDS = new Set(['visit', 'match']);

/**
 * The inode indices the walk compared for its current dentry record, oldest
 * first, at most `max` of them (the last one is the current comparison).
 */
export function walkTrail(steps: readonly Step[], walk: FcState['walk'], max = 12): number[] {
  if (!walk) return [];
  const out: number[] = [];
  for (const s of steps) {
    if (s.task === walk.task && WALK_KINDS.has(s.kind) && s.a === walk.dentry_idx && s.b >= 0) out.push(s.b);
  }
  return out.slice(-max);
}

/**
 * The inode entry the walk is at, as an index in the whole inode queue:
 * compared (before) or pointed at by the record (after).
 */
export function walkTarget(fc: FcState, variant: string): number {
  const w = fc.walk;
  if (!w) return -1;
  if (variant === 'before' || w.inode_idx >= 0) return w.inode_idx;
  return w.target;
}

/** Where entry `i` of a whole queue is in the snapshot's window of it, or -1 when outside. */
export function windowIndex(win: FcState['inode_win'], i: number): number {
  return i >= win.from && i < win.to ? i - win.from : -1;
}

/**
 * What each queue's bar marks as visited: the records the commit has
 * written, and (before) the inode entries compared for the current record.
 */
export function visitedCounts(fc: FcState, variant: string): { dentry: number; inode: number } {
  const w = fc.walk;
  if (!w) return { dentry: 0, inode: 0 };
  return { dentry: Math.max(0, w.dentry_idx), inode: variant === 'before' ? Math.max(0, w.inode_idx + 1) : 0 };
}

/** One line describing a trace step for people (kinds of the engine and of fast-commit.c). */
export function describeStep(s: Step): string {
  switch (s.kind) {
    case 'lock':
      return 'takes s_fc_lock';
    case 'unlock':
      return 'releases s_fc_lock';
    case 'sleep':
      return 'goes to sleep';
    case 'wake':
      return 'wakes up';
    case 'io':
      return `submits ${s.a} bytes of I/O${s.b ? ' with a flush' : ''}`;
    case 'create':
      return `creates inode ${s.a} in directory ${s.b}`;
    case 'track_inode':
      return `queues inode ${s.a} on s_fc_q`;
    case 'track_create':
      return `queues a create record for inode ${s.a} in directory ${s.b}`;
    case 'fsync':
      return `fsyncs inode ${s.a}`;
    case 'fsync_done':
      return `fsync of inode ${s.a} done: another commit already wrote it`;
    case 'commit_start':
      return `starts a fast commit of ${s.a} inodes and ${s.b} records`;
    case 'visit':
      return `compares record #${s.a} with inode entry #${s.b}`;
    case 'match':
      return s.b >= 0
        ? `finds the inode of record #${s.a} at entry #${s.b}`
        : `follows record #${s.a}'s link straight to its inode`;
    case 'write_inode':
      return `writes inode ${s.a} to the fast-commit area`;
    case 'write_dentry':
      return `writes the create of inode ${s.a} in directory ${s.b}`;
    case 'commit_io':
      return `writes ${s.a} bytes of fast-commit log`;
    case 'cleanup':
      return `releases ${s.a} committed inodes`;
    case 'commit_end':
      return `ends the fast commit after ${s.a} ns`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}

/** Model functions where a task sleeps for the journal (jbd2.c, fast-commit.c). */
const START_HANDLE_FN = 'jbd2_journal_start';
const FC_WAIT_FN = 'jbd2_fc_begin_commit';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The journal in two lines: the transactions and the fast-commit area, then
 * what the commit under way does to everyone else (a fast commit locks
 * updates, so creators sleep in start_this_handle; fsyncs that find a
 * commit running sleep on j_fc_wait).
 */
export function journalLines(snap: FcSnapshot): [string, string] {
  const j = snap.fc.journal;
  const asleep = (fn: string) => snap.tasks.filter((t) => t.state === 'sleep' && t.fn === fn).length;
  const head = `journal: T${j.running_tid} running · committed through T${j.commit_sequence} · fast-commit area ${j.fc_blocks_used}/${j.fc_blocks} blocks`;
  if (!j.fast_commit && !j.full_commit) return [head, 'no commit under way: handles start freely'];
  const what = j.fast_commit ? 'fast commit' : 'full commit';
  const creators = asleep(START_HANDLE_FN);
  const fsyncs = asleep(FC_WAIT_FN);
  return [
    head,
    `${what}${j.updates_locked ? ', updates locked' : ''}: ` +
      `${plural(creators, 'thread', 'threads')} asleep in start_this_handle, ` +
      `${plural(fsyncs, 'fsync', 'fsyncs')} waiting`,
  ];
}
