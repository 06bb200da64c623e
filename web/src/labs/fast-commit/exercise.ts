import { headlineCheck, invariantsCheck, scalingCheck } from '../../exercises/checker';
import type { Exercise } from '../../exercises/types';

/**
 * The fast-commit exercise: link each create record to its inode when it is queued, and write the dentry
 * commit without the walk. Configurations are small enough for the sanitizer build (each under a second).
 */
export const exercise: Exercise = {
  lab: 'fast-commit',
  title: 'Make the fast commit of dentries linear',
  mirrors: 'ext4_fc_commit_dentry_updates() and __track_dentry_update() (fs/ext4/fast_commit.c)',
  header: 'fast-commit-yours.h',
  defines: ['yours_track_create', 'yours_dentry_inode'],
  calls: ['fc_walk_first', 'fc_walk_next'],
  seeds: [1, 2, 3],
  checks: [
    // Two fsync ways over few files, then many ways: commits with staging queues and fallbacks
    invariantsCheck({
      configs: ['ways=2;dirs=2;files=8;loops=2', 'ways=8;dirs=4;files=16;loops=1', 'ways=16;dirs=16;files=16;loops=1;fc_blocks=16'],
    }),
    // Nodes walked per create: the old walk's grows with the queue; the link's is 0
    scalingCheck({
      param: 'files',
      values: [16, 32, 64],
      base: 'ways=16;dirs=16;loops=1',
      work: (m, files) => m.nodes_visited! / (16 * files),
      unit: 'inode queue nodes walked per create',
      maxGrowth: 1.5,
      floor: 1,
    }),
    // The mail's row 6 (64 ways x 64 files), 4 loops: the walk costs 16% of the throughput there
    headlineCheck({
      params: 'ways=64;dirs=64;files=64;loops=4',
      label: '64 ways x 64 files (the mail\'s row 6)',
      metric: 'creates_per_s',
      unit: 'creates/s',
      higherIsBetter: true,
      withinAfter: 0.02,
    }),
  ],
};
