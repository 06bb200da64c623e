/**
 * btrfs-fsync on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers.
 *
 *   dbench.txt                dbench's output (operation table, throughput line)
 *   commit-stats-before.txt   /sys/fs/btrfs/<uuid>/commit_stats before dbench
 *   commit-stats-after.txt    and after (its maximum was reset before)
 *
 * Keys follow kernel-lab/mail-changes.ts:
 *
 *   throughput_mb_per_s       dbench's throughput as it prints it (MB = 10^6 bytes)
 *   max_latency_ms            dbench's worst latency of any operation
 *   flush_count, flush_avg_latency_ms, flush_max_latency_ms
 *                             the Flush row: fsync, the operation whose
 *                             wait the switch changes
 *   ops_count                 operations of every kind
 *   commits_count             transaction commits during dbench, its warm-up and clean-up included
 *   commit_avg_ms, commit_max_ms   their duration (commit_stats counts whole ms)
 */
import type { Metrics } from '../../../lib/kernel-results';
import { parseBtrfsCommitStats, parseDbench } from '../../parsers';

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
  return {
    throughput_mb_per_s: db.throughput_mb_per_s,
    max_latency_ms: db.max_latency_ms,
    flush_count: flush.count,
    flush_avg_latency_ms: flush.avg_latency_ms,
    flush_max_latency_ms: flush.max_latency_ms,
    ops_count: Object.values(db.operations).reduce((a, o) => a + o.count, 0),
    commits_count: commits,
    commit_avg_ms: (after.total_commit_ms - before.total_commit_ms) / commits,
    commit_max_ms: after.max_commit_ms,
  };
}
