/**
 * The fast-commit model's snapshot (wasm-core/labs/fast-commit.c's
 * snapshot()), checked with zod before the page draws it.
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';

/** fast-commit: the two ext4 fast-commit queues and the walk in progress. */
export const FcSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  fc: z.object({
    inode_q: z.array(z.object({ ino: z.number(), dir: z.boolean() })),
    inode_q_len: z.number(),
    dentry_q: z.array(z.object({ ino: z.number(), parent: z.number() })),
    dentry_q_len: z.number(),
    /** the commit walking the queues, or null */
    walk: z
      .object({
        task: z.number(),
        dentry_idx: z.number(), // index into dentry_q being committed
        inode_idx: z.number(), // before: index into inode_q being compared; after: -1
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
