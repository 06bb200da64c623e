/**
 * extent-status on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers. Per case c in a, b, c:
 *
 *   es-<c>-end.txt         es_shrinker_info when fio ended
 *   es-shrink-hist-<c>.txt two hist triggers on ext4:ext4_es_shrink over fio:
 *                          keys=common_pid.execname:vals=hitcount,scan_time,
 *                          nr_shrunk, and keys=scan_time:vals=hitcount
 *   counters-<c>-before.txt, counters-<c>-after.txt
 *                          the lab's lab_es_* counters around fio
 *   fio-<c>.json           fio --output-format=json, group_reporting
 *
 * Metric keys start with the case, case_a_ ... case_c_, and follow
 * kernel-lab/mail-changes.ts:
 *
 *   _avg_scan_time_us      the kernel's own figure when fio ended, the
 *       mail's metric: a moving average (each scan weighs 1/4)
 *   _max_scan_time_us      the longest scan over fio, from the hist keyed by
 *       scan time: the maximum the kernel keeps (es_stats_max_scan_time, the
 *       mail's metric), which es_shrinker_info prints only while the
 *       shrinker's list holds an inode
 *   _info_max_scan_time_us the kernel's printed maximum, over the whole
 *       mount (so at least the longest of fio's span), when it printed one
 *   _scans_count, _mean_scan_time_us       every scan of the same span, from the
 *                                          hist (no mean when there was no scan)
 *   _shrunk_objects_count                  extents those scans freed
 *   _scan_extents_count, _scan_delayed_count
 *       extents the shrinker visited over fio, and the delayed ones among
 *       them it stepped over (lab_es_scan_extents, lab_es_scan_delayed)
 *   _scan_extents_per_call                 visited per scan (no scan, none)
 *   _lru_skipped_count, _lru_sorts_count   inodes the v3.18 shrinker
 *       (lab_es_lru=2) set aside as recently touched, and its list sorts
 *   _shrinker_tasks_count, _kswapd_scans_count
 *       the reclaimers: how many tasks ran the shrinker, and the scans
 *       kswapd ran (the others ran in direct reclaim)
 *   _hist_dropped_count    scans lost by whichever of the two hists lost more, to tracing_map's
 *       insert race (histDrops: one, or up to 1%, kept; a full map refused)
 *   _cache_hits_count, _cache_misses_count, _hit_ratio_pct
 *   _objects_count, _reclaimable_count, _inodes_on_list_count
 *                                          the cache when fio ended
 *   _iops_per_s, _avg_latency_us, _max_latency_us
 *       fio's writes, total latency: the mail's user latency; case c has
 *       them per direction, case_c_read_... and case_c_write_...
 */
import type { Metrics } from '../../../../lib/kernel-results';
import { counterIncrease, histDrops, histogramStats, parseCounters, parseFio, parseHists, type FioGroupDirection } from '../../../parsers';
import { parseEsShrinkerInfo } from '../parsers';

const CASES = ['a', 'b', 'c'] as const;

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`extent-status: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

/** The increase of each "name value" line from file @a to file @b. */
function increase(raw: Record<string, string>, a: string, b: string): Record<string, number> {
  return counterIncrease(parseCounters(need(raw, a)), parseCounters(need(raw, b)));
}

function one(counts: Record<string, number>, name: string, file: string): number {
  const n = counts[name];
  if (n === undefined) throw new Error(`extent-status: ${file} has no ${name}`);
  return n;
}

function fioDirection(m: Metrics, prefix: string, d: FioGroupDirection): void {
  m[`${prefix}iops_per_s`] = d.iops_per_s;
  m[`${prefix}avg_latency_us`] = d.lat_mean_ns / 1e3;
  m[`${prefix}max_latency_us`] = d.lat_max_ns / 1e3;
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const m: Metrics = {};
  for (const c of CASES) {
    const k = `case_${c}_`;
    const end = parseEsShrinkerInfo(need(raw, `es-${c}-end.txt`));
    m[`${k}avg_scan_time_us`] = end.avg_scan_time_us;
    /* the kernel prints no maximum when the shrinker's list is empty */
    if (end.max_scan_time_us !== null) m[`${k}info_max_scan_time_us`] = end.max_scan_time_us;
    m[`${k}cache_hits_count`] = end.cache_hits_count;
    m[`${k}cache_misses_count`] = end.cache_misses_count;
    const lookups = end.cache_hits_count + end.cache_misses_count;
    m[`${k}hit_ratio_pct`] = lookups === 0 ? 0 : (100 * end.cache_hits_count) / lookups;
    m[`${k}objects_count`] = end.objects_count;
    m[`${k}reclaimable_count`] = end.reclaimable_objects_count;
    m[`${k}inodes_on_list_count`] = end.inodes_on_list_count;

    const histFile = `es-shrink-hist-${c}.txt`;
    const hists = parseHists(need(raw, histFile));
    const hist = hists.find((h) => h.keys.length === 1 && h.keys[0]!.name === 'common_pid');
    const times = hists.find((h) => h.keys.length === 1 && h.keys[0]!.name === 'scan_time');
    if (!hist || !times) {
      throw new Error(`extent-status: ${histFile} lacks the hist keyed by common_pid or the one keyed by scan_time: was a trigger changed?`);
    }
    m[`${k}hist_dropped_count`] = Math.max(...[hist, times].map((h) => histDrops(h, `extent-status: ${histFile}`)));
    let scans = 0;
    let scanUs = 0;
    let shrunk = 0;
    let kswapd = 0;
    for (const e of hist.entries) {
      const task = e.key.common_pid;
      if (e.hitcount === null || e.values.scan_time === undefined || e.values.nr_shrunk === undefined || task?.kind !== 'named') {
        throw new Error(`extent-status: ${histFile} lacks common_pid.execname, hitcount, scan_time or nr_shrunk: was the trigger changed?`);
      }
      scans += e.hitcount;
      scanUs += e.values.scan_time;
      shrunk += e.values.nr_shrunk;
      if (task.name.startsWith('kswapd')) kswapd += e.hitcount;
    }
    m[`${k}scans_count`] = scans;
    /* the two triggers are set one after the other, so a kswapd scan may fall between them */
    if (times.totals.hits_count > 0) m[`${k}max_scan_time_us`] = histogramStats(times, 'scan_time').max;
    /* no scan, no mean: reclaim found nothing the shrinker could free */
    if (scans > 0) m[`${k}mean_scan_time_us`] = scanUs / scans;
    m[`${k}shrunk_objects_count`] = shrunk;
    m[`${k}shrinker_tasks_count`] = hist.entries.length;
    m[`${k}kswapd_scans_count`] = kswapd;

    const counters = increase(raw, `counters-${c}-before.txt`, `counters-${c}-after.txt`);
    const cfile = `counters-${c}-after.txt`;
    const visited = one(counters, 'lab_es_scan_extents', cfile);
    m[`${k}scan_extents_count`] = visited;
    m[`${k}scan_delayed_count`] = one(counters, 'lab_es_scan_delayed', cfile);
    if (scans > 0) m[`${k}scan_extents_per_call`] = visited / scans;
    m[`${k}lru_skipped_count`] = one(counters, 'lab_es_lru_skipped', cfile);
    m[`${k}lru_sorts_count`] = one(counters, 'lab_es_lru_sorts', cfile);

    const fioFile = `fio-${c}.json`;
    const fio = parseFio(need(raw, fioFile));
    if (fio.groups.length !== 1) throw new Error(`extent-status: ${fioFile} has ${fio.groups.length} groups, the job has one`);
    const failed = fio.jobs.find((j) => j.error !== 0);
    if (failed) throw new Error(`extent-status: ${fioFile}: job ${failed.name} ended with error ${failed.error}`);
    const g = fio.groups[0]!;
    if (g.write.total_ios_count === 0) throw new Error(`extent-status: ${fioFile} shows no writes`);
    if (c === 'c') {
      if (g.read.total_ios_count === 0) throw new Error(`extent-status: ${fioFile} shows no reads by case c's reader`);
      fioDirection(m, `${k}read_`, g.read);
      fioDirection(m, `${k}write_`, g.write);
    } else {
      fioDirection(m, k, g.write);
    }
  }
  return m;
}
