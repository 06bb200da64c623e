/**
 * ext4-writeback's figures beside the kernel lab's metrics: which of the mail's
 * figures (lib/mails.ts) each metric of this lab's results is compared with,
 * under the results' metric keys (kernel-lab/mail-changes.ts says how).
 * Its keys: fsync_<metric> for the fio run with --fsync=1 (below).
 */
import { citation, type MailFigure } from '../../mail-figures';
import { mailValue } from '../../../lib/mails';

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

export function kernelMailFigures(): MailFigure[] {
  const where = { fio: 'fsync=1' };
  return EXT4_WRITEBACK_KEYS.map(([metric, what]) => ({
    metric,
    before: mailValue('ext4-writeback', metric, 'before', where),
    after: mailValue('ext4-writeback', metric, 'after', where),
    where: `${what}, 5.10.162 with the commit reverted -> as released`,
    citation: citation('ext4-writeback'),
  }));
}
