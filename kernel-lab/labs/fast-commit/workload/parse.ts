/**
 * fast-commit on the host: the guest's raw files (run.sh) to the lab's
 * metrics, by composing the kernel-lab parsers.
 *
 *   fs_mark.txt                   fs_mark's table, one row per loop
 *   fc_info-before.txt, -after.txt   /proc/fs/ext4/vdb/fc_info around fs_mark
 *   counters-before.txt, -after.txt  lab_fc_dentry_scan_nodes around fs_mark
 *
 *   files_per_s                   the mean of fs_mark's per-loop Files/sec:
 *                                 the mail's "avg file creates per sec"
 *   min_files_per_s, max_files_per_s   its slowest and fastest loop
 *   files_count                   files fs_mark made, all loops and threads
 *   app_overhead_us               mean time per loop outside the file system calls
 *   fc_commits_count              fast commits during fs_mark
 *   fc_ineligible_count           commits that fell back to a full jbd2 commit
 *   fc_blocks_count               journal blocks the fast commits wrote
 *   fc_commit_ewma_us             fc_info's avg_commit_time after fs_mark: the
 *                                 kernel's moving average, each commit weighing
 *                                 1/4, so the commit time near the end of the run
 *   scan_nodes_count              inode-list nodes the old search visited
 *                                 (0 in "after": the switch is off)
 *   scan_nodes_per_call           the same per fast commit
 */
import type { Metrics } from '../../../../lib/kernel-results';
import { counterIncrease, parseCounters } from '../../../parsers';
import { parseFcInfo, parseFsmark } from '../parsers';

const COUNTER = 'lab_fc_dentry_scan_nodes';

function need(raw: Record<string, string>, name: string): string {
  const text = raw[name];
  if (text === undefined) {
    const have = Object.keys(raw).sort().join(', ') || 'none';
    throw new Error(`fast-commit: the guest left no ${name} (raw files: ${have})`);
  }
  return text;
}

export function labMetrics(raw: Record<string, string>): Metrics {
  const fsmark = parseFsmark(need(raw, 'fs_mark.txt'));
  if (fsmark.file_size_bytes !== 0) {
    throw new Error(`fast-commit: fs_mark made ${fsmark.file_size_bytes}-byte files; the mail's run is -s 0`);
  }
  const fcBefore = parseFcInfo(need(raw, 'fc_info-before.txt'));
  const fcAfter = parseFcInfo(need(raw, 'fc_info-after.txt'));
  const commits = fcAfter.commits_count - fcBefore.commits_count;
  if (commits <= 0) {
    throw new Error(
      `fast-commit: fc_info shows ${commits} fast commits during fs_mark: was the disk made with mkfs.ext4 -O fast_commit?`,
    );
  }
  const counters = counterIncrease(
    parseCounters(need(raw, 'counters-before.txt')),
    parseCounters(need(raw, 'counters-after.txt')),
  );
  const nodes = counters[COUNTER];
  if (nodes === undefined) throw new Error(`fast-commit: the counter files have no ${COUNTER}`);

  return {
    files_per_s: fsmark.summary.avg_files_per_s,
    min_files_per_s: fsmark.summary.min_files_per_s,
    max_files_per_s: fsmark.summary.max_files_per_s,
    files_count: fsmark.summary.files_count,
    app_overhead_us: fsmark.summary.avg_app_overhead_us,
    fc_commits_count: commits,
    fc_ineligible_count: fcAfter.ineligible_count - fcBefore.ineligible_count,
    fc_blocks_count: fcAfter.fc_blocks_count - fcBefore.fc_blocks_count,
    fc_commit_ewma_us: fcAfter.avg_commit_time_us,
    scan_nodes_count: nodes,
    scan_nodes_per_call: nodes / commits,
  };
}
