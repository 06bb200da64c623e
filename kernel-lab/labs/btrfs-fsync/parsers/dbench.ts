/**
 * dbench's text output (Debian's dbench 4.0, fileio backend): the per-second
 * progress lines, the final operation table and the throughput line.
 *
 *   dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *   Running for 300 seconds with load '/usr/share/dbench/client.txt' and minimum warmup 60 secs
 *      32    123456   1008.02 MB/sec  execute 299 sec  latency 12.345 ms
 *    Operation      Count    AvgLat    MaxLat
 *    ----------------------------------------
 *    Flush         674724     5.952   341.830
 *   Throughput 1008.02 MB/sec  32 clients  32 procs  max_latency=341.833 ms
 *
 * dbench's MB is 10^6 bytes (it prints 1e-6 * bytes / seconds); latencies
 * are in ms. The table's counts and latencies cover the run after warm-up.
 * Lines dbench prints about failed operations during the run are kept in
 * `messages`, not read.
 */
import { expectText, LineReader, ParseError, quote } from '../../../parsers/common';

const FORMAT = 'dbench';

export interface DbenchOperation {
  count: number;
  avg_latency_ms: number;
  max_latency_ms: number;
}

export interface DbenchProgress {
  phase: 'warmup' | 'execute';
  clients_count: number;
  /** load-file lines done per client so far */
  lines_count: number;
  mb_per_s: number;
  time_s: number;
  /** the worst latency of the last second */
  latency_ms: number;
}

export interface DbenchResult {
  version: string;
  time_limit_s: number;
  loadfile: string;
  warmup_s: number;
  progress: DbenchProgress[];
  /** by dbench's operation name (NTCreateX, Flush, ...), in its order; only operations that ran */
  operations: Record<string, DbenchOperation>;
  /** the final throughput, MB = 10^6 bytes */
  throughput_mb_per_s: number;
  clients_count: number;
  procs_count: number;
  /** the worst latency of any operation over the run */
  max_latency_ms: number;
  sync_open: boolean;
  sync_dirs: boolean;
  /** other lines dbench printed during the run, with their line numbers */
  messages: { line: number; text: string }[];
}

const NUM = '([-+]?\\d+(?:\\.\\d+)?)';
const PROGRESS = new RegExp(`^\\s*(\\d+)\\s+(\\d+)\\s+${NUM} MB/sec\\s+(warmup|execute)\\s+(\\d+) sec\\s+latency ${NUM} ms$`);
const THROUGHPUT = new RegExp(
  `^Throughput ${NUM} MB/sec((?: \\(sync open\\))?)((?: \\(sync dirs\\))?)\\s+(\\d+) clients\\s+(\\d+) procs\\s+max_latency=${NUM} ms$`,
);

/** Parse dbench's stdout. Throws a ParseError naming the line that does not fit. */
export function parseDbench(text: string): DbenchResult {
  expectText(FORMAT, text, "dbench's output");
  const r = new LineReader(FORMAT, text);

  r.skipBlank();
  const version = r.expect(/^dbench version (\S+) - /, '"dbench version <v> - Copyright ..."').m[1]!;
  r.skipBlank();
  const running = r.expect(
    /^Running for (\d+) seconds with load '(.*)' and minimum warmup (\d+) secs$/,
    '"Running for <n> seconds with load \'<file>\' and minimum warmup <n> secs"',
  );

  const progress: DbenchProgress[] = [];
  const messages: { line: number; text: string }[] = [];
  for (;;) {
    const line = r.peek();
    if (line === undefined) {
      throw new ParseError(FORMAT, undefined, 'the operation table (" Operation  Count  AvgLat  MaxLat") is missing: did dbench finish?');
    }
    if (/^\s*Operation\s+Count\s+AvgLat\s+MaxLat\s*$/.test(line.text)) break;
    const p = PROGRESS.exec(line.text);
    if (p) {
      progress.push({
        phase: p[4] as 'warmup' | 'execute',
        clients_count: r.count({ m: p, no: line.no }, 1, 'clients'),
        lines_count: r.count({ m: p, no: line.no }, 2, 'lines'),
        mb_per_s: r.number({ m: p, no: line.no }, 3, 'MB/sec'),
        time_s: r.count({ m: p, no: line.no }, 5, 'sec'),
        latency_ms: r.number({ m: p, no: line.no }, 6, 'latency'),
      });
    } else if (
      !/^\s*$/.test(line.text) &&
      !/^\d+ of \d+ processes prepared for launch\s+\d+ sec$/.test(line.text) &&
      !/^releasing clients$/i.test(line.text) &&
      !/^\s*\d+\s+cleanup\s+\d+ sec$/.test(line.text)
    ) {
      messages.push({ line: line.no, text: line.text });
    }
    r.index++;
  }

  r.expect(/^\s*Operation\s+Count\s+AvgLat\s+MaxLat\s*$/, '" Operation  Count  AvgLat  MaxLat"');
  r.expect(/^\s*-+\s*$/, 'a rule of dashes under the table header');
  const operations: Record<string, DbenchOperation> = {};
  while (r.peek() !== undefined && !r.at(/^\s*$/)) {
    const row = r.expect(/^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/, '" <Operation> <Count> <AvgLat> <MaxLat>"');
    const name = row.m[1]!;
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) {
      throw new ParseError(FORMAT, row.no, `operation name ${quote(name)}: expected a word such as NTCreateX or Flush`);
    }
    if (Object.prototype.hasOwnProperty.call(operations, name)) {
      throw new ParseError(FORMAT, row.no, `operation ${name} appears twice in the table`);
    }
    operations[name] = {
      count: r.count(row, 2, `${name} Count`),
      avg_latency_ms: r.number(row, 3, `${name} AvgLat`),
      max_latency_ms: r.number(row, 4, `${name} MaxLat`),
    };
  }
  if (Object.keys(operations).length === 0) {
    throw new ParseError(FORMAT, r.peek()?.no, 'the operation table has no rows');
  }
  r.skipBlank();
  const t = r.expect(
    THROUGHPUT,
    '"Throughput <x> MB/sec  <n> clients  <n> procs  max_latency=<x> ms"',
  );
  r.end();

  return {
    version,
    time_limit_s: r.count(running, 1, 'seconds'),
    loadfile: running.m[2]!,
    warmup_s: r.count(running, 3, 'warmup'),
    progress,
    operations,
    throughput_mb_per_s: r.number(t, 1, 'Throughput'),
    clients_count: r.count(t, 4, 'clients'),
    procs_count: r.count(t, 5, 'procs'),
    max_latency_ms: r.number(t, 6, 'max_latency'),
    sync_open: t.m[2] !== '',
    sync_dirs: t.m[3] !== '',
    messages,
  };
}
