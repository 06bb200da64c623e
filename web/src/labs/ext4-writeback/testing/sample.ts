/**
 * A hand-built ext4-writeback snapshot for the page's unit tests, at 30 ms,
 * two jobs and eight pages: transaction 4 ran from 0 to 10 ms, committed
 * at 14 ms with 6 handles; transaction 5 runs since 10 ms with 3 handles.
 * Job 0 waited for i_rwsem 1-2 ms, wrote 2-3 ms, was in fsync 3-4 ms and
 * in writepages 4-6 ms, waited for the commit 6-14 ms; job 1 waited for
 * the commit 8-14 ms (both released by the same commit) and writes since
 * 29 ms.
 */
import type { EwbSnapshot } from '../schema';

const MS = 1_000_000;

export function sampleSnapshot(): EwbSnapshot {
  return {
    now_ns: 30 * MS,
    step: 4321,
    locks: [{ name: 'i_rwsem', holder: 1, waiters: [] }],
    tasks: [0, 1].map((id) => ({ id, cpu: id, name: `fio/${id}`, state: 'run' as const, line: 1, fn: 'f' })),
    ext4: {
      variant: 'before',
      kernel: '5.10',
      sync: 'fsync',
      pages: '..dtwW..',
      nr_dirty: 3,
      nr_towrite: 1,
      nr_writeback: 2,
      i_sync_tid: 5,
      i_mtime_jiffies: 7,
      jobs: [
        { task: 0, phase: 'user', slot: 0, handle: false },
        { task: 1, phase: 'write', slot: 1, handle: true },
      ],
      journal: {
        running_tid: 5,
        running_state: 'running',
        t_updates: 1,
        t_handle_count: 3,
        commit_sequence: 4,
        commit_request: 4,
        transactions: 4,
        handles: 20,
        average_commit_time_us: 4000,
      },
      device: { requests: 40, merges: 2, flushes: 4, queued_ns: 2 * MS },
      histogram: [1, 0, 5, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      timeline: {
        from_ns: 0,
        to_ns: 30 * MS,
        full: false,
        spans: [
          { job: 0, phase: 'i_rwsem', from: 1 * MS, to: 2 * MS },
          { job: 0, phase: 'write', from: 2 * MS, to: 3 * MS },
          { job: 0, phase: 'fsync', from: 3 * MS, to: 4 * MS },
          { job: 0, phase: 'writepages', from: 4 * MS, to: 6 * MS },
          { job: 0, phase: 'commit wait', from: 6 * MS, to: 14 * MS },
          { job: 1, phase: 'commit wait', from: 8 * MS, to: 14 * MS + 10_000 },
          { job: 1, phase: 'write', from: 29 * MS, to: null },
        ],
        txns: [
          { tid: 4, start: 0, locked: 10 * MS, end: 14 * MS, handles: 6, end_approx: false },
          { tid: 5, start: 10 * MS, locked: null, end: null, handles: 3, end_approx: false },
        ],
      },
    },
  };
}
