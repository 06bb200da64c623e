/**
 * The inode-hash model's snapshot (wasm-core/labs/inode-hash.c's
 * snapshot()), checked with zod before the page draws it.
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';

/** An inode on a hash chain: being set up (I_NEW), in use, or unhashed and waiting for RCU to free it. */
export const IhInode = z.object({
  ino: z.number(),
  state: z.enum(['new', 'live', 'freeing']),
});
export type IhInode = z.infer<typeof IhInode>;

/**
 * One non-empty chain; `inodes` lists at most 32 of its `len`, from index
 * `from` (the head, or around a task walking it).
 */
export const IhChain = z.object({
  bucket: z.number().int().min(0),
  len: z.number().int().min(0),
  from: z.number().int().min(0),
  inodes: z.array(IhInode),
});
export type IhChain = z.infer<typeof IhChain>;

/** A task walking a chain now: `pos` is the index in that chain of the inode it is at. */
export const IhWalker = z.object({
  task: z.number(),
  bucket: z.number().int().min(0),
  pos: z.number().int().min(0),
});
export type IhWalker = z.infer<typeof IhWalker>;

/** A grace period in progress: the readers it waits for, and the inodes it will free when it ends. */
export const IhGracePeriod = z.object({
  id: z.number(),
  started_ns: z.number(),
  waiting_for: z.array(z.number()),
  freeing: z.array(z.number()),
});
export type IhGracePeriod = z.infer<typeof IhGracePeriod>;

export const IhStats = z.object({
  lookups: z.number(),
  hits: z.number(),
  misses: z.number(),
  inserts: z.number(),
  rcu_retries: z.number(),
  hash_lock_acquisitions: z.number(),
  stats: z.number(),
});
export type IhStats = z.infer<typeof IhStats>;

/**
 * Time spent on chains, by groups of buckets: rows[r][t] is the virtual ns
 * all tasks spent walking chains of row group r during time bucket t, over
 * the whole run up to the snapshot's step.
 */
export const ChainHeat = z.object({
  bucket_ns: z.number().min(0),
  nr_time: z.number().int().min(0),
  nr_rows: z.number().int().min(0).max(64),
  rows: z.array(z.array(z.number())),
  /** which buckets each row covers: [first, last] */
  row_buckets: z.array(z.tuple([z.number(), z.number()])),
});
export type ChainHeat = z.infer<typeof ChainHeat>;

/** inode-hash: the global inode hash table under inode_hash_lock, walked under RCU or under the lock. */
export const IhSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  ih: z.object({
    fs: z.enum(['ext4', 'btrfs']),
    nr_buckets: z.number().int().min(1),
    chains: z.array(IhChain),
    /** whether chains or inodes were left out of `chains` */
    chains_truncated: z.boolean(),
    /** non-empty chains and inodes hashed, in the whole table */
    nonempty: z.number().int().min(0),
    hashed: z.number().int().min(0),
    /**
     * The buckets [from, to) of `of` whose chains are listed, around the
     * working bucket `cursor`, beside the chains walked now and those
     * changing; a table of at most 256 chains lists them all (cursor -1).
     */
    window: z.object({ from: z.number().int().min(0), to: z.number().int().min(0), of: z.number().int().min(1), cursor: z.number().int() }),
    /**
     * Per equal range of buckets (one a bucket up to 512): non-empty chains,
     * and inodes and the longest chain while at most 65,536 inodes are
     * hashed (else empty: too many to walk each frame).
     */
    segments: z.object({
      chains: z.array(z.number().int().min(0)),
      inodes: z.array(z.number().int().min(0)),
      longest: z.array(z.number().int().min(0)),
    }),
    readers: z.array(IhWalker),
    locked_walkers: z.array(IhWalker),
    grace_periods: z.array(IhGracePeriod),
    stats: IhStats,
  }),
  chain_heat: ChainHeat,
});
export type IhSnapshot = z.infer<typeof IhSnapshot>;
