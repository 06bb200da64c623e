/**
 * The labs whose simulator pages are still to come: each mail in this
 * project's own words, where to read it, and its published figures as data.
 * The figures are restated from the mails (shared/mails/figures.md); each
 * table carries the mail's author, list and date as its citation.
 */
import type { KernelLab } from '../../../../lib/kernel-results';

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

export const MAIL_PAGES: Partial<Record<KernelLab, MailPage>> = {
  'extent-status': {
    lab: 'extent-status',
    citation: 'Zheng Liu, linux-ext4, 7 Aug 2014',
    subject: '[PATCH v3 0/6] ext4: extents status tree shrinker improvement',
    summary: [
      'ext4 keeps the extents it has looked up in a small tree per inode, and a shrinker frees them when memory runs short.',
      'In 2014 that shrinker held every inode on an LRU list that had to be kept in order, and searched each inode’s tree from its first extent, stepping over delayed extents it may not free: one scan could take tens or hundreds of milliseconds, and it threw away extents still in use.',
      'The series caches holes found on the delayed-allocation path, walks the inodes round robin, and tries a per-inode list of reclaimable extents and an active/inactive aging of them.',
      'Linux 3.19 took the hole cache and the round robin, and in place of the last two Jan Kara’s scan limit with a resume point per inode and one referenced bit per extent: the kernel lab shows what landed, the simulator will model all five variants.',
    ],
    links: [
      { label: 'the mail (lore)', href: 'https://lore.kernel.org/all/1407382553-24256-1-git-send-email-wenqing.lz@taobao.com/' },
      { label: 'extents_status.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/extents_status.c' },
    ],
    figures: [
      {
        caption: 'Each variant adds one patch to the one before it; every figure is the mean of 3 runs',
        columns: ['metric', 'case', 'baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'],
        rows: [
          ['avg scan time (µs)', 'a', 10195.7, 9119.3, 5029.3, 212.3, 357.3],
          ['avg scan time (µs)', 'b', 29838.7, 16743, 526, 142, 193],
          ['avg scan time (µs)', 'c', 178.3, 5257.7, 50.3, 54, 68.7],
          ['max scan time (µs)', 'a', 19723.7, 30690.7, 186311.7, 370.7, 715.7],
          ['max scan time (µs)', 'b', 375688.7, 294861.3, 119792, 67613, 56311.3],
          ['max scan time (µs)', 'c', 384.7, 25801, 49047.7, 167, 136],
          ['cache hits', 'a', 4787.7, 8179650, 6796339.3, 6584602.7, 10422428],
          ['cache hits', 'b', 1646592.3, 8727929.7, 6610106.3, 6531991.3, 9732236],
          ['cache hits', 'c', 14895.7, 1864937, 1797645.7, 1772466, 1805076],
          ['user avg latency (µs)', 'a', 2695.28, 2702.15, 2697.68, 2854.3, 2704.74],
          ['user avg latency (µs)', 'b', 3568.49, 3609.3, 3585.33, 3587.65, 3607.53],
          ['user max latency (µs)', 'a', 1504165, 1456833, 1482237, 1009250, 1191088],
          ['user max latency (µs)', 'b', 3382267, 1921867, 1056100, 1097140, 993327],
        ],
        notes: [
          'baseline: tracepoints and statistics only; es-cache: + holes cached on the delalloc path; es-slist: + round-robin inode list; es-ilist: + per-inode list of reclaimable extents; es-gc: + active and inactive lists.',
          'Case a: 100 fio writers × 5 files (huge trees). Case b: a with 10,000 open files plus 20 writers × 20,000 small files (a long inode list). Case c: one reader over 50 × 1 GB files beside 100 streaming writers (hit ratio under streaming).',
          'Machine: 16 CPUs in 2 NUMA nodes, 24 GB (12 GB for case c), a hard disk, extent merging disabled to fragment the trees. Case c latencies showed no clear change.',
        ],
      },
    ],
  },
  'btrfs-fsync': {
    lab: 'btrfs-fsync',
    citation: 'Filipe Manana, btrfs, 2021 (commit d0c2f4fa555e, v5.12)',
    subject: 'btrfs: make concurrent fsyncs wait less when waiting for a transaction commit',
    summary: [
      'When an fsync on btrfs cannot use the log tree it falls back to committing the whole transaction, and the fsyncs that arrive meanwhile wait for the task that started that commit.',
      'They used to wait until the commit was entirely done, including the unpinning of the thousands of extents the transaction had pinned, several milliseconds under dbench.',
      'Since 5.12 they wait only until the superblocks are on disk (TRANS_STATE_SUPER_COMMITTED). The dbench figures below are for the whole seven-patch fsync series this change closed.',
    ],
    links: [
      { label: 'the commit and its message', href: commit('d0c2f4fa555e') },
      { label: 'transaction.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/btrfs/transaction.c' },
    ],
    figures: [
      {
        caption: 'dbench for 300 s on btrfs (-m single -d single, -o ssd); 12-core i7, 64 GB, NVMe',
        columns: ['clients', 'throughput before (MB/s)', 'after', 'change', 'max latency before (ms)', 'after', 'change'],
        rows: [
          [32, 1008.02, 1049.91, '+4.1%', 341.833, 228.847, '−39.6%'],
          [64, 924.738, 990.13, '+6.8%', 506.154, 422.043, '−18.1%'],
        ],
      },
      {
        caption: 'The Flush (fsync) operation in dbench',
        columns: ['clients', 'count before', 'after', 'avg latency before (ms)', 'after', 'max latency before (ms)', 'after'],
        rows: [
          [32, 674724, 696017, 5.952, 7.485, 341.83, 228.835],
          [64, 627746, 635652, 14.168, 14.358, 506.151, 422.039],
        ],
        notes: ['The mail lists count, average and maximum latency for all sixteen dbench operations; Flush is the one the change acts on.'],
      },
    ],
  },
  'ext4-writeback': {
    lab: 'ext4-writeback',
    citation: 'Rishabh Bhatnagar, Jan Kara; linux-ext4, Jan 2023',
    subject: 'EXT4 IOPS degradation in 5.10 compared to 5.4',
    summary: [
      'A fio job of 16 threads writing 16 KiB at random into one file, with an fsync after every write, lost about 3% of its IOPS between 5.4 and 5.10; bisection found a 5.8 commit that stopped ext4_writepages from starting one more journal handle for a pass with nothing left to map.',
      'Jan Kara explained the loss: that extra pass picked up pages other threads had just dirtied, which kept the threads in step, so more handles joined each journal transaction (67 instead of 51): more throughput, worse latency.',
      'The commit stayed, since it helps overwrite workloads beside a busy journal; the lab’s switch brings the old loop back.',
    ],
    links: [
      { label: 'the thread (lore search)', href: 'https://lore.kernel.org/linux-ext4/?q=s%3A%22EXT4+IOPS+degradation%22' },
      { label: 'the bisected commit 6b8ed62008a4', href: commit('6b8ed62008a4') },
      { label: 'inode.c in 6.12', href: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/inode.c' },
    ],
    figures: [
      {
        caption: '5.10.162 as released (with the commit, the “after”) and with the commit reverted (the “before”)',
        columns: ['figure', 'with the commit', 'commit reverted'],
        rows: [
          ['iops', 449, 460],
          ['bandwidth (KB/s)', 7186.3, 7363.7],
          ['clat avg (µs)', 267.76, 289.09],
          ['clat max (µs)', 25942, 35768],
          ['clat p50 / p90 / p99 / p99.9 (µs)', '58 / 107 / 10048 / 20096', '59 / 110 / 10048 / 21632'],
          ['ext4_writepages avg latency (ns)', '7734912 (17341 calls)', '9036068 (18698 calls)'],
          ['jbd2 transactions', '2143 (2143 requested)', '2092 (2091 requested)'],
          ['jbd2 avg commit time (µs)', 20731, 15981],
          ['jbd2 handles per transaction', 51, 67],
          ['jbd2 running transaction (ms)', 0, 20],
          ['jbd2 logged blocks per transaction', 3, 2],
          ['avg pages per ext4_writepages', 3.9184, 3.9194],
        ],
        notes: [
          'fio: 16 threads, randwrite, bs=16k, psync, buffered, one file of 1,000,000 bytes, fsync=1, 60 s; ext4 -b 4096, mounted noatime,nodiratime,data=ordered; AWS m6g.8xlarge (arm64) with a 500-IOPS io1 volume.',
          'With fdatasync=1 in place of fsync=1 the gap is 5%.',
        ],
      },
    ],
  },
};
