/**
 * The btrfs-fsync model's snapshot (wasm-core/labs/btrfs-fsync.c's
 * bf_snapshot()), checked with zod before the page draws it: the
 * transactions on fs_info's list, what every dbench client is doing and
 * which state of which transaction it waits for, the log tree, commit_stats,
 * the last ~40 ms as a timeline of transactions and waits, dbench's
 * operation table so far, and the Flush latency heatmap.
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';
import { LabHeat } from '../../viz/heatmap/labHeat';

export const BF_VARIANTS = ['before', 'after', '6.12'] as const;
export type BfVariant = (typeof BF_VARIANTS)[number];

/** enum btrfs_trans_state, in order: a transaction only moves forward through them. */
export const TRANS_STATES = [
  'RUNNING',
  'COMMIT_PREP',
  'COMMIT_START',
  'COMMIT_DOING',
  'UNBLOCKED',
  'SUPER_COMMITTED',
  'COMPLETED',
] as const;
export type TransState = (typeof TRANS_STATES)[number];

/**
 * Where a task waits: join (btrfs_commit_transaction found the transaction
 * already committing), prev (the committer waits for its predecessor),
 * attach (6.12's fallback through btrfs_attach_transaction_barrier),
 * blocked (a handle start sleeping while a commit turns writers away), log
 * (btrfs_sync_log waiting for another task's log commit).
 */
export const WAIT_SITES = ['join', 'prev', 'attach', 'blocked', 'log'] as const;
export type WaitSite = (typeof WAIT_SITES)[number];

export const BfTrans = z.object({
  transid: z.number().int().min(0),
  state: z.enum(TRANS_STATES),
  num_writers: z.number().int().min(0),
  num_extwriters: z.number().int().min(0),
  dirty_blocks: z.number().min(0),
  pinned: z.number().min(0),
  unpinned: z.number().min(0),
  /** task id, -1 before COMMIT_PREP */
  committer: z.number().int(),
});
export type BfTrans = z.infer<typeof BfTrans>;

export const BfClient = z.object({
  task: z.number().int().min(0),
  /** the dbench operation in flight */
  op: z.string(),
  phase: z.string(),
  waiting: z
    .object({ transid: z.number().int().min(0), want: z.enum(TRANS_STATES), site: z.enum(WAIT_SITES) })
    .nullable(),
});
export type BfClient = z.infer<typeof BfClient>;

/** One transaction on the timeline: when it entered each state (null: not yet). */
export const BfTxn = z.object({
  transid: z.number().int().min(0),
  committer: z.number().int(),
  /** committed by an fsync that fell back from the log tree */
  fallback: z.boolean(),
  at: z.array(z.number().min(0).nullable()).length(TRANS_STATES.length),
  pinned: z.number().min(0),
});
export type BfTxn = z.infer<typeof BfTxn>;

/** One wait on the timeline: a task waiting for a transaction to reach a state; to is null while it lasts. */
export const BfWait = z.object({
  task: z.number().int().min(0),
  transid: z.number().int().min(0),
  site: z.enum(WAIT_SITES),
  want: z.enum(TRANS_STATES),
  from: z.number().min(0),
  to: z.number().min(0).nullable(),
});
export type BfWait = z.infer<typeof BfWait>;

export const BfTimeline = z.object({
  from_ns: z.number().min(0),
  to_ns: z.number().min(0),
  /** the model's record of transactions or waits filled up: older ones are missing */
  full: z.boolean(),
  txns: z.array(BfTxn),
  waits: z.array(BfWait),
});
export type BfTimeline = z.infer<typeof BfTimeline>;

export const BfOp = z.object({
  name: z.string(),
  count: z.number().min(0),
  avg_ms: z.number().min(0),
  max_ms: z.number().min(0),
});
export type BfOp = z.infer<typeof BfOp>;

export const BfStats = z.object({
  fsyncs: z.number().min(0),
  fallbacks: z.number().min(0),
  log_syncs: z.number().min(0),
  join_waits: z.number().min(0),
  prev_waits: z.number().min(0),
  attach_waits: z.number().min(0),
  start_waits: z.number().min(0),
  completed_waits: z.number().min(0),
  super_waits: z.number().min(0),
  wait_after_super_ms: z.number().min(0),
});
export type BfStats = z.infer<typeof BfStats>;

export const BfState = z.object({
  variant: z.enum(BF_VARIANTS),
  log: z.enum(['tree-log', 'notreelog']),
  /** 0 when no transaction is running */
  running_transid: z.number().int().min(0),
  last_committed: z.number().int().min(0),
  log_full_commit: z.boolean(),
  trans_list: z.array(BfTrans),
  clients: z.array(BfClient),
  log_tree: z.object({
    log_transid: z.number().int().min(0),
    committed: z.number().int().min(0),
    writers: z.number().int().min(0),
    committing: z.boolean(),
  }),
  commit_stats: z.object({
    commits: z.number().min(0),
    last_commit_ms: z.number().min(0),
    max_commit_ms: z.number().min(0),
    total_commit_ms: z.number().min(0),
  }),
  timeline: BfTimeline,
  ops: z.array(BfOp),
  stats: BfStats,
});
export type BfState = z.infer<typeof BfState>;

/** btrfs-fsync: the transactions, the clients and who waits for what. */
export const BfSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  btrfs: BfState,
  /** Flushes finished per time bucket, a row per latency bucket */
  flush_heat: LabHeat,
});
export type BfSnapshot = z.infer<typeof BfSnapshot>;
