/**
 * The kernel lab's parsers, one per output format, each a pure function from
 * the text a tool or the kernel printed to typed data with units in its
 * field names. A lab's metrics (kernel-lab/bench/<lab>/) compose them.
 *
 * PARSERS maps each fixture folder under fixtures/ to its parser; the golden
 * test runs every fixture through it.
 */
import { parseBtrfsCommitStats } from './btrfsCommitStats';
import { parseCounters } from './counters';
import { parseDbench } from './dbench';
import { parseEsShrinkerInfo } from './esShrinkerInfo';
import { parseFcInfo } from './fcInfo';
import { parseFio } from './fio';
import { parseFsmark } from './fsmark';
import { parseJbd2Info } from './jbd2Info';
import { parseStatwalk } from './statwalk';
import { parseHists } from './tracefsHist';

export { ParseError } from './common';
export { parseBtrfsCommitStats, type BtrfsCommitStats } from './btrfsCommitStats';
export { counterIncrease, parseCounters, type Counters } from './counters';
export { parseDbench, type DbenchOperation, type DbenchProgress, type DbenchResult } from './dbench';
export { parseEsShrinkerInfo, type EsShrinkerInfo } from './esShrinkerInfo';
export { parseFcInfo, type FcInfo } from './fcInfo';
export {
  parseFio,
  percentileName,
  type FioDirection,
  type FioGroup,
  type FioGroupDirection,
  type FioJob,
  type FioLatency,
  type FioResult,
  type FioSync,
} from './fio';
export { parseFsmark, type FsmarkResult, type FsmarkRow, type FsmarkSummary, type FsmarkSyscall } from './fsmark';
export { parseJbd2Info, type Jbd2Average, type Jbd2Info } from './jbd2Info';
export { parseStatwalk, type StatwalkResult } from './statwalk';
export {
  bucketPercentile,
  histBuckets,
  histDrops,
  histogramStats,
  parseHist,
  parseHists,
  type HistBucket,
  type HistEntry,
  type Histogram,
  type HistKeySpec,
  type HistKeyValue,
  type HistStats,
} from './tracefsHist';

/** Each fixture folder's parser (a hist file may hold several histograms, so its parser returns all). */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'btrfs-commit-stats': parseBtrfsCommitStats,
  counters: parseCounters,
  dbench: parseDbench,
  'es-shrinker-info': parseEsShrinkerInfo,
  'fc-info': parseFcInfo,
  fio: parseFio,
  fsmark: parseFsmark,
  'jbd2-info': parseJbd2Info,
  statwalk: parseStatwalk,
  'tracefs-hist': parseHists,
};
