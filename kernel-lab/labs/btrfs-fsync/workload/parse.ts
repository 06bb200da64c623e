/**
 * btrfs-fsync on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers.
 *
 *   dbench.txt                dbench's output (operation table, throughput line)
 *   commit-stats-before.txt   /sys/fs/btrfs/<uuid>/commit_stats before dbench
 *   commit-stats-after.txt    and after (its maximum was reset before)
 *   counters-before.txt       the patch's counters (/sys/module/btrfs/parameters/)
 *   counters-after.txt        before and after dbench
 *
 * Keys follow kernel-lab/mail-changes.ts:
 *
 *   throughput_mb_s           dbench's throughput as it prints it (MB = 10^6 bytes)
 *   max_latency_ms            dbench's worst latency of any operation
 *   flush_count, flush_avg_ms, flush_max_ms
 *                             the Flush row: fsync, the operation whose
 *                             wait the switch changes
 *   ops_count                 operations of every kind
 *   commits_count             transaction commits during dbench, its warm-up and clean-up included
 *   commit_avg_ms, commit_max_ms   their duration (commit_stats counts whole ms)
 *
 * and the patch's counters, over dbench with its warm-up and clean-up:
 *
 *   completed_waits_count     fsync commit waits that lasted until COMPLETED
 *                             (lab_fsync_completed_waits): only "before" has them
 *   completed_wait_after_super_ms
 *                             the time those waits spent after the awaited
 *                             transaction reached SUPER_COMMITTED
 *                             (lab_fsync_completed_wait_ns): what the switch
 *                             adds to the waiters, and what stock 6.12 saves
 *   super_waits_count         fsync commit waits that ended at SUPER_COMMITTED
 *                             (lab_fsync_super_waits): only "after" has them
 */
import type { Metrics } from '../../../../lib/kernel-results';
import { counterIncrease, parseCounters } from '../../../parsers';
import { parseBtrfsCommitStats, parseDbench } from '../parsers';

const COUNTERS = ['lab_fsync_completed_waits', 'lab_fsync_completed_wait_ns', 'lab_fsync_super_waits'] as const;

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`btrfs-fsync: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const db = parseDbench(need(raw, 'dbench.txt'));
  const flush = db.operations.Flush;
  if (flush === undefined || flush.count === 0) throw new Error('btrfs-fsync: dbench.txt has no Flush row: no fsync ran');
  const before = parseBtrfsCommitStats(need(raw, 'commit-stats-before.txt'));
  const after = parseBtrfsCommitStats(need(raw, 'commit-stats-after.txt'));
  const commits = after.commits_count - before.commits_count;
  if (commits <= 0) throw new Error(`btrfs-fsync: commit_stats shows ${commits} commits during dbench; with notreelog every fsync commits`);
  const counters = counterIncrease(
    parseCounters(need(raw, 'counters-before.txt')),
    parseCounters(need(raw, 'counters-after.txt')),
  );
  const [completedWaits, completedWaitNs, superWaits] = COUNTERS.map((name) => {
    const n = counters[name];
    if (n === undefined) throw new Error(`btrfs-fsync: the counter files have no ${name}`);
    return n;
  }) as [number, number, number];
  return {
    throughput_mb_s: db.throughput_mb_per_s,
    max_latency_ms: db.max_latency_ms,
    flush_count: flush.count,
    flush_avg_ms: flush.avg_latency_ms,
    flush_max_ms: flush.max_latency_ms,
    ops_count: Object.values(db.operations).reduce((a, o) => a + o.count, 0),
    commits_count: commits,
    commit_avg_ms: (after.total_commit_ms - before.total_commit_ms) / commits,
    commit_max_ms: after.max_commit_ms,
    completed_waits_count: completedWaits,
    completed_wait_after_super_ms: completedWaitNs / 1e6,
    super_waits_count: superWaits,
  };
}
