/**
 * The queues view's pure half: what the walk has been doing (the trail of
 * inode entries compared for the current dentry record) and what the
 * journal is doing. Drawing lives in QueuesView.tsx; the grid of boxes is
 * viz/grid, the bar of a queue longer than its window viz/overview.
 */
import type { Step, TaskSnap } from '../../core/types';
import { STATE_SHORT } from '../../viz/palette';
import { boxAt, type GridLayout } from '../../viz/grid/grid';
import { formatNumber } from '../../../../lib/format';
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
 * The nodes the old walk visited, counted from its "visit" steps. A walk of
 * n nodes is a step for each of its first visits and one for its last node,
 * at index n - 1 (FC_WALK_SHOWN in fast-commit.h: the middle of a long walk
 * is charged at once); a new walk begins where the task or the record (a)
 * changes, or where the index goes back.
 */
export function walkedNodes(steps: readonly Step[]): number {
  let total = 0;
  let last: Step | null = null;
  for (const s of steps) {
    if (s.kind !== 'visit') continue;
    if (last && (s.task !== last.task || s.a !== last.a || s.b <= last.b)) total += last.b + 1;
    last = s;
  }
  return last ? total + last.b + 1 : total;
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

/* ---------------------------------------------------------------- boxes */

/** How a queue box is drawn: what the record or entry is, and where the commit stands to it. */
export type BoxTone = 'dentry' | 'dentryDone' | 'dentryCurrent' | 'inode' | 'inodeDir' | 'inodeCompared' | 'inodeMatched';

/**
 * Each tone's fill, outline and outline width. The SVG boxes, the canvas
 * and the exports all draw from this table.
 */
export const BOX_TONES: Readonly<Record<BoxTone, { fill: string; stroke: string; strokeWidth: number }>> = {
  dentry: { fill: '#eef1f7', stroke: '#8c95ab', strokeWidth: 1 },
  dentryDone: { fill: '#dfe9dc', stroke: '#8fb08a', strokeWidth: 1 },
  dentryCurrent: { fill: '#ffe3b8', stroke: '#e08a1e', strokeWidth: 2.5 },
  inode: { fill: '#e6eefc', stroke: '#7f98c8', strokeWidth: 1 },
  inodeDir: { fill: '#fdebc8', stroke: '#c09345', strokeWidth: 1 },
  inodeCompared: { fill: '#ffc766', stroke: '#e08a1e', strokeWidth: 2.5 },
  inodeMatched: { fill: '#a9e2bd', stroke: '#2e9d5b', strokeWidth: 2.5 },
};

/** A directory's tab, the walk's trail and the numbers in the boxes. */
export const TAB_FILL = '#c09345';
export const TRAIL_FILL = '#f5a623';
export const BOX_TEXT = '#1c2233';

/** One box of a queue's window, in the queue's own coordinates. */
export interface QueueBox {
  /** index in the whole queue */
  i: number;
  x: number;
  y: number;
  w: number;
  h: number;
  rx: number;
  tone: BoxTone;
  /** the SVG classes (q-box and what the tone says), which the browser tests read */
  cls: string;
  /** the inode number written in the box */
  ino: number;
  /** a directory's entry wears a tab */
  tab: boolean;
  /** the walk's trail over an entry compared lately, 0..1; null: none */
  trail: number | null;
  /** what the box is, in words (its tooltip) */
  title: string;
}

/** From this many boxes drawn (both windows together) the boxes go on a canvas. */
export const CANVAS_MIN_BOXES = 160;
/** From this many tasks (past 16 the task chips go compact) the boxes go on a canvas, however few they are now. */
export const CANVAS_MIN_TASKS = 17;

/**
 * Whether the view draws the queues' boxes on a canvas: in a configuration
 * of many tasks the queues fill and drain by dozens of entries a frame, and
 * every entry drawn as SVG is elements added, laid out and removed.
 */
export function boxesOnCanvas(tasks: number, boxes: number): boolean {
  return tasks >= CANVAS_MIN_TASKS || boxes >= CANVAS_MIN_BOXES;
}

/** The numbers are written in boxes this tall or taller, at this size. */
export function boxFontSize(g: GridLayout): number {
  return g.boxH >= 13 ? Math.min(11, g.boxH * 0.55) : 0;
}

/** The dentry queue window's boxes: the records written, the one being committed. */
export function dentryBoxes(fc: FcState, g: GridLayout): QueueBox[] {
  const dIdx = fc.walk ? fc.walk.dentry_idx : -1;
  return fc.dentry_q.map((d, k) => {
    const i = fc.dentry_win.from + k;
    const p = boxAt(k, g);
    const cur = i === dIdx;
    const done = fc.walk !== null && i < dIdx;
    return {
      i,
      x: p.x,
      y: p.y,
      w: g.boxW,
      h: g.boxH,
      rx: 3,
      tone: cur ? 'dentryCurrent' : done ? 'dentryDone' : 'dentry',
      cls: `q-box dentry${cur ? ' current' : ''}${done ? ' done' : ''}`,
      ino: d.ino,
      tab: false,
      trail: null,
      title: `dentry record #${i}: create ino ${d.ino} in dir ${d.parent}`,
    };
  });
}

/**
 * The inode queue window's boxes: directories, the entry compared (before)
 * or linked to (after), and the trail of the entries compared before it.
 */
export function inodeBoxes(fc: FcState, variant: string, steps: readonly Step[], g: GridLayout): QueueBox[] {
  const trail = variant === 'before' ? walkTrail(steps, fc.walk) : [];
  const target = walkTarget(fc, variant);
  const last = steps.length ? steps[steps.length - 1] : null;
  const matched = last?.kind === 'match' && fc.walk !== null && last.a === fc.walk.dentry_idx;
  const hit = matched || variant === 'after';
  return fc.inode_q.map((e, k) => {
    const i = fc.inode_win.from + k;
    const p = boxAt(k, g);
    const ti = trail.indexOf(i);
    const isTarget = i === target;
    return {
      i,
      x: p.x,
      y: p.y,
      w: g.boxW,
      h: g.boxH,
      rx: e.dir ? 1 : 3,
      tone: isTarget ? (hit ? 'inodeMatched' : 'inodeCompared') : e.dir ? 'inodeDir' : 'inode',
      cls: `q-box inode${e.dir ? ' dir' : ''}${isTarget ? (hit ? ' matched' : ' compared') : ''}`,
      ino: e.ino,
      tab: e.dir,
      trail: ti >= 0 && !isTarget ? 0.25 + (0.55 * (ti + 1)) / trail.length : null,
      title: `inode entry #${i}: ino ${e.ino}${e.dir ? ' (directory)' : ''}`,
    };
  });
}

/** The box under the point (x, y) of a queue's grid, or null. */
export function boxUnder(boxes: readonly QueueBox[], g: GridLayout, x: number, y: number): QueueBox | null {
  if (x < 0 || y < 0) return null;
  const col = Math.floor(x / (g.boxW + g.gap));
  const row = Math.floor(y / (g.boxH + g.gap));
  if (col >= g.cols || x - col * (g.boxW + g.gap) > g.boxW || y - row * (g.boxH + g.gap) > g.boxH) return null;
  return boxes[row * g.cols + col] ?? null;
}

/**
 * The queues in words, for the view's text alternative: how long each is,
 * which part is drawn, and where the commit stands.
 */
export function queuesSummary(fc: FcState, variant: string): string {
  const n = (v: number) => formatNumber(v);
  const span = (w: FcState['inode_win']) => (w.to - w.from < w.of ? `, #${n(w.from)} to #${n(Math.max(w.from, w.to - 1))} drawn` : '');
  const dentry = `${n(fc.dentry_q_len)} create records on the dentry queue${span(fc.dentry_win)}`;
  const inode = `${n(fc.inode_q_len)} inodes on s_fc_q${span(fc.inode_win)}`;
  const w = fc.walk;
  const target = walkTarget(fc, variant);
  const where = !w
    ? 'no commit walking them'
    : `T${w.task} commits record #${n(w.dentry_idx)}` +
      (target < 0 ? '' : variant === 'before' ? `, compared with inode entry #${n(target)}` : `, linked to inode entry #${n(target)}`);
  return `fast-commit queues, ${variant} the patch: ${dentry}; ${inode}; ${where}`;
}

/** The tasks in words, by state, for the text alternative of chips drawn on a canvas: "64 tasks: 1 run, 63 sleep". */
export function tasksSummary(tasks: readonly TaskSnap[]): string {
  const counts = new Map<TaskSnap['state'], number>();
  for (const t of tasks) counts.set(t.state, (counts.get(t.state) ?? 0) + 1);
  const parts = [...counts].map(([state, n]) => `${n} ${STATE_SHORT[state]}`);
  return `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
