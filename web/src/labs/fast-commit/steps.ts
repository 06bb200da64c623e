/**
 * What the fast-commit page reads of each step kind (queues.ts: describeStep,
 * walkTrail and the walk's marker), by the names the C tables give a and b:
 * the engine's kinds and fast-commit.c's fc_kinds. visit and match compare
 * dentry record dentry_idx with inode entry inode_idx (-1: none compared).
 * steps.wasm.test.ts holds this to the C table; a view reads a step's fields
 * through stepArgs(FC_STEP_ARGS, step).
 */
import type { StepContract } from '../../core/steps';

export const FC_STEP_ARGS = {
  lock: ['lock', null],
  unlock: ['lock', null],
  sleep: [null, null],
  wake: [null, null],
  io: ['bytes', 'flush'],
  create: ['ino', 'dir'],
  track_inode: ['ino', null],
  track_create: ['ino', 'parent'],
  fsync: ['ino', null],
  fsync_done: ['ino', null],
  commit_start: ['inodes', 'records'],
  visit: ['dentry_idx', 'inode_idx'],
  match: ['dentry_idx', 'inode_idx'],
  write_inode: ['ino', null],
  write_dentry: ['ino', 'parent'],
  commit_io: ['bytes', null],
  cleanup: ['released', null],
  commit_end: ['ns', null],
} as const satisfies StepContract;
