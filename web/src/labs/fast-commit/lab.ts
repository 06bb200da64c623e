/** The fast-commit lab as shared code reads it: its card, trace rules, small configuration and kernel metrics. */
import { mailValue } from '../../app/cardText';
import type { LabFace } from '../face';

export const lab: LabFace = {
  card: {
    title: 'ext4 fast_commit scalability',
    change: 'O(N²) dentry commit → O(N)',
    headline() {
      /* the mail's row 7, "6,10": 2^6 ways, 2^10 files a loop */
      const where = { row: '7', order: '6,10' };
      const [ways, files] = where.order.split(',').map((e) => 2 ** Number(e));
      const before = mailValue('fast-commit', 'creates_per_s', 'before', where);
      const after = mailValue('fast-commit', 'creates_per_s', 'after', where);
      return `fs_mark collapses at ${ways} ways × ${files} files without the patch (${before}K vs ${Math.round(after)}K creates/s)`;
    },
  },
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
