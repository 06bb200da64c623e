import { headlineCheck, invariantsCheck, scalingCheck } from '../../exercises/checker';
import type { Exercise } from '../../exercises/types';

/**
 * The inode-hash exercise: iget_locked()'s first lookup under RCU alone, the insert's lookup again under
 * inode_hash_lock, and an inode being freed waited for unless evict() has already unhashed it.
 * Configurations are small enough for the sanitizer build.
 */
export const exercise: Exercise = {
  lab: 'inode-hash',
  title: 'Look inodes up under RCU before taking inode_hash_lock',
  mirrors: 'iget_locked(), find_inode_fast() and __wait_on_freeing_inode() (fs/inode.c, Linux 6.12)',
  header: 'inode-hash-yours.h',
  defines: ['yours_iget_lookup', 'yours_find_inode_fast'],
  calls: [],
  seeds: [1, 2, 3],
  checks: [
    invariantsCheck({
      configs: [
        // Lookups chasing reclaim: inodes being freed, some already unhashed when a lookup meets them
        'threads=8;dirs=2;files=16;icache=240;hash_bits=5;passes=4',
        // Hard-linked trees: threads race to hash the same inodes
        'threads=8;dirs=1;files=16;passes=1;shared=1',
        // btrfs, its cache small enough that reclaim runs from the first pass
        'fs=btrfs;threads=4;dirs=2;files=16;icache=64;hash_bits=4;passes=2',
      ],
    }),
    // Spinning on inode_hash_lock per lookup: the old lookup's lock acquisitions queue up as threads grow
    scalingCheck({
      param: 'threads',
      values: [4, 8, 16],
      base: 'dirs=2;files=32;hash_bits=8;icache=100000;passes=1',
      work: (m) => (m.hash_lock_spin_s! * 1e9) / m.lookups!,
      unit: 'ns spinning on inode_hash_lock per lookup',
      maxGrowth: 6,
      // below one cache miss to memory (a chain node, 100 ns), spinning is noise
      floor: 100,
    }),
    // The mail's row 1: ext4 at 20 threads, its chains as long as the mail's
    headlineCheck({
      params: 'fs=ext4;threads=20;dirs=4;files=32;hash_bits=8;icache=2048;passes=1;shared=0',
      label: "ext4 at 20 threads (the mail's row 1)",
      metric: 'total_s',
      unit: 's',
      higherIsBetter: false,
      withinAfter: 0.02,
    }),
  ],
};
