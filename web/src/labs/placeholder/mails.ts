/**
 * The labs whose simulator pages are still to come: each mail in this
 * project's own words, where to read it, and its published figures laid out
 * as tables. The figures and the citation are lib/mails.ts's; this module
 * only chooses their rows and columns, and writes the words around them.
 */
import { citationText, formatChange } from '../../../../lib/format';
import type { KernelLab } from '../../../../lib/kernel-results';
import { MAILS, mailFigure, mailFigures, type MailLabId } from '../../../../lib/mails';

export interface SourceLink {
  label: string;
  href: string;
}

export interface FigureTable {
  caption: string;
  columns: string[];
  /** cells as the mail prints them; numbers are right-aligned */
  rows: (string | number)[][];
  /** how to read the table, or what the mail says beside it */
  notes?: string[];
}

export interface MailPage {
  lab: KernelLab;
  /** author(s), list, date */
  citation: string;
  subject: string;
  /** 2-4 sentences in our own words */
  summary: string[];
  links: SourceLink[];
  figures: FigureTable[];
}

const commit = (id: string): string => `https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=${id}`;

/** One figure of a mail; the tables below name only figures lib/mails.ts has. */
function value(lab: MailLabId, metric: string, variant: string, where: Record<string, string> = {}): number {
  const f = mailFigure(lab, { metric, variant, where });
  if (!f) throw new Error(`lib/mails.ts has no ${lab} figure ${metric} ${variant} ${JSON.stringify(where)}`);
  return f.value;
}

/* extent-status: a row per metric and case, a column per variant, in the mail's order */
const ES_METRICS: Record<string, string> = {
  avg_scan_us: 'avg scan time (µs)',
  max_scan_us: 'max scan time (µs)',
  hits: 'cache hits',
  user_avg_latency_us: 'user avg latency (µs)',
  read_avg_latency_us: 'reader avg latency (µs)',
  write_avg_latency_us: 'writers avg latency (µs)',
  user_max_latency_us: 'user max latency (µs)',
  read_max_latency_us: 'reader max latency (µs)',
  write_max_latency_us: 'writers max latency (µs)',
};
const ES_VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'];

function extentStatusRows(): (string | number)[][] {
  return mailFigures('extent-status', { variant: 'baseline' }).map(({ metric, where }) => [
    ES_METRICS[metric] ?? metric,
    where.case!,
    ...ES_VARIANTS.map((v) => value('extent-status', metric, v, where)),
  ]);
}

/* btrfs-fsync: dbench by clients, with the changes the mail states */
function btrfsRows(): (string | number)[][] {
  const get = (metric: string, variant: string, clients: string) => value('btrfs-fsync', metric, variant, { clients });
  const stated = (metric: string, clients: string) => formatChange(get(`${metric}_change_pct`, 'after', clients));
  return clients().map((c) => [
    Number(c),
    get('throughput_mb_s', 'before', c),
    get('throughput_mb_s', 'after', c),
    stated('throughput_mb_s', c),
    get('max_latency_ms', 'before', c),
    get('max_latency_ms', 'after', c),
    stated('max_latency_ms', c),
  ]);
}

function btrfsFlushRows(): (string | number)[][] {
  const get = (metric: string, variant: string, clients: string) => value('btrfs-fsync', metric, variant, { clients });
  return clients().map((c) =>
    [Number(c)].concat(
      ['flush_count', 'flush_avg_ms', 'flush_max_ms'].flatMap((m) => [get(m, 'before', c), get(m, 'after', c)]),
    ),
  );
}

function clients(): string[] {
  return mailFigures('btrfs-fsync', { metric: 'throughput_mb_s', variant: 'before' }).map((f) => f.where.clients!);
}

/*
 * ext4-writeback: the mail's columns are the kernel as released ("after")
 * and with the commit reverted ("before"); a row shows one figure, or
 * several joined as the mail prints them.
 */
const EXT4_WRITEBACK_ROWS: [label: string, cell: (variant: string) => string | number][] = (() => {
  const v = (metric: string) => (variant: string) => value('ext4-writeback', metric, variant, { fio: 'fsync=1' });
  const joined =
    (metrics: string[], sep: string) =>
    (variant: string): string =>
      metrics.map((m) => v(m)(variant)).join(sep);
  return [
    ['iops', v('fsync_iops_per_s')],
    ['bandwidth (KB/s)', v('fsync_bw_kib_per_s')],
    ['clat avg (µs)', v('fsync_clat_avg_us')],
    ['clat max (µs)', v('fsync_clat_max_us')],
    ['clat p50 / p90 / p99 / p99.9 (µs)', joined(['fsync_clat_p50_us', 'fsync_clat_p90_us', 'fsync_clat_p99_us', 'fsync_clat_p99_9_us'], ' / ')],
    ['ext4_writepages avg latency (ns)', (x) => `${v('fsync_writepages_avg_ns')(x)} (${v('fsync_writepages_calls_count')(x)} calls)`],
    ['jbd2 transactions', (x) => `${v('fsync_jbd2_transactions_count')(x)} (${v('fsync_jbd2_requested_count')(x)} requested)`],
    ['jbd2 avg commit time (µs)', v('fsync_jbd2_commit_time_us')],
    ['jbd2 handles per transaction', v('fsync_jbd2_handles_per_txn')],
    ['jbd2 running transaction (ms)', v('fsync_jbd2_running_transaction_ms')],
    ['jbd2 logged blocks per transaction', v('fsync_jbd2_logged_blocks_per_txn')],
    ['avg pages per ext4_writepages', v('fsync_writepages_pages_per_call')],
  ];
})();

function writepagesHistogramRows(): (string | number)[][] {
  return mailFigures('ext4-writeback', { metric: 'fsync_writepages_calls_by_pages', variant: 'after' }).map((f) => [
    f.where.pages!,
    f.value,
    value('ext4-writeback', f.metric, 'before', f.where),
  ]);
}

/** The citation line of a mail, and its subject. */
const cited = (lab: MailLabId) => ({ citation: citationText(MAILS[lab].cite), subject: MAILS[lab].cite.subject });

export const MAIL_PAGES: Partial<Record<KernelLab, MailPage>> = {
  'extent-status': {
    lab: 'extent-status',
    ...cited('extent-status'),
    summary: [
      'ext4 keeps the extents it has looked up in a small tree per inode, and a shrinker frees them when memory runs short.',
      'In 2014 that shrinker held every inode on an LRU list that had to be kept in order, and searched each inode’s tree from its first extent, stepping over delayed extents it may not free: one scan could take tens or hundreds of milliseconds, and it threw away extents still in use.',
      'The series caches holes found on the delayed-allocation path, walks the inodes round robin, and tries a per-inode list of reclaimable extents and an active/inactive aging of them.',
      'Linux 3.19 took the hole cache and the round robin, and in place of the last two Jan Kara’s scan limit with a resume point per inode and one referenced bit per extent: the kernel lab shows what landed, the simulator will model all five variants.',
    ],
    links: [
      { label: 'the mail', href: MAILS['extent-status'].cite.url },
      { label: 'the same on lore', href: 'https://lore.kernel.org/all/1407382553-24256-1-git-send-email-wenqing.lz@taobao.com/' },
      { label: 'extents_status.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/extents_status.c' },
    ],
    figures: [
      {
        caption: 'Each variant adds one patch to the one before it; every figure is the mean of 3 runs',
        columns: ['metric', 'case', 'baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'],
        rows: extentStatusRows(),
        notes: [
          'baseline: tracepoints and statistics only; es-cache: + holes cached on the delalloc path; es-slist: + round-robin inode list; es-ilist: + per-inode list of reclaimable extents; es-gc: + active and inactive lists.',
          'Case a: 100 fio writers × 5 files (huge trees). Case b: a with 10,000 open files plus 20 writers × 20,000 small files (a long inode list). Case c: one reader over 50 × 1 GB files beside 100 streaming writers (hit ratio under streaming).',
          'Machine: 16 CPUs in 2 NUMA nodes, 24 GB (12 GB for case c), a hard disk, extent merging disabled to fragment the trees. The mail splits case c’s latencies into its reader and its writers; neither changed clearly.',
        ],
      },
    ],
  },
  'btrfs-fsync': {
    lab: 'btrfs-fsync',
    ...cited('btrfs-fsync'),
    summary: [
      'When an fsync on btrfs cannot use the log tree it falls back to committing the whole transaction, and the fsyncs that arrive meanwhile wait for the task that started that commit.',
      'They used to wait until the commit was entirely done, including the unpinning of the thousands of extents the transaction had pinned, several milliseconds under dbench.',
      'Since 5.12 they wait only until the superblocks are on disk (TRANS_STATE_SUPER_COMMITTED). The dbench figures below are for the whole seven-patch fsync series this change closed.',
    ],
    links: [
      { label: 'the commit and its message', href: MAILS['btrfs-fsync'].cite.url },
      { label: 'transaction.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/btrfs/transaction.c' },
    ],
    figures: [
      {
        caption: 'dbench for 300 s on btrfs (-m single -d single, -o ssd); 12-core i7, 64 GB, NVMe',
        columns: ['clients', 'throughput before (MB/s)', 'after', 'change', 'max latency before (ms)', 'after', 'change'],
        rows: btrfsRows(),
      },
      {
        caption: 'The Flush (fsync) operation in dbench',
        columns: ['clients', 'count before', 'after', 'avg latency before (ms)', 'after', 'max latency before (ms)', 'after'],
        rows: btrfsFlushRows(),
        notes: ['The mail lists count, average and maximum latency for all sixteen dbench operations; Flush is the one the change acts on.'],
      },
    ],
  },
  'ext4-writeback': {
    lab: 'ext4-writeback',
    ...cited('ext4-writeback'),
    summary: [
      'A fio job of 16 threads writing 16 KiB at random into one file, with an fsync after every write, lost about 3% of its IOPS between 5.4 and 5.10; bisection found a 5.8 commit that stopped ext4_writepages from starting one more journal handle for a pass with nothing left to map.',
      'Jan Kara explained the loss: that extra pass picked up pages other threads had just dirtied, which kept the threads in step, so more handles joined each journal transaction (67 instead of 51): more throughput, worse latency.',
      'The commit stayed, since it helps overwrite workloads beside a busy journal; the lab’s switch brings the old loop back.',
    ],
    links: [
      { label: 'the thread (lore search)', href: MAILS['ext4-writeback'].cite.url },
      { label: 'the bisected commit 6b8ed62008a4', href: commit('6b8ed62008a4') },
      { label: 'inode.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/inode.c' },
    ],
    figures: [
      {
        caption: '5.10.162 as released (with the commit, the “after”) and with the commit reverted (the “before”)',
        columns: ['figure', 'with the commit', 'commit reverted'],
        rows: EXT4_WRITEBACK_ROWS.map(([label, cell]) => [label, cell('after'), cell('before')]),
        notes: [
          'fio: 16 threads, randwrite, bs=16k, psync, buffered, one file of 1,000,000 bytes, fsync=1, 60 s; ext4 -b 4096, mounted noatime,nodiratime,data=ordered; AWS m6g.8xlarge (arm64) with a 500-IOPS io1 volume.',
          'With fdatasync=1 in place of fsync=1 the gap is 5%.',
        ],
      },
      {
        caption: 'How many pages each ext4_writepages call wrote: calls per bucket',
        columns: ['pages per call', 'with the commit', 'commit reverted'],
        rows: writepagesHistogramRows(),
        notes: ['With the commit reverted, fewer calls write 4-5 pages and more write fewer or more; the mean stays near 3.92 pages a call.'],
      },
    ],
  },
};
