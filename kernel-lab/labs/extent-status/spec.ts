/**
 * extent-status in the kernel: the switch that turns stock 6.12 back into the mail's
 * "before", the counters that prove it was live, and the benchmark the guest
 * runs (workload/run.sh). Its names are those of extent-status.patch, of the guest's
 * scripts, of results files and of the page; kernel-lab/labs/workloads.test.ts
 * and the kernel suite check that they agree.
 */
import type { KernelLabSpec } from '../../../lib/kernel-labs';

const EXT4 = '/sys/fs/ext4/<dev>';

export const spec: KernelLabSpec = {
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
};
