/** The inode-hash lab as shared code reads it: its trace rules, small configuration and kernel metrics. */
import type { LabFace } from '../face';

/* the guest benchmark's names of the model's metrics */
const KERNEL_METRICS: Readonly<Record<string, string>> = {
  elapsed_s: 'total_s',
  user_s: 'user_s',
  sys_s: 'sys_s',
  cpu_pct: 'cpu_pct',
};

export const lab: LabFace = {
  trace: {
    phases: [],
    waits: [{ kind: 'grace_period', name: 'grace period' }],
    counters: [{ kind: 'grace_period', name: 'RCU batch', series: { inodes: 'b' } }],
    chains: [],
  },
  small: { fs: [0, 1], threads: [1, 8], dirs: [1, 4], files: [8, 32], passes: [1, 2] },
  engineRun: { params: { threads: 4, files: 8, dirs: 2 }, variant: 'after', pair: ['before', 'after'] },
  /* btrfs_elapsed_s: the model's total_s on btrfs */
  kernelMetric(key) {
    const m = /^(ext4|btrfs)_(.+)$/.exec(key);
    const metric = m ? KERNEL_METRICS[m[2]!] : undefined;
    return m && metric ? { metric, param: { name: 'fs', value: m[1]! } } : null;
  },
};
