/**
 * inode-hash on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers. Per file system fs in
 * ext4, btrfs:
 *
 *   statwalk-walk-<fs>.json   the cold walk: one JSON object from statwalk
 *   statwalk-create-<fs>.json building the trees
 *   contention-locks-<fs>.txt hist:keys=lock_addr.sym,flags on lock:contention_begin during the walk
 *   inode-nr-<fs>-before.txt, -after.txt   /proc/sys/fs/inode-nr around the walk
 *
 * (contention-stacks-<fs>.txt, the same contentions keyed on the kernel
 * stack, is for reading: the hist parser does not read stack keys.)
 *
 * Keys follow kernel-lab/mail-changes.ts:
 *
 *   <fs>_elapsed_s, _user_s, _sys_s, _cpu_pct the walk, as time(1) gives
 *       them in the mail (total, user, system, cpu)
 *   <fs>_stats_per_s                          stat(2) calls per second
 *   <fs>_contention_count                     contended lock acquisitions
 *   <fs>_top_lock_contention_count            on the most contended lock
 *   <fs>_contended_locks_count                distinct locks (and kinds) contended
 *   <fs>_contention_dropped_count             contentions the hist lost to tracing_map's
 *                                             insert race (histDrops: one, or up to 1%, kept)
 *   <fs>_inodes_before_count, _after_count    inodes in memory around the walk
 *   <fs>_create_s                             building the trees
 */
import type { Metrics } from '../../../../lib/kernel-results';
import { histDrops, parseHist } from '../../../parsers';
import { parseStatwalk } from '../parsers';

const FS = ['ext4', 'btrfs'] as const;

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`inode-hash: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

/** /proc/sys/fs/inode-nr: "<nr_inodes>\t<nr_unused>". */
function inodeNr(text: string, file: string): { inodes: number; unused: number } {
  const m = /^(\d+)\s+(\d+)\s*$/.exec(text.trim());
  if (!m) throw new Error(`inode-hash: ${file}: expected "<inodes> <unused>", got ${JSON.stringify(text.trim().slice(0, 60))}`);
  return { inodes: Number(m[1]), unused: Number(m[2]) };
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const m: Metrics = {};
  for (const fs of FS) {
    const walkFile = `statwalk-walk-${fs}.json`;
    const walk = parseStatwalk(need(raw, walkFile));
    if (walk.mode !== 'walk') throw new Error(`inode-hash: ${walkFile} is not a walk (mode ${walk.mode})`);
    const stats = walk.threads_count * walk.dirs_count * walk.files_count;
    if (walk.operations_count !== stats) {
      throw new Error(`inode-hash: ${walkFile} made ${walk.operations_count} stats, the tree has ${stats} files`);
    }
    if (walk.operations_per_s === null || walk.cpu_pct === null) throw new Error(`inode-hash: ${walkFile} took no time`);
    m[`${fs}_elapsed_s`] = walk.elapsed_s;
    m[`${fs}_user_s`] = walk.user_s;
    m[`${fs}_sys_s`] = walk.sys_s;
    m[`${fs}_cpu_pct`] = walk.cpu_pct;
    m[`${fs}_stats_per_s`] = walk.operations_per_s;

    const create = parseStatwalk(need(raw, `statwalk-create-${fs}.json`));
    m[`${fs}_create_s`] = create.elapsed_s;

    const locksFile = `contention-locks-${fs}.txt`;
    const locks = parseHist(need(raw, locksFile));
    m[`${fs}_contention_dropped_count`] = histDrops(locks, `inode-hash: ${locksFile}`);
    const counts = locks.entries.map((e) => {
      if (e.hitcount === null) throw new Error(`inode-hash: ${locksFile} has no hitcount: was the trigger changed?`);
      return e.hitcount;
    });
    m[`${fs}_contention_count`] = locks.totals.hits_count;
    m[`${fs}_top_lock_contention_count`] = counts.length === 0 ? 0 : Math.max(...counts);
    m[`${fs}_contended_locks_count`] = locks.totals.entries_count;

    for (const when of ['before', 'after'] as const) {
      const file = `inode-nr-${fs}-${when}.txt`;
      m[`${fs}_inodes_${when}_count`] = inodeNr(need(raw, file), file).inodes;
    }
  }
  return m;
}
