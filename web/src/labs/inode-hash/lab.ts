/** The inode-hash lab as shared code reads it: its trace rules, small configuration and kernel metrics. */
import type { LabFace } from '../face';
import { ANIMATION_PRESET } from './preset';

/* the guest benchmark's names of the model's metrics */
const KERNEL_METRICS: Readonly<Record<string, string>> = {
  elapsed_s: 'total_s',
  user_s: 'user_s',
  sys_s: 'sys_s',
  cpu_pct: 'cpu_pct',
};

export const lab: LabFace = {
  lesson: {
    params: ANIMATION_PRESET,
    variants: ['before', 'after'],
    moments: [
      {
        id: 'hash-lock-queue',
        label: 'before: three tasks wait for inode_hash_lock',
        variant: 'before',
        kind: 'contended',
        /* the contended mark's b: the tasks waiting, this one included */
        where: [{ arg: 'b', min: 3 }],
      },
      { id: 'first-rcu-lookup', label: "after: a lookup under RCU", variant: 'after', kind: 'lookup_rcu' },
      { id: 'first-grace-period', label: 'after: a grace period frees inodes', variant: 'after', kind: 'grace_period' },
    ],
    headline: { metric: 'total_s', where: { fs: 'ext4', threads: '20' }, mailSize: '20 threads over a kernel tree' },
    look: 'Left, every lookup takes the one global inode_hash_lock, so tasks queue and spin on it; right, lookups walk the hash chain under RCU and wait for no one.',
  },
  trace: {
    phases: [],
    waits: [{ kind: 'grace_period', name: 'grace period' }],
    counters: [{ kind: 'grace_period', name: 'RCU batch', series: { inodes: 'b' } }],
    chains: [],
  },
  small: { fs: [0, 1], threads: [1, 8], dirs: [1, 4], files: [8, 32], passes: [1, 2] },
  /* its sweep takes 0.58 s a seed (one lane, as the worker runs it): 8 fit the page's 5 s (docs/labs/inode-hash.md) */
  sweepSeeds: 8,
  engineRun: { params: { threads: 4, files: 8, dirs: 2 }, variant: 'after', pair: ['before', 'after'] },
  /* the patch is a lookup without inode_hash_lock: its lock and unlock steps are part of the difference */
  divergence: { engineKinds: ['lock', 'unlock'] },
  /* btrfs_elapsed_s: the model's total_s on btrfs */
  kernelMetric(key) {
    const m = /^(ext4|btrfs)_(.+)$/.exec(key);
    const metric = m ? KERNEL_METRICS[m[2]!] : undefined;
    return m && metric ? { metric, param: { name: 'fs', value: m[1]! } } : null;
  },
};
