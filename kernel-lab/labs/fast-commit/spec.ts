/**
 * fast-commit in the kernel: the switch that turns stock 6.12 back into the mail's
 * "before", the counters that prove it was live, and the benchmark the guest
 * runs (workload/run.sh). Its names are those of fast-commit.patch, of the guest's
 * scripts, of results files and of the page; kernel-lab/labs/workloads.test.ts
 * and the kernel suite check that they agree.
 */
import type { KernelLabSpec } from '../../../lib/kernel-labs';

const EXT4 = '/sys/fs/ext4/<dev>';

export const spec: KernelLabSpec = {
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
  disks: {
    'ext4-fc': {
      size: 1 << 30,
      mkfs: 'mke2fs',
      /*
       * an inode per 4 KiB: the paper profile makes 64 x 1024 files and as many
       * directories; a 32 MiB fast_commit area (mke2fs's default on 1 GiB is 512
       * KiB, about 1,600 zero-byte creates, some 300 bytes of records each) so
       * that one fast_commit holds the 65,536 creates the paper profile's loop
       * can queue before its first fsync instead of failing over to a full
       * commit
       */
      args: ['-t', 'ext4', '-F', '-q', '-O', 'fast_commit', '-i', '4096', '-J', 'size=64,fast_commit_size=32768', '-E', 'lazy_itable_init=0,lazy_journal_init=0,nodiscard'],
      what: 'ext4 with fast_commit, 1 GiB, 262144 inodes, a 64 MiB journal with a 32 MiB fast_commit area',
    },
  },
};
