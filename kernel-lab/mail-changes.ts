/**
 * The mails' own before/after figures for the metrics the kernel lab
 * measures, as data: what `journalclub lab compare` and the lab pages put
 * beside a run's change. Every figure is restated from the project's notes
 * on the mails (figures.md beside the mails) and cited by author, list and
 * date; a metric the mail published no figure for has none here.
 *
 * Values are in the unit of the metric key (files_per_s is files/s where the
 * fast-commit mail gives K creates/s); `where` names the row or case of the
 * mail's table and its unit when that differs. "before" is the kernel without
 * the change (the lab's switch on), "after" with it, whatever the mail called
 * them.
 *
 * Metric keys are the ones the labs' results use (kernel-lab/bench/<lab>/):
 *
 *   fast-commit     files_per_s (fs_mark's Files/sec, the mean of its loops)
 *   extent-status   case_<a|b|c>_avg_scan_time_us, case_<a|b|c>_max_scan_time_us,
 *                   case_<a|b|c>_cache_hits_count, case_<a|b>_avg_latency_us,
 *                   case_<a|b>_max_latency_us
 *   inode-hash      <fs>_elapsed_s, <fs>_user_s, <fs>_sys_s, <fs>_cpu_pct for fs ext4, btrfs
 *   btrfs-fsync     throughput_mb_per_s (dbench's MB, 10^6 bytes), max_latency_ms,
 *                   flush_count, flush_avg_latency_ms, flush_max_latency_ms
 *   ext4-writeback  fsync_<metric> for the fio run with --fsync=1 (see below)
 */
import { changePct, changesDiffer } from '../lib/compare';
import type { KernelLab } from '../lib/kernel-results';

export interface MailFigure {
  /** the results metric key it compares with */
  metric: string;
  /** the mail's figure without and with the change, in the metric's unit */
  before: number;
  after: number;
  /** the row or case of the mail's table, and the mail's own unit when it is not the metric's */
  where: string;
  /** author, list and date of the mail */
  citation: string;
  /**
   * the change in percent as the mail's text states it, when it states one;
   * it can differ from the change of `before` and `after` (the btrfs-fsync
   * mail states -39.6% max latency for 341.833 -> 228.847 ms, which is -33.1%)
   */
  stated_pct?: number;
  /**
   * the run parameters this figure belongs to (a row of the mail's table),
   * matched against a result's `parameters`; a metric's first figure is the
   * one shown when no figure matches
   */
  when?: Record<string, string | number>;
}

const CITATION: Record<KernelLab, string> = {
  'fast-commit': 'Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022',
  'extent-status': 'Zheng Liu, linux-ext4, 7 Aug 2014',
  'inode-hash': 'Mateusz Guzik, linux-fsdevel, 2024',
  'btrfs-fsync': 'Filipe Manana, btrfs, 2021 (commit d0c2f4fa555e, v5.12)',
  'ext4-writeback': 'Rishabh Bhatnagar, Jan Kara; linux-ext4, Jan 2023',
};

/** K creates/s as files/s. */
const kilo = (k: number): number => Math.round(k * 1000);

/* fast-commit: the mail's 8 rows, K creates/s without and with the patch, and its diff column; row 7 first, the collapse */
const FAST_COMMIT_ROWS: [row: number, label: string, before: number, after: number, diff: number][] = [
  [7, '6,10', 0.73, 126.13, 17178],
  [1, '1', 16.9, 17.51, 3.6],
  [2, '2,2', 32.08, 31.8, -0.87],
  [3, '3,3', 53.97, 55.01, 1.92],
  [4, '4,4', 78.94, 76.9, -2.58],
  [5, '5,5', 95.82, 95.37, -0.46],
  [6, '6,6', 87.92, 103.38, 17.58],
  [8, '6,14', 2.33, 143.19, 6045],
];

/* extent-status: baseline (patches 1-2) against es-gc (all six patches), by case */
const EXTENT_STATUS: [metric: string, what: string, baseline: number, esGc: number][] = [
  ['case_a_avg_scan_time_us', 'case a, avg scan time', 10195.7, 357.3],
  ['case_b_avg_scan_time_us', 'case b, avg scan time', 29838.7, 193],
  ['case_c_avg_scan_time_us', 'case c, avg scan time', 178.3, 68.7],
  ['case_a_max_scan_time_us', 'case a, max scan time', 19723.7, 715.7],
  ['case_b_max_scan_time_us', 'case b, max scan time', 375688.7, 56311.3],
  ['case_c_max_scan_time_us', 'case c, max scan time', 384.7, 136],
  ['case_a_cache_hits_count', 'case a, cache hits', 4787.7, 10422428],
  ['case_b_cache_hits_count', 'case b, cache hits', 1646592.3, 9732236],
  ['case_c_cache_hits_count', 'case c, cache hits', 14895.7, 1805076],
  ['case_a_avg_latency_us', 'case a, user avg latency', 2695.28, 2704.74],
  ['case_b_avg_latency_us', 'case b, user avg latency', 3568.49, 3607.53],
  ['case_a_max_latency_us', 'case a, user max latency', 1504165, 1191088],
  ['case_b_max_latency_us', 'case b, user max latency', 3382267, 993327],
];

/* inode-hash: time(1) of the 20-thread stat walk, by file system, and the stated change of the total */
const INODE_HASH: [fs: string, user: [number, number], sys: [number, number], cpu: [number, number], total: [number, number], totalPct: number][] = [
  ['ext4', [3.77, 3.24], [890.9, 397.73], [1939, 1858], [46.118, 21.581], -53],
  ['btrfs', [3.54, 3.28], [892.3, 738.66], [1966, 1955], [45.549, 37.932], -16.7],
];

/*
 * btrfs-fsync: dbench, by clients, 32 first (the mail's headline), with the
 * changes the mail states for throughput and max latency
 */
const BTRFS_FSYNC: [
  clients: number,
  throughput: [number, number, number],
  maxLat: [number, number, number],
  flush: { count: [number, number]; avg: [number, number]; max: [number, number] },
][] = [
  [32, [1008.02, 1049.91, 4.1], [341.833, 228.847, -39.6], { count: [674724, 696017], avg: [5.952, 7.485], max: [341.83, 228.835] }],
  [64, [924.738, 990.13, 6.8], [506.154, 422.043, -18.1], { count: [627746, 635652], avg: [14.168, 14.358], max: [506.151, 422.039] }],
];

/*
 * ext4-writeback: the fio run with --fsync=1. The mail's "before" is 5.10.162
 * with 6b8ed62008a4 reverted (the extra writeback pass), its "after" 5.10.162
 * as released; fio's bandwidth in KB/s is KiB/s.
 */
const EXT4_WRITEBACK: [metric: string, what: string, reverted: number, withCommit: number][] = [
  ['fsync_iops_per_s', 'fio IOPS', 460, 449],
  ['fsync_bw_kib_per_s', 'fio bandwidth (KB/s)', 7363.7, 7186.3],
  ['fsync_clat_avg_us', 'fio clat avg', 289.09, 267.76],
  ['fsync_clat_max_us', 'fio clat max', 35768, 25942],
  ['fsync_clat_p50_us', 'fio clat p50', 59, 58],
  ['fsync_clat_p90_us', 'fio clat p90', 110, 107],
  ['fsync_clat_p99_us', 'fio clat p99', 10048, 10048],
  ['fsync_clat_p99_9_us', 'fio clat p99.9', 21632, 20096],
  ['fsync_writepages_avg_ns', 'ext4_writepages avg latency', 9036068, 7734912],
  ['fsync_writepages_calls_count', 'ext4_writepages calls', 18698, 17341],
  ['fsync_writepages_pages_per_call', 'avg pages per ext4_writepages', 3.9194, 3.9184],
  ['fsync_jbd2_transactions_count', 'jbd2 transactions', 2092, 2143],
  ['fsync_jbd2_requested_count', 'jbd2 transactions requested', 2091, 2143],
  ['fsync_jbd2_commit_time_us', 'jbd2 avg commit time', 15981, 20731],
  ['fsync_jbd2_handles_per_txn', 'jbd2 handles per transaction', 67, 51],
  ['fsync_jbd2_running_transaction_ms', 'jbd2 running transaction', 20, 0],
  ['fsync_jbd2_logged_blocks_per_txn', 'jbd2 logged blocks per transaction', 2, 3],
];

export const MAIL_FIGURES: Record<KernelLab, MailFigure[]> = {
  'fast-commit': FAST_COMMIT_ROWS.map(([row, label, before, after, diff]) => ({
    metric: 'files_per_s',
    before: kilo(before),
    after: kilo(after),
    where: `row ${row} (${label}), ${before} -> ${after} K creates/s`,
    citation: CITATION['fast-commit'],
    stated_pct: diff,
    when: { row },
  })),
  'extent-status': EXTENT_STATUS.map(([metric, what, before, after]) => ({
    metric,
    before,
    after,
    where: `${what}, baseline -> es-gc (all six patches; upstream took 3-4 and Jan Kara's alternatives to 5-6), mean of 3 runs`,
    citation: CITATION['extent-status'],
  })),
  'inode-hash': INODE_HASH.flatMap(([fs, user, sys, cpu, total, totalPct]) =>
    (
      [
        ['elapsed_s', 'total', total, totalPct],
        ['user_s', 'user', user, undefined],
        ['sys_s', 'system', sys, undefined],
        ['cpu_pct', 'cpu', cpu, undefined],
      ] as const
    ).map(([key, what, [before, after], stated]) => ({
      metric: `${fs}_${key}`,
      before,
      after,
      where: `${fs}, time(1) ${what}, 20 threads`,
      citation: CITATION['inode-hash'],
      ...(stated === undefined ? {} : { stated_pct: stated }),
    })),
  ),
  'btrfs-fsync': BTRFS_FSYNC.flatMap(([clients, throughput, maxLat, flush]) =>
    (
      [
        ['throughput_mb_per_s', 'throughput (MB/s)', throughput],
        ['max_latency_ms', 'max latency', maxLat],
        ['flush_count', 'Flush count', flush.count],
        ['flush_avg_latency_ms', 'Flush avg latency', flush.avg],
        ['flush_max_latency_ms', 'Flush max latency', flush.max],
      ] as const
    ).map(([metric, what, [before, after, stated]]) => ({
      metric,
      before,
      after,
      where: `${clients} clients, ${what}`,
      citation: CITATION['btrfs-fsync'],
      ...(stated === undefined ? {} : { stated_pct: stated }),
      when: { clients },
    })),
  ),
  'ext4-writeback': EXT4_WRITEBACK.map(([metric, what, before, after]) => ({
    metric,
    before,
    after,
    where: `${what}, 5.10.162 with the commit reverted -> as released`,
    citation: CITATION['ext4-writeback'],
  })),
};

/** Whether a result's parameters hold every value a figure's `when` names. */
function matches(when: MailFigure['when'], parameters: Record<string, unknown> | undefined): boolean {
  if (!when || !parameters) return false;
  return Object.entries(when).every(([k, v]) => k in parameters && String(parameters[k]) === String(v));
}

/**
 * The mail's figure for a lab's metric: the one whose `when` the run's
 * parameters match, else the metric's first figure; undefined when the mail
 * published none for the metric.
 */
export function mailChange(lab: KernelLab, metric: string, parameters?: Record<string, unknown>): MailFigure | undefined {
  const figures = MAIL_FIGURES[lab].filter((f) => f.metric === metric);
  return figures.find((f) => matches(f.when, parameters)) ?? figures[0];
}

/**
 * The change the mail's text states, when it is not the change of its own
 * figures (changePct(before, after)) up to rounding: the btrfs-fsync mail's
 * -39.6% for a max latency of 341.833 -> 228.847 ms (-33.1%); undefined when
 * the text states none or agrees.
 */
export function mailStatedPct(f: Pick<MailFigure, 'before' | 'after' | 'stated_pct'>): number | undefined {
  return f.stated_pct !== undefined && changesDiffer(f.stated_pct, changePct(f.before, f.after)) ? f.stated_pct : undefined;
}
