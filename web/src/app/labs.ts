/** The five labs of journalclub, in the order of DESIGN.md's table. */
export interface LabEntry {
  id: string;
  title: string;
  /** one line: what the patch changes */
  change: string;
  /** the figure the lab reproduces */
  headline: string;
  mail: string;
  /**
   * 'live': the lab has its simulator page (web/src/labs/<id>, listed in
   * App.tsx's LAB_PAGES); 'coming': it opens the placeholder page (the mail,
   * its figures and the kernel reproduction) and the home shows a badge.
   */
  status: 'live' | 'coming';
}

export const LABS: readonly LabEntry[] = [
  {
    id: 'fast-commit',
    title: 'ext4 fast_commit scalability',
    change: 'O(N²) dentry commit → O(N)',
    headline: 'fs_mark collapses at 64 ways × 1024 files without the patch (0.73K vs 126K creates/s)',
    mail: 'Ritesh Harjani (IBM), linux-ext4, 2022',
    status: 'live',
  },
  {
    id: 'extent-status',
    title: 'ext4 extent status shrinker',
    change: 'LRU → round robin, reclaim lists, aging, hole caching',
    headline: 'average scan time 10196 → 212 µs (case a), cache hits up by three orders',
    mail: 'Zheng Liu, linux-ext4, 2014',
    status: 'coming',
  },
  {
    id: 'inode-hash',
    title: 'RCU inode lookup for iget',
    change: 'lookup without inode_hash_lock',
    headline: '20-thread stat walk −53% on ext4',
    mail: 'Mateusz Guzik, linux-fsdevel, 2024',
    status: 'live',
  },
  {
    id: 'btrfs-fsync',
    title: 'btrfs fsyncs wait less',
    change: 'wait for SUPER_COMMITTED, not COMPLETED',
    headline: 'dbench +4.1% throughput, −39.6% max latency (32 clients)',
    mail: 'Filipe Manana, 2021',
    status: 'coming',
  },
  {
    id: 'ext4-writeback',
    title: 'ext4 IOPS drop 5.4 → 5.10',
    change: 'no extra writeback pass → less batching',
    headline: '449 vs 460 IOPS; 51 vs 67 handles per transaction',
    mail: 'Rishabh Bhatnagar, Jan Kara; linux-ext4, 2023',
    status: 'coming',
  },
];

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((l) => l.id === id);
}
