/**
 * The fast-commit model's snapshot (wasm-core/labs/fast-commit.c's
 * snapshot()), checked with zod before the page draws it.
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';

/**
 * Which entries of a queue the snapshot lists: [from, to) of `of`, around
 * entry `cursor` (-1: none); a queue longer than the window (128) is sent
 * as its length and per-segment counts, and only the window's entries.
 */
export const FcWindow = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  of: z.number().int().min(0),
  cursor: z.number().int(),
});
export type FcWindow = z.infer<typeof FcWindow>;

/** fast-commit: the two ext4 fast-commit queues and the walk in progress. */
export const FcSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  fc: z.object({
    /** the inode queue's entries inode_win.from to inode_win.to */
    inode_q: z.array(z.object({ ino: z.number(), dir: z.boolean() })),
    inode_q_len: z.number(),
    inode_win: FcWindow,
    /** the dentry queue's records dentry_win.from to dentry_win.to */
    dentry_q: z.array(z.object({ ino: z.number(), parent: z.number() })),
    dentry_q_len: z.number(),
    dentry_win: FcWindow,
    /** the commit walking the queues, or null */
    walk: z
      .object({
        task: z.number(),
        dentry_idx: z.number(), // index in the whole dentry queue of the record being committed
        inode_idx: z.number(), // before: index into inode_q being compared; after: -1
        target: z.number(), // after: index into inode_q of the inode the record links to; before (and not queued): -1
      })
      .nullable(),
    commit_running: z.boolean(),
    commits: z.number(),
    /** jbd2's state: the barrier, the commit under way, the fast-commit area */
    journal: z.object({
      updates_locked: z.boolean(),
      fast_commit: z.boolean(),
      full_commit: z.boolean(),
      running_tid: z.number(),
      commit_sequence: z.number(),
      fc_blocks_used: z.number(),
      fc_blocks: z.number(),
    }),
  }),
});
export type FcSnapshot = z.infer<typeof FcSnapshot>;
