/**
 * btrfs-fsync in the kernel: the switch that turns stock 6.12 back into the mail's
 * "before", the counters that prove it was live, and the benchmark the guest
 * runs (workload/run.sh). Its names are those of btrfs-fsync.patch, of the guest's
 * scripts, of results files and of the page; kernel-lab/labs/workloads.test.ts
 * and the kernel suite check that they agree.
 */
import type { KernelLabSpec } from '../../../lib/kernel-labs';

export const spec: KernelLabSpec = {
  lab: 'btrfs-fsync',
  kind: 'module parameter',
  switches: [
    {
      name: 'lab_fsync_wait_completed',
      path: '/sys/module/btrfs/parameters/lab_fsync_wait_completed',
      before: 1,
      help: 'fsync waits for the transaction to be COMPLETED, not SUPER_COMMITTED, as before 5.12',
    },
  ],
  counters: [
    {
      name: 'lab_fsync_completed_waits',
      path: '/sys/module/btrfs/parameters/lab_fsync_completed_waits',
      help: 'fsync commit waits that waited for COMPLETED',
    },
  ],
  measures: [
    {
      name: 'lab_fsync_completed_wait_ns',
      path: '/sys/module/btrfs/parameters/lab_fsync_completed_wait_ns',
      metric: 'completed_wait_after_super_ms',
      help: "time those waits spent after the awaited transaction's super block was on disk",
    },
    {
      name: 'lab_fsync_super_waits',
      path: '/sys/module/btrfs/parameters/lab_fsync_super_waits',
      metric: 'super_waits_count',
      help: 'fsync commit waits that ended at SUPER_COMMITTED (stock 6.12; none in before)',
    },
  ],
  benchmark: 'dbench on btrfs mounted -o ssd,notreelog,nodiscard',
  notes: [
    'The guest mounts btrfs -o ssd,notreelog,nodiscard. With notreelog every dbench Flush commits the transaction, and ' +
      'as dbench creates its files during the run nearly every Flush is a full sync, which commits with its fsync handle: ' +
      "for these 6.12's after is the mail's 5.12 after. (A fast fsync that falls back to a commit does so through a new " +
      "handle and waits for COMPLETED in both variants.) Nothing is discarded, as on the mail's machine: NVMe under a " +
      '5.11-era kernel mounted -o ssd, when discard was off by default. 6.12 turns discard=async on by itself, hence ' +
      'nodiscard; discard=sync would make the unpinning that before waits for 10 to 100 times longer.',
    'completed_wait_after_super_ms is the time fsync waits spent after the awaited transaction had its super block on ' +
      'disk, while its committer unpinned the freed extents: the time the switch adds to the waiters, and what stock ' +
      '6.12 gives back to them (0 in after, where fsync stops waiting at SUPER_COMMITTED). The commit itself ' +
      '(commit_avg_ms, commit_max_ms) is as long in both variants: the committer still unpins before it returns.',
  ],
  source: { file: 'fs/btrfs/transaction.c', functions: ['btrfs_commit_transaction'] },
};
