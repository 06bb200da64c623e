/**
 * The queues view's pure half: grid layout of queue boxes and what the walk
 * has been doing (the trail of inode entries compared for the current dentry
 * record). Drawing lives in QueuesView.tsx.
 */
import type { FcSnapshot, Step } from '../../core/types';

export type FcState = FcSnapshot['fc'];

export interface GridLayout {
  /** box height and width */
  boxH: number;
  boxW: number;
  gap: number;
  cols: number;
  rows: number;
}

/**
 * The largest boxes (height <= maxH, width = aspect * height) such that n
 * boxes fit into width x height in rows; never smaller than minH (then the
 * grid may overflow its height and the caller clips).
 */
export function gridLayout(
  n: number,
  width: number,
  height: number,
  maxH = 24,
  aspect = 1.6,
  gap = 3,
  minH = 4,
): GridLayout {
  const count = Math.max(1, n);
  for (let h = maxH; h >= minH; h -= 0.5) {
    const w = h * aspect;
    const cols = Math.max(1, Math.floor((width + gap) / (w + gap)));
    const rows = Math.ceil(count / cols);
    if (rows * (h + gap) - gap <= height) return { boxH: h, boxW: w, gap, cols, rows };
  }
  const w = minH * aspect;
  const cols = Math.max(1, Math.floor((width + gap) / (w + gap)));
  return { boxH: minH, boxW: w, gap, cols, rows: Math.ceil(count / cols) };
}

/** Top-left corner of box i. */
export function boxAt(i: number, g: GridLayout): { x: number; y: number } {
  const col = i % g.cols;
  const row = Math.floor(i / g.cols);
  return { x: col * (g.boxW + g.gap), y: row * (g.boxH + g.gap) };
}

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

/** Index of an inode in the (possibly truncated) inode queue, or -1. */
export function inodeIndex(fc: FcState, ino: number): number {
  return fc.inode_q.findIndex((e) => e.ino === ino);
}

/** The inode entry the walk is at: compared (before) or pointed at (after). */
export function walkTarget(fc: FcState, variant: 'before' | 'after'): number {
  const w = fc.walk;
  if (!w) return -1;
  if (variant === 'before' || w.inode_idx >= 0) return w.inode_idx;
  const d = fc.dentry_q[w.dentry_idx];
  return d ? inodeIndex(fc, d.ino) : -1;
}

/** One line describing a trace step for people. */
export function describeStep(s: Step): string {
  switch (s.kind) {
    case 'visit':
      return `compare dentry record #${s.a} with inode entry #${s.b}`;
    case 'match':
      return `dentry record #${s.a} found its inode at entry #${s.b}`;
    case 'track_create':
      return `queue a create record (ino ${s.a}, dir ${s.b})`;
    case 'lock':
      return 'take s_fc_lock';
    case 'unlock':
      return 'release s_fc_lock';
    case 'commit_start':
      return 'fast commit starts';
    case 'commit_end':
      return 'fast commit ends';
    case 'write_inode':
      return `write inode ${s.a} to the fast-commit area`;
    case 'write_dentry':
      return `write the create record of ino ${s.a} in dir ${s.b}`;
    case 'fsync':
      return `fsync ino ${s.a}`;
    case 'create':
      return `create ino ${s.a}${s.b >= 0 ? ` in dir ${s.b}` : ''}`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}
