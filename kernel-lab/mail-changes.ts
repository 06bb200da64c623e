/**
 * The mails' own before/after figures for the metrics the kernel lab
 * measures: what `journalclub kernel compare` and the lab pages put beside a
 * run's change. The figures and citations are lib/mails.ts's; this module
 * only pairs each mail's before and after under the results' metric keys,
 * cited by author, list and date. A metric the mail published no figure for
 * has none here.
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
 *   btrfs-fsync     throughput_mb_s (dbench's MB, 10^6 bytes), max_latency_ms,
 *                   flush_count, flush_avg_ms, flush_max_ms
 *   ext4-writeback  fsync_<metric> for the fio run with --fsync=1 (see below)
 */
import { changePct, changesDiffer } from '../lib/compare';
import { citationText } from '../lib/format';
import type { KernelLab } from '../lib/kernel-results';
import { MAILS, mailFigure, mailFigures, type MailLabId } from '../lib/mails';

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

/** A figure of lib/mails.ts by metric, variant and row; the lookups below name figures the mail has. */
function value(lab: MailLabId, metric: string, variant: string, where: Record<string, string>): number {
  const f = mailFigure(lab, { metric, variant, where });
  if (!f) throw new Error(`lib/mails.ts has no ${lab} figure ${metric} ${variant} ${JSON.stringify(where)}`);
  return f.value;
}

/** The change the mail's text states for a row, when it states one. */
function stated(lab: MailLabId, metric: string, where: Record<string, string>): { stated_pct?: number } {
  const f = mailFigure(lab, { metric: `${metric}_change_pct`, variant: 'after', where });
  return f ? { stated_pct: f.value } : {};
}

const citation = (lab: MailLabId): string => citationText(MAILS[lab].cite);

/** K creates/s as files/s. */
const kilo = (k: number): number => Math.round(k * 1000);

/* fast-commit: the mail's 8 rows, row 7 first: the collapse, shown when a run names no row */
function fastCommit(): MailFigure[] {
  const rows = mailFigures('fast-commit', { metric: 'creates_per_s', variant: 'before' }).map((f) => f.where);
  rows.sort((a, b) => Number(b.row === '7') - Number(a.row === '7'));
  return rows.map((where) => {
    const before = value('fast-commit', 'creates_per_s', 'before', where);
    const after = value('fast-commit', 'creates_per_s', 'after', where);
    return {
      metric: 'files_per_s',
      before: kilo(before),
      after: kilo(after),
      where: `row ${where.row} (${where.order}), ${before} -> ${after} K creates/s`,
      citation: citation('fast-commit'),
      ...stated('fast-commit', 'creates_per_s', where),
      when: { row: Number(where.row) },
    };
  });
}

/*
 * extent-status: baseline (patches 1-2) against es-gc (all six patches), by
 * case; the results key for each of the mail's metrics. The mail splits case
 * c's latencies into reader and writers, which the kernel lab does not.
 */
const EXTENT_STATUS_KEYS: [metric: string, key: string, what: string][] = [
  ['avg_scan_us', 'avg_scan_time_us', 'avg scan time'],
  ['max_scan_us', 'max_scan_time_us', 'max scan time'],
  ['hits', 'cache_hits_count', 'cache hits'],
  ['user_avg_latency_us', 'avg_latency_us', 'user avg latency'],
  ['user_max_latency_us', 'max_latency_us', 'user max latency'],
];

function extentStatus(): MailFigure[] {
  return EXTENT_STATUS_KEYS.flatMap(([metric, key, what]) =>
    mailFigures('extent-status', { metric, variant: 'baseline' }).map((f) => ({
      metric: `case_${f.where.case}_${key}`,
      before: f.value,
      after: value('extent-status', metric, 'es-gc', f.where),
      where: `case ${f.where.case}, ${what}, baseline -> es-gc (all six patches; upstream took 3-4 and Jan Kara's alternatives to 5-6), mean of 3 runs`,
      citation: citation('extent-status'),
    })),
  );
}

/* inode-hash: time(1) of the 20-thread stat walk, by file system; the simulator's total_s is time(1)'s elapsed */
const INODE_HASH_KEYS: [metric: string, key: string, what: string][] = [
  ['total_s', 'elapsed_s', 'total'],
  ['user_s', 'user_s', 'user'],
  ['sys_s', 'sys_s', 'system'],
  ['cpu_pct', 'cpu_pct', 'cpu'],
];

function inodeHash(): MailFigure[] {
  return mailFigures('inode-hash', { metric: 'total_s', variant: 'before' }).flatMap(({ where }) =>
    INODE_HASH_KEYS.map(([metric, key, what]) => ({
      metric: `${where.fs}_${key}`,
      before: value('inode-hash', metric, 'before', where),
      after: value('inode-hash', metric, 'after', where),
      where: `${where.fs}, time(1) ${what}, ${where.threads} threads`,
      citation: citation('inode-hash'),
      ...stated('inode-hash', metric, where),
    })),
  );
}

/* btrfs-fsync: dbench, by clients, 32 first (the mail's headline) */
const BTRFS_FSYNC_KEYS: [metric: string, what: string][] = [
  ['throughput_mb_s', 'throughput (MB/s)'],
  ['max_latency_ms', 'max latency'],
  ['flush_count', 'Flush count'],
  ['flush_avg_ms', 'Flush avg latency'],
  ['flush_max_ms', 'Flush max latency'],
];

function btrfsFsync(): MailFigure[] {
  return mailFigures('btrfs-fsync', { metric: 'throughput_mb_s', variant: 'before' }).flatMap(({ where }) =>
    BTRFS_FSYNC_KEYS.map(([metric, what]) => ({
      metric,
      before: value('btrfs-fsync', metric, 'before', where),
      after: value('btrfs-fsync', metric, 'after', where),
      where: `${where.clients} clients, ${what}`,
      citation: citation('btrfs-fsync'),
      ...stated('btrfs-fsync', metric, where),
      when: { clients: Number(where.clients) },
    })),
  );
}

/*
 * ext4-writeback: the fio run with --fsync=1. The mail's "before" is 5.10.162
 * with 6b8ed62008a4 reverted (the extra writeback pass), its "after" 5.10.162
 * as released; fio's bandwidth in KB/s is KiB/s.
 */
const EXT4_WRITEBACK_KEYS: [metric: string, what: string][] = [
  ['fsync_iops_per_s', 'fio IOPS'],
  ['fsync_bw_kib_per_s', 'fio bandwidth (KB/s)'],
  ['fsync_clat_avg_us', 'fio clat avg'],
  ['fsync_clat_max_us', 'fio clat max'],
  ['fsync_clat_p50_us', 'fio clat p50'],
  ['fsync_clat_p90_us', 'fio clat p90'],
  ['fsync_clat_p99_us', 'fio clat p99'],
  ['fsync_clat_p99_9_us', 'fio clat p99.9'],
  ['fsync_writepages_avg_ns', 'ext4_writepages avg latency'],
  ['fsync_writepages_calls_count', 'ext4_writepages calls'],
  ['fsync_writepages_pages_per_call', 'avg pages per ext4_writepages'],
  ['fsync_jbd2_transactions_count', 'jbd2 transactions'],
  ['fsync_jbd2_requested_count', 'jbd2 transactions requested'],
  ['fsync_jbd2_commit_time_us', 'jbd2 avg commit time'],
  ['fsync_jbd2_handles_per_txn', 'jbd2 handles per transaction'],
  ['fsync_jbd2_running_transaction_ms', 'jbd2 running transaction'],
  ['fsync_jbd2_logged_blocks_per_txn', 'jbd2 logged blocks per transaction'],
];

function ext4Writeback(): MailFigure[] {
  const where = { fio: 'fsync=1' };
  return EXT4_WRITEBACK_KEYS.map(([metric, what]) => ({
    metric,
    before: value('ext4-writeback', metric, 'before', where),
    after: value('ext4-writeback', metric, 'after', where),
    where: `${what}, 5.10.162 with the commit reverted -> as released`,
    citation: citation('ext4-writeback'),
  }));
}

export const MAIL_FIGURES: Record<KernelLab, MailFigure[]> = {
  'fast-commit': fastCommit(),
  'extent-status': extentStatus(),
  'inode-hash': inodeHash(),
  'btrfs-fsync': btrfsFsync(),
  'ext4-writeback': ext4Writeback(),
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
