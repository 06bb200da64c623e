/**
 * What the benchmark (bench/) measures of fast-commit: the inode-queue nodes
 * its walk visits, and the mail's row 8 with two loops for the animation at
 * scale.
 */
import type { LabBench } from '../face';

export const bench: LabBench = {
  /* only `before` walks the inode queue; `after` reports 0 */
  work: { metric: 'nodes_visited', what: 'nodes walked', variants: ['before'] },
  /* before the patch, row 8 of the mail (64 ways, 16,384 directories and files) with two loops, the engine's cap of 2^21 files: 43 million steps */
  scale: { variant: 'before', params: { ways: 64, dirs: 16384, files: 16384, loops: 2 }, what: "the mail's row 8 with two loops, before the patch" },
};
