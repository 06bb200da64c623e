/**
 * inode-hash in the kernel: the switch that turns stock 6.12 back into the mail's
 * "before", the counters that prove it was live, and the benchmark the guest
 * runs (workload/run.sh). Its names are those of inode-hash.patch, of the guest's
 * scripts, of results files and of the page; kernel-lab/labs/workloads.test.ts
 * and the kernel suite check that they agree.
 */
import type { KernelLabSpec } from '../../../lib/kernel-labs';

export const spec: KernelLabSpec = {
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
  disks: {
    /* the paper tree of 20 x 100 x (100 + 1) + 20 inodes, past the 65,536 of a 1 GiB ext4 */
    'ext4-inodes': {
      size: 1 << 30,
      mkfs: 'mke2fs',
      args: ['-t', 'ext4', '-F', '-q', '-N', '262144', '-E', 'lazy_itable_init=0,lazy_journal_init=0,nodiscard'],
      what: 'ext4, 1 GiB, 262144 inodes',
    },
  },
};
