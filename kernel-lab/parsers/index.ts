/**
 * The kernel lab's shared parsers, one per output format that more than one
 * lab reads, each a pure function from the text a tool or the kernel printed
 * to typed data with units in its field names. A lab's metrics
 * (kernel-lab/labs/<lab>/workload/parse.ts) compose them with the parsers of
 * the formats only that lab reads (kernel-lab/labs/<lab>/parsers/).
 *
 * PARSERS maps each fixture folder under fixtures/ to its parser; the golden
 * test runs every fixture through it.
 */
import { parseCounters } from './counters';
import { parseFio } from './fio';
import { parseHists } from './tracefsHist';

export { ParseError } from './common';
export { counterIncrease, parseCounters, type Counters } from './counters';
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
  counters: parseCounters,
  fio: parseFio,
  'tracefs-hist': parseHists,
};
