/**
 * What the benchmark (bench/) measures of fast-commit: the inode-queue nodes
 * its walk visits, and the mail's row 7 with two loops for the animation at
 * scale.
 */
import type { LabBench } from '../face';

export const bench: LabBench = {
  /* only `before` walks the inode queue; `after` reports 0 */
  work: { metric: 'nodes_visited', what: 'nodes walked', variants: ['before'] },
  /* before the patch, row 7 of the mail (64 ways, 192 directories and files) with two loops: about 150 million steps */
  scale: { variant: 'before', params: { ways: 64, dirs: 192, files: 192, loops: 2 }, what: "the mail's row 7 with two loops, before the patch" },
};
