/** The fast-commit lab as shared code reads it: its trace rules, small configuration and kernel metrics. */
import type { LabFace } from '../face';
import { LESSON_PARAMS } from './preset';

export const lab: LabFace = {
  lesson: {
    /* the mail's row 7 at its own size: 64 ways of 1,024 files, one loop (a run of 2.7M steps, about a second in WASM) */
    params: LESSON_PARAMS,
    variants: ['before', 'after'],
    moments: [
      {
        id: 'first-walk',
        label: 'before: the commit searches the queue per inode',
        variant: 'before',
        kind: 'visit',
        /* eight nodes into a walk: its trail is on screen */
        where: [{ arg: 'a', min: 8 }],
      },
      /* at row 7 the area (4,096 blocks) cannot hold the commit's 65,536 records and inodes: both variants fall back, after at once, before after its walk */
      { id: 'after-falls-back', label: 'after: its commit fills the area and falls back', variant: 'after', kind: 'fallback' },
      { id: 'before-falls-back', label: 'before: its commit falls back, after the walk', variant: 'before', kind: 'fallback' },
    ],
    headline: { metric: 'creates_per_s', where: { row: '7', order: '6,10' }, mailSize: '64 ways × 1,024 files a loop' },
    look: 'Left, the commit searches the whole dentry queue once for every inode (the trail grows with the queue); right, each inode reaches its dentries through one pointer.',
  },
  trace: {
    /* an fsync ends in its own commit or, committed by another, in fsync_done: both instants */
    phases: [{ begin: 'commit_start', end: 'commit_end', name: 'fast commit' }],
    waits: [],
    counters: [{ kind: 'commit_start', name: 'fast-commit queue', series: { inodes: 'a', records: 'b' } }],
    chains: [],
  },
  small: { ways: [1, 8], dirs: [1, 4], files: [4, 32], loops: [1, 1] },
  /* its sweep takes about 7 s a seed at the mail's sizes (row 8 alone 6 s in WASM): none fits the page's 5 s; 2, the fewest a verdict takes (docs/labs/fast-commit.md) */
  sweepSeeds: 2,
  engineRun: { params: { ways: 4, files: 8 }, variant: 'before', pair: ['before', 'after'] },
  /* a commit's duration is a time: the walk (visit against match) is the difference */
  divergence: { noise: { commit_end: ['a'] } },
  /* fs_mark counts files a second: the model's creates */
  kernelMetric: (key) => (key === 'files_per_s' ? { metric: 'creates_per_s' } : null),
};
