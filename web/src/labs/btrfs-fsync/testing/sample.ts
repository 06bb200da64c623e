/**
 * A hand-built btrfs-fsync snapshot for the page's unit tests, at 30 ms:
 * transaction 7 committed by task 0 (SUPER_COMMITTED at 20 ms, COMPLETED at
 * 24 ms after unpinning 2000 extents), transaction 8 running since 12 ms;
 * task 1 waited for 7 to be COMPLETED from 16 ms to 24 ms (4 ms of it after
 * SUPER_COMMITTED), task 2 waits for 8 to be UNBLOCKED since 28 ms.
 */
import type { BfSnapshot } from '../schema';

const MS = 1_000_000;

export function sampleSnapshot(): BfSnapshot {
  return {
    now_ns: 30 * MS,
    step: 1234,
    locks: [{ name: 'trans_lock', holder: -1, waiters: [] }],
    tasks: [0, 1, 2].map((id) => ({ id, cpu: id, name: `dbench/${id}`, state: 'run' as const, line: 1, fn: 'f' })),
    btrfs: {
      variant: 'before',
      log: 'tree-log',
      running_transid: 8,
      last_committed: 7,
      log_full_commit: false,
      trans_list: [
        { transid: 8, state: 'RUNNING', num_writers: 1, num_extwriters: 1, dirty_blocks: 10, pinned: 3, unpinned: 0, committer: -1 },
      ],
      clients: [
        { task: 0, op: 'ReadX', phase: 'op', waiting: null },
        { task: 1, op: 'WriteX', phase: 'op', waiting: null },
        { task: 2, op: 'Flush', phase: 'blocked', waiting: { transid: 8, want: 'UNBLOCKED', site: 'blocked' } },
      ],
      log_tree: { log_transid: 5, committed: 4, writers: 0, committing: false },
      commit_stats: { commits: 7, last_commit_ms: 14, max_commit_ms: 14, total_commit_ms: 50 },
      timeline: {
        from_ns: 0,
        to_ns: 30 * MS,
        full: false,
        txns: [
          { transid: 7, committer: 0, fallback: true, at: [0, 10 * MS, 10 * MS, 11 * MS, 12 * MS, 20 * MS, 24 * MS], pinned: 2000 },
          { transid: 8, committer: -1, fallback: false, at: [12 * MS, null, null, null, null, null, null], pinned: 0 },
        ],
        waits: [
          { task: 1, transid: 7, site: 'join', want: 'COMPLETED', from: 16 * MS, to: 24 * MS },
          { task: 2, transid: 8, site: 'blocked', want: 'UNBLOCKED', from: 28 * MS, to: null },
        ],
      },
      ops: [{ name: 'Flush', count: 3, avg_ms: 5, max_ms: 9 }],
      stats: {
        fsyncs: 3,
        fallbacks: 1,
        log_syncs: 2,
        join_waits: 1,
        prev_waits: 0,
        attach_waits: 0,
        start_waits: 1,
        completed_waits: 1,
        super_waits: 0,
        wait_after_super_ms: 4,
      },
    },
    flush_heat: { bucket_ns: 10 * MS, nr_time: 3, nr_rows: 2, rows: [[1, 0, 2], [0, 1, 0]], row_labels: ['<0.25 ms', '0.25-0.5 ms'] },
  };
}
