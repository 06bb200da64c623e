/**
 * ext4-writeback on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers.
 *
 *   fio-fsync.json, fio-fdatasync.json         fio --output-format=json, group_reporting
 *   writepages-hist-fsync.txt, -fdatasync.txt  hist:keys=pages_written on ext4:ext4_writepages_result
 *   jbd2-info-fsync.txt, -fdatasync.txt        /proc/fs/jbd2/<dev>-8/info after each run
 *
 * Each run had a mount of its own, so every file describes that run alone.
 * Unprefixed journal and writeback metrics are the fsync run's, the mail's
 * own job (figures.md section 5); the control run's carry "fdatasync_".
 */
import type { Metrics } from '../../../web/src/core/kernelResults';
import { histogramStats, parseFio, parseHist, parseJbd2Info, type FioResult } from '../../parsers';

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
    const p = run === 'fsync' ? '' : 'fdatasync_';
    const file = `fio-${run}.json`;
    const { group, clat } = writes(parseFio(need(raw, file)), file);
    m[`${run}_iops_per_s`] = group.write.iops_per_s;
    m[`${run}_bw_mib_per_s`] = group.write.bw_kib_per_s / 1024;
    m[`${run}_clat_avg_us`] = group.write.clat_mean_ns / 1e3;
    m[`${run}_clat_max_us`] = group.write.clat_max_ns / 1e3;
    /* the percentiles the mail quotes */
    for (const pct of ['p50', 'p90', 'p99', 'p99_9']) {
      const v = clat.percentiles_ns[pct];
      if (v === undefined) throw new Error(`ext4-writeback: ${file} has no clat percentile ${pct}`);
      m[`${run}_clat_${pct}_us`] = v / 1e3;
    }
    m[`${run}_sync_calls_count`] = group.sync.calls_count;
    m[`${run}_sync_avg_us`] = group.sync.lat_mean_ns / 1e3;

    const jbd2File = `jbd2-info-${run}.txt`;
    const jbd2 = parseJbd2Info(need(raw, jbd2File));
    if (jbd2.average === null) throw new Error(`ext4-writeback: ${jbd2File} shows no committed transaction`);
    m[`${p}transactions_count`] = jbd2.transactions_count;
    m[`${p}requested_transactions_count`] = jbd2.requested_count;
    m[`${p}handles_per_txn`] = jbd2.average.handles_per_txn;
    m[`${p}avg_commit_us`] = jbd2.average.commit_time_us;
    m[`${p}running_txn_ms`] = jbd2.average.running_transaction_ms;
    m[`${p}logged_blocks_per_txn`] = jbd2.average.logged_blocks_per_txn;

    const histFile = `writepages-hist-${run}.txt`;
    const hist = parseHist(need(raw, histFile));
    if (hist.totals.dropped_count > 0) {
      throw new Error(`ext4-writeback: ${histFile} dropped ${hist.totals.dropped_count} events: the map was too small`);
    }
    const pages = histogramStats(hist, 'pages_written');
    m[`${p}writepages_calls_count`] = pages.samples_count;
    m[`${p}writepages_pages_per_call`] = pages.mean;
  }
  return m;
}
