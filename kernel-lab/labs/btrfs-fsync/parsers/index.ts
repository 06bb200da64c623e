/**
 * The parsers of the output formats only this lab reads. PARSERS maps each
 * fixture folder under fixtures/ to its parser, as kernel-lab/parsers/ does
 * for the formats the labs share; kernel-lab/parsers/parsers.test.ts runs
 * every golden pair of both.
 */
import { parseBtrfsCommitStats } from './btrfsCommitStats';
import { parseDbench } from './dbench';

export { parseBtrfsCommitStats, type BtrfsCommitStats } from './btrfsCommitStats';
export { parseDbench, type DbenchOperation, type DbenchProgress, type DbenchResult } from './dbench';

/** Each fixture folder's parser. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'btrfs-commit-stats': parseBtrfsCommitStats,
  dbench: parseDbench,
};
