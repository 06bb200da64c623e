/** What the benchmark (bench/) measures of inode-hash: its hash lookups, in both variants. */
import type { LabBench } from '../face';

export const bench: LabBench = {
  work: { metric: 'lookups', what: 'lookups', variants: ['before', 'after'] },
};
