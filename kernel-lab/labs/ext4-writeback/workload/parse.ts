/**
 * ext4-writeback on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers.
 *
 *   fio-fsync.json, fio-fdatasync.json         fio --output-format=json, group_reporting
 *   writepages-hist-fsync.txt, -fdatasync.txt  hist:keys=pages_written on ext4:ext4_writepages_result
 *   jbd2-info-fsync.txt, -fdatasync.txt        /proc/fs/jbd2/<dev>-8/info after each run
 *
 * Each run had a mount of its own, so every file describes that run alone.
 * Keys start with the run, fsync_ (the mail's own job, figures.md section 5)
 * or fdatasync_ (its control), and follow kernel-lab/mail-changes.ts:
 *
 *   <run>_iops_per_s, _bw_kib_per_s, _clat_avg_us, _clat_max_us,
 *   _clat_p50_us ... _clat_p99_9_us        fio, the group's writes
 *   <run>_sync_calls_count, _sync_avg_us   its fsync or fdatasync calls
 *   <run>_jbd2_transactions_count, _jbd2_requested_count,
 *   _jbd2_commit_time_us, _jbd2_handles_per_txn,
 *   _jbd2_running_transaction_ms, _jbd2_logged_blocks_per_txn
 *   <run>_writepages_calls_count, _writepages_pages_per_call
 *   <run>_writepages_dropped_count         calls the hist lost to tracing_map's
 *                                          insert race (histDrops: one, or up to 1%, kept)
 */
import type { Metrics } from '../../../../lib/kernel-results';
import { histDrops, histogramStats, parseFio, parseHist, type FioResult } from '../../../parsers';
import { parseJbd2Info } from '../parsers';

const RUNS = ['fsync', 'fdatasync'] as const;

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`ext4-writeback: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

/** The one group of a group_reporting run, writes only. */
function writes(fio: FioResult, file: string) {
  if (fio.groups.length !== 1) throw new Error(`ext4-writeback: ${file} has ${fio.groups.length} groups, the job has one`);
  const g = fio.groups[0]!;
  if (g.write.total_ios_count === 0) throw new Error(`ext4-writeback: ${file} shows no writes`);
  const job = fio.jobs.find((j) => j.groupid === g.groupid)!;
  if (job.error !== 0) throw new Error(`ext4-writeback: ${file}: fio's job ended with error ${job.error}`);
  return { group: g, clat: job.write.clat };
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const m: Metrics = {};
  for (const run of RUNS) {
    const p = `${run}_`;
    const file = `fio-${run}.json`;
    const { group, clat } = writes(parseFio(need(raw, file)), file);
    m[`${p}iops_per_s`] = group.write.iops_per_s;
    m[`${p}bw_kib_per_s`] = group.write.bw_kib_per_s;
    m[`${p}clat_avg_us`] = group.write.clat_mean_ns / 1e3;
    m[`${p}clat_max_us`] = group.write.clat_max_ns / 1e3;
    /* the percentiles the mail quotes */
    for (const pct of ['p50', 'p90', 'p99', 'p99_9']) {
      const v = clat.percentiles_ns[pct];
      if (v === undefined) throw new Error(`ext4-writeback: ${file} has no clat percentile ${pct}`);
      m[`${p}clat_${pct}_us`] = v / 1e3;
    }
    m[`${p}sync_calls_count`] = group.sync.calls_count;
    m[`${p}sync_avg_us`] = group.sync.lat_mean_ns / 1e3;

    const jbd2File = `jbd2-info-${run}.txt`;
    const jbd2 = parseJbd2Info(need(raw, jbd2File));
    if (jbd2.average === null) throw new Error(`ext4-writeback: ${jbd2File} shows no committed transaction`);
    m[`${p}jbd2_transactions_count`] = jbd2.transactions_count;
    m[`${p}jbd2_requested_count`] = jbd2.requested_count;
    m[`${p}jbd2_commit_time_us`] = jbd2.average.commit_time_us;
    m[`${p}jbd2_handles_per_txn`] = jbd2.average.handles_per_txn;
    m[`${p}jbd2_running_transaction_ms`] = jbd2.average.running_transaction_ms;
    m[`${p}jbd2_logged_blocks_per_txn`] = jbd2.average.logged_blocks_per_txn;

    const histFile = `writepages-hist-${run}.txt`;
    const hist = parseHist(need(raw, histFile));
    m[`${p}writepages_dropped_count`] = histDrops(hist, `ext4-writeback: ${histFile}`);
    const pages = histogramStats(hist, 'pages_written');
    m[`${p}writepages_calls_count`] = pages.samples_count;
    m[`${p}writepages_pages_per_call`] = pages.mean;
  }
  return m;
}
