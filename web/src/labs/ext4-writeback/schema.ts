/**
 * The ext4-writeback model's snapshot (wasm-core/labs/ext4-writeback.c's
 * ewb_snapshot()), checked with zod before the page draws it: the file's
 * page cache as one letter a page, every fio job's phase, the running
 * transaction, the device, the pages-per-call histogram so far, and the
 * last ~200 ms as a timeline of the jobs' phases and the journal's
 * transactions.
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';

export const EWB_VARIANTS = ['before', 'after'] as const;
export type EwbVariant = (typeof EWB_VARIANTS)[number];

/** A job's phases, as ext4-writeback.c's phase_names. */
export const PHASES = [
  'user',
  'i_rwsem',
  'write',
  'fsync',
  'writepages',
  'writepages handle',
  'writeback wait',
  'writeback wait (handle)',
  'fdatawait',
  'commit wait',
  'flush',
  'done',
] as const;
export type Phase = (typeof PHASES)[number];

/** jbd2's transaction states, as the model names them. */
export const TXN_STATES = ['running', 'locked', 'switch', 'flush', 'commit', 'finished', 'none'] as const;

/** The histogram's buckets: pages written per ext4_writepages call, two pages wide, then 30 and more. */
export const BUCKETS = [...Array.from({ length: 15 }, (_, i) => `${2 * i}-${2 * i + 1}`), '30+'] as const;

export const EwbJob = z.object({
  task: z.number().int().min(0),
  phase: z.enum(PHASES),
  slot: z.number().int().min(0),
  /** it holds a journal handle */
  handle: z.boolean(),
});
export type EwbJob = z.infer<typeof EwbJob>;

/** A job's stretch in one phase; to is null while it is still in it. */
export const EwbSpan = z.object({
  job: z.number().int().min(0),
  phase: z.enum(PHASES),
  from: z.number().min(0),
  to: z.number().min(0).nullable(),
});
export type EwbSpan = z.infer<typeof EwbSpan>;

/** A transaction: created, locked for commit, committed (null: not yet), and the handles that joined it. */
export const EwbTxn = z.object({
  tid: z.number().int().min(1),
  start: z.number().min(0),
  locked: z.number().min(0).nullable(),
  end: z.number().min(0).nullable(),
  handles: z.number().int().min(0),
  /** it committed between two of the model's observations: its end is when that was seen */
  end_approx: z.boolean(),
});
export type EwbTxn = z.infer<typeof EwbTxn>;

export const EwbTimeline = z.object({
  from_ns: z.number().min(0),
  to_ns: z.number().min(0),
  /** the model's rings lost records that fall in the window */
  full: z.boolean(),
  spans: z.array(EwbSpan),
  txns: z.array(EwbTxn),
});
export type EwbTimeline = z.infer<typeof EwbTimeline>;

export const EwbState = z.object({
  variant: z.enum(EWB_VARIANTS),
  kernel: z.enum(['5.10', '6.12']),
  sync: z.enum(['fsync', 'fdatasync']),
  /** a letter a page: . clean, d dirty, t dirty and TOWRITE, w under writeback, W under writeback and dirty again */
  pages: z.string().regex(/^[.dtwW]*$/),
  nr_dirty: z.number().int().min(0),
  nr_towrite: z.number().int().min(0),
  nr_writeback: z.number().int().min(0),
  i_sync_tid: z.number().int().min(0),
  i_mtime_jiffies: z.number().int().min(0),
  jobs: z.array(EwbJob),
  journal: z.object({
    running_tid: z.number().int().min(0),
    running_state: z.enum(TXN_STATES),
    t_updates: z.number().int().min(0),
    t_handle_count: z.number().int().min(0),
    commit_sequence: z.number().int().min(0),
    commit_request: z.number().int().min(0),
    transactions: z.number().int().min(0),
    handles: z.number().int().min(0),
    average_commit_time_us: z.number().min(0),
  }),
  device: z.object({
    requests: z.number().int().min(0),
    merges: z.number().int().min(0),
    flushes: z.number().int().min(0),
    queued_ns: z.number().min(0),
  }),
  histogram: z.array(z.number().int().min(0)).length(BUCKETS.length),
  timeline: EwbTimeline,
});
export type EwbState = z.infer<typeof EwbState>;

/** ext4-writeback: the page cache, the jobs, the journal and the last ~200 ms. */
export const EwbSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  ext4: EwbState,
});
export type EwbSnapshot = z.infer<typeof EwbSnapshot>;
