/**
 * extent-status on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers. Per case c in a, b, c:
 *
 *   es-<c>-ran.txt         es_shrinker_info when fio ended
 *   es-shrink-hist-<c>.txt hist:keys=dev:vals=hitcount,scan_time,nr_shrunk,nr_skipped
 *                          on ext4:ext4_es_shrink, from the mount to fio's end
 *   es-<c>-reclaimed.txt   es_shrinker_info after a sync and a final drop_caches
 *   fio-<c>.json           fio --output-format=json, group_reporting
 *
 * Metric keys start with the case: a_avg_scan_us, b_cache_hits_count, ...
 *
 *   <c>_avg_scan_us, <c>_max_scan_us   the kernel's own figures when fio
 *       ended, the mail's metrics: its average is a moving one (each scan
 *       weighs 1/4), its maximum is over the mount
 *   <c>_mean_scan_us, <c>_scans_count  every scan of the same span, from the hist
 *   <c>_cache_hits_count, _misses_count, _hit_ratio_pct
 *   <c>_objects_count, <c>_reclaimable_count   the cache when fio ended
 *   <c>_left_objects_count                     and after the final reclaim
 *   <c>_write_iops_per_s, _write_lat_avg_us, _write_lat_max_us (and read_
 *       for case c's reader): fio's total latency, the mail's user latency
 */
import type { Metrics } from '../../../web/src/core/kernelResults';
import { parseEsShrinkerInfo, parseFio, parseHist, type FioGroupDirection } from '../../parsers';

const CASES = ['a', 'b', 'c'] as const;

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`extent-status: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

function fioDirection(m: Metrics, key: string, d: FioGroupDirection): void {
  m[`${key}_iops_per_s`] = d.iops_per_s;
  m[`${key}_lat_avg_us`] = d.lat_mean_ns / 1e3;
  m[`${key}_lat_max_us`] = d.lat_max_ns / 1e3;
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const m: Metrics = {};
  for (const c of CASES) {
    const ran = parseEsShrinkerInfo(need(raw, `es-${c}-ran.txt`));
    const reclaimed = parseEsShrinkerInfo(need(raw, `es-${c}-reclaimed.txt`));
    /* the kernel prints no maximum when the shrinker's list is empty */
    if (ran.max_scan_time_us === null) {
      throw new Error(`extent-status: es-${c}-ran.txt lists no inode: fio left nothing in the extent status cache`);
    }
    m[`${c}_avg_scan_us`] = ran.avg_scan_time_us;
    m[`${c}_max_scan_us`] = ran.max_scan_time_us;
    m[`${c}_cache_hits_count`] = ran.cache_hits_count;
    m[`${c}_cache_misses_count`] = ran.cache_misses_count;
    const lookups = ran.cache_hits_count + ran.cache_misses_count;
    m[`${c}_hit_ratio_pct`] = lookups === 0 ? 0 : (100 * ran.cache_hits_count) / lookups;
    m[`${c}_objects_count`] = ran.objects_count;
    m[`${c}_reclaimable_count`] = ran.reclaimable_objects_count;
    m[`${c}_inodes_on_list_count`] = ran.inodes_on_list_count;
    m[`${c}_left_objects_count`] = reclaimed.objects_count;

    const histFile = `es-shrink-hist-${c}.txt`;
    const hist = parseHist(need(raw, histFile));
    if (hist.totals.dropped_count > 0) throw new Error(`extent-status: ${histFile} dropped ${hist.totals.dropped_count} events`);
    let scans = 0;
    let scanUs = 0;
    let shrunk = 0;
    for (const e of hist.entries) {
      if (e.hitcount === null || e.values.scan_time === undefined || e.values.nr_shrunk === undefined) {
        throw new Error(`extent-status: ${histFile} lacks hitcount, scan_time or nr_shrunk: was the trigger changed?`);
      }
      scans += e.hitcount;
      scanUs += e.values.scan_time;
      shrunk += e.values.nr_shrunk;
    }
    if (scans === 0) throw new Error(`extent-status: ${histFile} counts no shrinker scan: reclaim did not reach the extent status cache`);
    m[`${c}_scans_count`] = scans;
    m[`${c}_mean_scan_us`] = scanUs / scans;
    m[`${c}_shrunk_objects_count`] = shrunk;

    const fioFile = `fio-${c}.json`;
    const fio = parseFio(need(raw, fioFile));
    if (fio.groups.length !== 1) throw new Error(`extent-status: ${fioFile} has ${fio.groups.length} groups, the job has one`);
    const failed = fio.jobs.find((j) => j.error !== 0);
    if (failed) throw new Error(`extent-status: ${fioFile}: job ${failed.name} ended with error ${failed.error}`);
    const g = fio.groups[0]!;
    if (g.write.total_ios_count === 0) throw new Error(`extent-status: ${fioFile} shows no writes`);
    fioDirection(m, `${c}_write`, g.write);
    if (c === 'c') {
      if (g.read.total_ios_count === 0) throw new Error(`extent-status: ${fioFile} shows no reads by case c's reader`);
      fioDirection(m, 'c_read', g.read);
    }
  }
  return m;
}
