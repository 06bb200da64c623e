/**
 * The parsers of the output formats only this lab reads. PARSERS maps each
 * fixture folder under fixtures/ to its parser, as kernel-lab/parsers/ does
 * for the formats the labs share; kernel-lab/parsers/parsers.test.ts runs
 * every golden pair of both.
 */
import { parseFcInfo } from './fcInfo';
import { parseFsmark } from './fsmark';

export { parseFcInfo, type FcInfo } from './fcInfo';
export { parseFsmark, type FsmarkResult, type FsmarkRow, type FsmarkSummary, type FsmarkSyscall } from './fsmark';

/** Each fixture folder's parser. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'fc-info': parseFcInfo,
  fsmark: parseFsmark,
};
