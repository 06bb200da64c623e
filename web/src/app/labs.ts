/**
 * The five labs of journalclub, in the order of DESIGN.md's table: one
 * entry per lab. A lab with a simulator names its page (web/src/labs/<id>),
 * loaded when it is opened; the others open the placeholder page.
 */
import type { ComponentType } from 'react';

/** Loads a lab's page module (its default export is the page). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

interface LabDeclaration {
  id: string;
  title: string;
  /** one line: what the patch changes */
  change: string;
  /** the figure the lab reproduces */
  headline: string;
  mail: string;
  /** the lab's simulator page, where it has one */
  page?: PageLoader;
}

export interface LabEntry extends LabDeclaration {
  /**
   * 'live': the lab has its simulator page; 'coming': it opens the
   * placeholder page (the mail, its figures and the kernel reproduction)
   * and the home shows a badge.
   */
  status: 'live' | 'coming';
}

const DECLARED: readonly LabDeclaration[] = [
  {
    id: 'fast-commit',
    title: 'ext4 fast_commit scalability',
    change: 'O(N²) dentry commit → O(N)',
    headline: 'fs_mark collapses at 64 ways × 1024 files without the patch (0.73K vs 126K creates/s)',
    mail: 'Ritesh Harjani (IBM), linux-ext4, 2022',
    page: () => import('../labs/fast-commit'),
  },
  {
    id: 'extent-status',
    title: 'ext4 extent status shrinker',
    change: 'LRU → round robin, reclaim lists, aging, hole caching',
    headline: 'average scan time 10196 → 212 µs (case a), cache hits up by three orders',
    mail: 'Zheng Liu, linux-ext4, 2014',
    page: () => import('../labs/extent-status'),
  },
  {
    id: 'inode-hash',
    title: 'RCU inode lookup for iget',
    change: 'lookup without inode_hash_lock',
    headline: '20-thread stat walk −53% on ext4',
    mail: 'Mateusz Guzik, linux-fsdevel, 2024',
    page: () => import('../labs/inode-hash'),
  },
  {
    id: 'btrfs-fsync',
    title: 'btrfs fsyncs wait less',
    change: 'wait for SUPER_COMMITTED, not COMPLETED',
    headline: 'dbench +4.1% throughput, −39.6% max latency (32 clients)',
    mail: 'Filipe Manana, 2021',
  },
  {
    id: 'ext4-writeback',
    title: 'ext4 IOPS drop 5.4 → 5.10',
    change: 'no extra writeback pass → less batching',
    headline: '449 vs 460 IOPS; 51 vs 67 handles per transaction',
    mail: 'Rishabh Bhatnagar, Jan Kara; linux-ext4, 2023',
  },
];

export const LABS: readonly LabEntry[] = DECLARED.map((l) => ({ ...l, status: l.page ? 'live' : 'coming' }));

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((l) => l.id === id);
}
