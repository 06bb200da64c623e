/**
 * The five labs of journalclub, in the order of DESIGN.md's table: one
 * entry per lab. A lab with a simulator names its page (web/src/labs/<id>),
 * loaded when it is opened; the others open the placeholder page.
 */
import type { ComponentType } from 'react';
import { MAILS, mailFigure, type MailLabId } from '../../../lib/mails';

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

/*
 * The cards' headlines and mail lines, written around the mails' figures
 * from lib/mails.ts.
 */

function fig(lab: MailLabId, metric: string, variant: string, where: Record<string, string> = {}): number {
  const f = mailFigure(lab, { metric, variant, where });
  if (!f) throw new Error(`lib/mails.ts has no ${lab} figure ${metric} ${variant} ${JSON.stringify(where)}`);
  return f.value;
}

/** A change in percent as the mail states it: "+4.1%", "−53%". */
const pct = (v: number): string => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}%`;

const ORDERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** Who wrote the mail, where and the year: "Zheng Liu, linux-ext4, 2014". */
function mailLine(lab: MailLabId): string {
  const c = MAILS[lab].cite;
  return `${c.author}, ${c.list}, ${c.date.slice(0, 4)}`;
}

const HEADLINES: Record<MailLabId, () => string> = {
  'fast-commit': () => {
    /* the mail's row 7, "6,10": 2^6 ways, 2^10 files a loop */
    const where = { row: '7', order: '6,10' };
    const [ways, files] = where.order.split(',').map((e) => 2 ** Number(e));
    const before = fig('fast-commit', 'creates_per_s', 'before', where);
    const after = fig('fast-commit', 'creates_per_s', 'after', where);
    return `fs_mark collapses at ${ways} ways × ${files} files without the patch (${before}K vs ${Math.round(after)}K creates/s)`;
  },
  'extent-status': () => {
    const a = { case: 'a' };
    const scan = (v: string) => Math.round(fig('extent-status', 'avg_scan_us', v, a));
    const orders = Math.floor(Math.log10(fig('extent-status', 'hits', 'es-gc', a) / fig('extent-status', 'hits', 'baseline', a)));
    return `average scan time ${scan('baseline')} → ${scan('es-ilist')} µs (case a), cache hits up by ${ORDERS[orders]} orders`;
  },
  'inode-hash': () => {
    const where = { fs: 'ext4', threads: '20' };
    return `${where.threads}-thread stat walk ${pct(fig('inode-hash', 'total_s_change_pct', 'after', where))} on ext4`;
  },
  'btrfs-fsync': () => {
    const where = { clients: '32' };
    const stated = (metric: string) => pct(fig('btrfs-fsync', `${metric}_change_pct`, 'after', where));
    return `dbench ${stated('throughput_mb_s')} throughput, ${stated('max_latency_ms')} max latency (${where.clients} clients)`;
  },
  'ext4-writeback': () => {
    const where = { fio: 'fsync=1' };
    const pair = (metric: string) => `${fig('ext4-writeback', metric, 'after', where)} vs ${fig('ext4-writeback', metric, 'before', where)}`;
    return `${pair('fsync_iops_per_s')} IOPS; ${pair('fsync_jbd2_handles_per_txn')} handles per transaction`;
  },
};

const DECLARED: readonly LabDeclaration[] = [
  {
    id: 'fast-commit',
    title: 'ext4 fast_commit scalability',
    change: 'O(N²) dentry commit → O(N)',
    headline: HEADLINES['fast-commit'](),
    mail: mailLine('fast-commit'),
    page: () => import('../labs/fast-commit'),
  },
  {
    id: 'extent-status',
    title: 'ext4 extent status shrinker',
    change: 'LRU → round robin, reclaim lists, aging, hole caching',
    headline: HEADLINES['extent-status'](),
    mail: mailLine('extent-status'),
    page: () => import('../labs/extent-status'),
  },
  {
    id: 'inode-hash',
    title: 'RCU inode lookup for iget',
    change: 'lookup without inode_hash_lock',
    headline: HEADLINES['inode-hash'](),
    mail: mailLine('inode-hash'),
    page: () => import('../labs/inode-hash'),
  },
  {
    id: 'btrfs-fsync',
    title: 'btrfs fsyncs wait less',
    change: 'wait for SUPER_COMMITTED, not COMPLETED',
    headline: HEADLINES['btrfs-fsync'](),
    mail: mailLine('btrfs-fsync'),
    page: () => import('../labs/btrfs-fsync'),
  },
  {
    id: 'ext4-writeback',
    title: 'ext4 IOPS drop 5.4 → 5.10',
    change: 'no extra writeback pass → less batching',
    headline: HEADLINES['ext4-writeback'](),
    mail: mailLine('ext4-writeback'),
    page: () => import('../labs/ext4-writeback'),
  },
];

export const LABS: readonly LabEntry[] = DECLARED.map((l) => ({ ...l, status: l.page ? 'live' : 'coming' }));

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((l) => l.id === id);
}
