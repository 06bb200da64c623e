/**
 * Small inode-hash snapshots written by hand against the snapshot contract
 * (core/types.ts IhSnapshot), for the tests of the hash table view and the
 * lab page's parsing.
 */
import type { IhSnapshot } from '../schema';

/**
 * 16 buckets; bucket 3 holds three inodes and is walked by T1 under RCU at
 * index 1 and by T2 under the lock at index 2; bucket 9 holds an inode being
 * freed that grace period 4 will free once T1 leaves its read section;
 * bucket 12 holds an I_NEW inode; bucket 5 holds two live ones.
 */
export function sampleSnapshot(): IhSnapshot {
  return {
    now_ns: 5000,
    step: 42,
    locks: [{ name: 'inode_hash_lock', holder: 2, waiters: [3, 4] }],
    tasks: [
      { id: 1, cpu: 0, name: 'stat-walk/0', state: 'run', line: 120, fn: 'find_inode_fast' },
      { id: 2, cpu: 1, name: 'stat-walk/1', state: 'run', line: 130, fn: 'find_inode_fast' },
      { id: 3, cpu: 2, name: 'stat-walk/2', state: 'spin', line: 140, fn: 'iget_locked' },
      { id: 4, cpu: 3, name: 'stat-walk/3', state: 'spin', line: 140, fn: 'iget_locked' },
    ],
    ih: {
      fs: 'ext4',
      nr_buckets: 16,
      chains: [
        { bucket: 3, len: 3, from: 0, inodes: [{ ino: 35, state: 'live' }, { ino: 19, state: 'live' }, { ino: 3, state: 'live' }] },
        { bucket: 5, len: 2, from: 0, inodes: [{ ino: 21, state: 'live' }, { ino: 5, state: 'live' }] },
        { bucket: 9, len: 1, from: 0, inodes: [{ ino: 25, state: 'freeing' }] },
        { bucket: 12, len: 1, from: 0, inodes: [{ ino: 44, state: 'new' }] },
      ],
      chains_truncated: false,
      nonempty: 4,
      hashed: 7,
      window: { from: 0, to: 16, of: 16, cursor: -1 },
      segments: {
        chains: [0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0],
        inodes: [0, 0, 0, 3, 0, 2, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0],
        longest: [0, 0, 0, 3, 0, 2, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0],
      },
      readers: [{ task: 1, bucket: 3, pos: 1 }],
      locked_walkers: [{ task: 2, bucket: 3, pos: 2 }],
      grace_periods: [{ id: 4, started_ns: 4200, waiting_for: [1], freeing: [25] }],
      stats: { lookups: 10, hits: 4, misses: 6, inserts: 6, rcu_retries: 1, hash_lock_acquisitions: 9, stats: 8 },
    },
    chain_heat: {
      bucket_ns: 1000,
      nr_time: 3,
      nr_rows: 4,
      rows: [
        [0, 100, 0],
        [500, 2000, 1500],
        [0, 0, 0],
        [250, 0, 50],
      ],
      row_buckets: [
        [0, 3],
        [4, 7],
        [8, 11],
        [12, 15],
      ],
    },
  };
}
