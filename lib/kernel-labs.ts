/**
 * The kernel side of each lab: the runtime switch that turns stock 6.12
 * ("after") back into the mail's "before", the counter that proves the switch
 * was live, and the benchmark the guest runs. The names here are the names in
 * kernel-lab/patches/, in the guest's scripts, in results files and on the
 * pages; a test checks that they agree.
 */
import type { KernelLab } from './kernel-results';

export interface KernelSwitch {
  /** attribute name, also the key in results' `switches` */
  name: string;
  /** where it lives in the guest; <dev> is the block device, e.g. vdb */
  path: string;
  /** value for the "before" variant ("after" is always 0, stock 6.12) */
  before: number;
  /** set to this value in both variants (a condition of the mail's test, not the change) */
  both?: number;
  help: string;
}

export interface KernelCounter {
  name: string;
  path: string;
  help: string;
}

/**
 * A value the lab's patch exposes besides the switch proofs: read before and
 * after the benchmark like a counter, but it may move in both variants or
 * measure rather than count, so it proves nothing about the switch. The
 * lab's parser (kernel-lab/bench/<lab>/parse.ts) reports its increase as a
 * metric.
 */
export interface KernelMeasure {
  name: string;
  path: string;
  /** the metric key it becomes in the results */
  metric: string;
  help: string;
}

export interface KernelLabSpec {
  lab: KernelLab;
  /** the kind of switch kernel-map.md proposes */
  kind: 'ext4 sysfs attribute' | 'sysctl' | 'module parameter';
  switches: KernelSwitch[];
  /** counters of the work the "before" switch adds; they must rise in "before" and stay 0 in "after" */
  counters: KernelCounter[];
  /** the patch's other values, reported as metrics; not switch proofs */
  measures?: KernelMeasure[];
  benchmark: string;
  /** what a reader needs to know to read the lab's kernel figures, one paragraph each */
  notes?: string[];
  /** the 6.12 function(s) the switch touches */
  source: { file: string; functions: string[] };
}

const EXT4 = '/sys/fs/ext4/<dev>';

export const KERNEL_LAB_SPECS: Record<KernelLab, KernelLabSpec> = {
  'fast-commit': {
    lab: 'fast-commit',
    kind: 'ext4 sysfs attribute',
    switches: [
      {
        name: 'lab_fc_dentry_scan',
        path: `${EXT4}/lab_fc_dentry_scan`,
        before: 1,
        help: 'for every create record, search the fast-commit inode list under s_fc_lock as before 5.18',
      },
    ],
    counters: [
      {
        name: 'lab_fc_dentry_scan_nodes',
        path: `${EXT4}/lab_fc_dentry_scan_nodes`,
        help: 'inode-list nodes visited by that search',
      },
    ],
    benchmark: 'fs_mark -s 0 -S 5 on ext4 with -O fast_commit',
    notes: [
      'The old search costs each create record a walk of the inodes queued since the last fast commit, so N creates ' +
        'in one commit cost about N²/2 steps: what decides is how many creates the first fsync finds queued. The quick ' +
        "profile runs 2 fs_mark threads, one per vCPU, with 8192 files each: both make most of their files before either " +
        'fsyncs, so the first fast commit holds most of the 16,384 creates and the walk visits up to 134 million nodes ' +
        "(71 to 133 million measured): before made a quarter to half of after's files per second under emulation. With the mail's 64 threads on " +
        '2 vCPUs the threads take turns and the first fsync finds only a varying share of the creates queued, too few for the ' +
        "walk to outweigh the fsyncs' own cost. The guest mounts with commit=600 so that ext4's periodic full commit " +
        "(every 5 s) does not empty the queue before fs_mark fsyncs: the mail's machine made a loop's creates well within " +
        "that interval, an emulated guest does not. The disk's fast-commit area is 16 MiB so that one fast commit holds the queue, " +
        "and the guest sets the disk write through so that the fsyncs' cache flushes do not wait on the host's disk. The paper " +
        "profile is the mail's row 7, 64 threads with 1024 files each, where the walk collapses.",
    ],
    source: { file: 'fs/ext4/fast_commit.c', functions: ['ext4_fc_commit_dentry_updates'] },
  },
  'extent-status': {
    lab: 'extent-status',
    kind: 'ext4 sysfs attribute',
    switches: [
      {
        name: 'lab_es_lru',
        path: `${EXT4}/lab_es_lru`,
        before: 2,
        help:
          "2: the v3.18 shrinker the mail measured: a hit stamps the inode's touch time without a lock; each shrinker call " +
          'holds s_es_lock throughout, sets aside inodes touched since the last sort, and sorts the list and retries when it ' +
          'freed nothing (1: the v3.10 list, every hit moves its inode to the tail under s_es_lock; counted by lab_es_lru_moves)',
      },
      { name: 'lab_es_no_aging', path: `${EXT4}/lab_es_no_aging`, before: 1, help: 'ignore the REFERENCED bit: no second chance' },
      {
        name: 'lab_es_unbounded_scan',
        path: `${EXT4}/lab_es_unbounded_scan`,
        before: 1,
        help: 'charge the scan budget only for freed extents and restart each inode at block 0',
      },
      { name: 'lab_es_no_hole_cache', path: `${EXT4}/lab_es_no_hole_cache`, before: 1, help: 'do not cache holes found on the delalloc path' },
      { name: 'lab_es_no_merge', path: `${EXT4}/lab_es_no_merge`, before: 1, both: 1, help: "never merge extents (the mail's test condition)" },
    ],
    counters: [
      { name: 'lab_es_lru_skipped', path: `${EXT4}/lab_es_lru_skipped`, help: 'inodes lab_es_lru=2 set aside as touched since the last sort' },
      { name: 'lab_es_lru_sorts', path: `${EXT4}/lab_es_lru_sorts`, help: 'list sorts by touch time under s_es_lock (lab_es_lru=2)' },
      { name: 'lab_es_no_aging_frees', path: `${EXT4}/lab_es_no_aging_frees`, help: 'referenced extents freed without a second chance' },
      {
        name: 'lab_es_unbounded_visits',
        path: `${EXT4}/lab_es_unbounded_visits`,
        help: 'extents the shrinker visited without charging its budget',
      },
      { name: 'lab_es_holes_not_cached', path: `${EXT4}/lab_es_holes_not_cached`, help: 'holes the delalloc path found and did not cache' },
    ],
    benchmark: 'fio cases a, b, c (scaled) under memory pressure with several reclaimers, es_shrinker_info and the scan counters',
    source: { file: 'fs/ext4/extents_status.c', functions: ['ext4_es_lookup_extent', 'es_do_reclaim_extents', '__es_shrink'] },
  },
  'inode-hash': {
    lab: 'inode-hash',
    kind: 'sysctl',
    switches: [
      {
        name: 'lab_iget_locked_lookup',
        path: '/proc/sys/fs/lab_iget_locked_lookup',
        before: 1,
        help: "take inode_hash_lock around iget's first lookup, as before 6.11",
      },
    ],
    counters: [
      {
        name: 'lab_iget_locked_lookups',
        path: '/proc/sys/fs/lab_iget_locked_lookups',
        help: 'first lookups that took inode_hash_lock',
      },
    ],
    benchmark: 'parallel stat walker over a cold tree (ext4 and btrfs)',
    notes: [
      "What emulation cannot show: the mail's headline is lock contention between CPUs, and with 2 emulated vCPUs on a " +
        "shared host a sub-second walk's elapsed time depends on when the vCPU threads get the host's cores: from one " +
        'quick run to the next the ext4 walk changed by -89%, +1% and -27% with the same kernel. Read from a quick run ' +
        'what the guest counts itself: the switch counter (lab_iget_locked_lookups, the first lookups that took ' +
        'inode_hash_lock) and the lock contention events during the walk (ext4_contention_count, ' +
        "btrfs_contention_count), which fall in after. For the mail's elapsed times run the paper profile " +
        '(--profile paper) on a machine with real cores: the lab kernel built for it (lab build --target host) and ' +
        'lab host-run, or KVM.',
    ],
    source: { file: 'fs/inode.c', functions: ['iget_locked', 'iget5_locked_rcu', 'find_inode_fast'] },
  },
  'btrfs-fsync': {
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
  },
  'ext4-writeback': {
    lab: 'ext4-writeback',
    kind: 'ext4 sysfs attribute',
    switches: [
      {
        name: 'lab_wb_extra_pass',
        path: `${EXT4}/lab_wb_extra_pass`,
        before: 1,
        help: 'keep starting handles until a pass maps nothing, as before v5.8',
      },
    ],
    counters: [
      {
        name: 'lab_wb_extra_passes',
        path: `${EXT4}/lab_wb_extra_passes`,
        help: 'handle-started passes the old loop condition added',
      },
    ],
    benchmark: 'fio 16 jobs randwrite 16k fsync=1, and fdatasync=1 as the control',
    notes: [
      'Handles per transaction, 5.10 against 6.12: the mail ran 5.10, where ext4_da_write_begin started a journal handle ' +
        'for every page written, four for each 16 KiB write, so its fsync run counted 51 handles per transaction (67 with ' +
        'the revert). 6.12 starts none there ("ext4: drop unnecessary journal handle in delalloc write", 2022): a ' +
        'transaction holds only the mtime updates, at most one a jiffy, and in before the extra pass of each ' +
        'ext4_writepages call. The kernel lab therefore measures 1 to 2 handles per transaction in after and 9 to 10 ' +
        'in before, the difference being the extra passes (lab_wb_extra_passes, about one per call). Compare the direction ' +
        "and that difference with the mail, not the absolute figures; the simulator's kernel parameter has a 6.12 mode " +
        "without the write_begin handles to set beside these runs (its default, 5.10, is the mail's kernel).",
      "The switch brings back 6b8ed62008a4's loop condition, not 5.10's other couplings: without write_begin handles, a " +
        'commit locking its transaction no longer stops every write, only one that updates mtime (and the writes queued ' +
        'behind it on i_rwsem) or an extra pass. ' +
        'The fdatasync control needs no commit, so its run has only one or two commits and handles per transaction ' +
        "there is the whole run's count, not a figure to compare.",
    ],
    source: { file: 'fs/ext4/inode.c', functions: ['ext4_do_writepages'] },
  },
};
