/** The fast-commit lab as shared code reads it: its trace rules, small configuration and kernel metrics. */
import type { LabFace } from '../face';

export const lab: LabFace = {
  trace: {
    /* an fsync ends in its own commit or, committed by another, in fsync_done: both instants */
    phases: [{ begin: 'commit_start', end: 'commit_end', name: 'fast commit' }],
    waits: [],
    counters: [{ kind: 'commit_start', name: 'fast-commit queue', series: { inodes: 'a', records: 'b' } }],
    chains: [],
  },
  small: { ways: [1, 8], dirs: [1, 4], files: [4, 32], loops: [1, 1] },
  engineRun: { params: { ways: 4, files: 8 }, variant: 'before', pair: ['before', 'after'] },
  /* fs_mark counts files a second: the model's creates */
  kernelMetric: (key) => (key === 'files_per_s' ? { metric: 'creates_per_s' } : null),
};
