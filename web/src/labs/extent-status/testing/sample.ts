/**
 * Small extent-status snapshots written by hand against the snapshot
 * contract (schema.ts), for the tests of the views and the parser.
 */
import type { EsSnapshot, EsVariant } from '../schema';

/**
 * Inode 12 of case a, 100 blocks long: blocks 0-29 written (10 of them
 * referenced), 30-39 reclaimed (not cached), 40-99 delayed, then the EOF
 * hole; T3 on cpu 1 reclaims from it with its cursor on block 50 (a delayed
 * extent walked past). Three inodes on the list, 13 hit since the last sort.
 */
export function sampleSnapshot(variant: EsVariant = 'baseline'): EsSnapshot {
  return {
    now_ns: 2_000_000,
    step: 120,
    locks: [{ name: 's_es_lock', holder: 3, waiters: [4] }],
    tasks: [
      { id: 1, cpu: 0, name: 'fio/0', state: 'run', line: 500, fn: 'ext4_da_map_blocks' },
      { id: 2, cpu: 2, name: 'flusher', state: 'io', line: 900, fn: 'ext4_writepages' },
      { id: 3, cpu: 1, name: 'kswapd0', state: 'run', line: 620, fn: '__es_try_to_reclaim_extents' },
      { id: 4, cpu: 3, name: 'fio/1', state: 'spin', line: 700, fn: '__es_shrink' },
    ],
    es: {
      variant,
      case: 'a',
      extents: 171,
      reclaimable: 31,
      delayed: 140,
      pages: {
        mem: 65536,
        free: 1000,
        clean: 20000,
        dirty: 40000,
        writeback: 2000,
        dirty_bg: 39321,
        dirty_limit: 52428,
        wm_min: 512,
        wm_low: 640,
        wm_high: 768,
      },
      list: {
        nr: 3,
        head: [
          { ino: 12, shk: 21, delayed: 60, new: false },
          { ino: 13, shk: 10, delayed: 80, new: true },
          { ino: 14, shk: 0, delayed: 0, new: false },
        ],
        last_sorted_ns: 1_500_000,
        sorts: 2,
      },
      shrinkers: [
        { task: 3, cpu: 1, phase: 'reclaim', ino: 12, lblk: 50, freed: 10, nr_to_scan: 118 },
        { task: 4, cpu: 3, phase: 'spin', ino: -1, lblk: -1, freed: 0, nr_to_scan: 128 },
      ],
      focus: {
        ino: 12,
        why: 'shrinker',
        size: 100,
        nr_extents: 81,
        runs: [
          { lblk: 0, len: 30, extents: 20, status: 'written', referenced: 10 },
          { lblk: 40, len: 60, extents: 60, status: 'delayed', referenced: 0 },
          { lblk: 100, len: 4294967195, extents: 1, status: 'hole', referenced: 1 },
        ],
        runs_truncated: false,
        runs_from: 0,
        runs_of: 3,
        shrink_lblk: 0,
        on_list: true,
        touch_ns: 1_900_000,
        inactive: variant === 'es-ilist' || variant === 'es-gc' ? [0, 1, 2, 3] : [],
        active: variant === 'es-gc' ? [20, 21] : [],
        cursor: 50,
      },
      stats: {
        calls: 4,
        scan_ewma_us: 812.5,
        max_scan_us: 2400,
        hits: 300,
        misses: 40,
        freed: 512,
        visited: 9000,
        delayed_skipped: 8400,
        sorts: 2,
      },
    },
    reclaim_heat: {
      bucket_ns: 1_000_000,
      nr_time: 2,
      nr_rows: 2,
      rows: [
        [0, 400_000],
        [250_000, 1_000_000],
      ],
      row_labels: ['cpu0', 'cpu1'],
    },
    inode_heat: {
      bucket_ns: 1_000_000,
      nr_time: 2,
      nr_rows: 3,
      rows: [
        [0, 10],
        [128, 0],
        [0, 0],
      ],
      row_labels: ['ino 12', 'ino 13', 'small 0-511'],
    },
  };
}
