/**
 * fs_mark's text output (Debian's fsmark 3.3): the header comments, then
 * one table row per loop (-L), with per-system-call columns when -v asks for
 * them.
 *
 *   #  fs_mark  -d  /mnt/0  -s  0  -S  5  -n  1024  -L  4
 *   #	Version 3.3, 1 thread(s) starting at Sat Nov 21 07:19:57 2026
 *   #	Sync method: POST: Reopen and fsync() each file in order after main write loop.
 *   #	Files info: size 0 bytes, written with an IO size of 16384 bytes per write
 *   FSUse%        Count         Size    Files/sec     App Overhead        CREAT (Min/Avg/Max) ...
 *        7          200            0        582.5              682       10       17       98 ...
 *
 * Count is cumulative over the loops; Files/sec is that loop's rate over all
 * threads; App Overhead is the loop's time outside the file system calls, in
 * us; the per-call columns are min, average and max of one call, in us.
 * fs_mark prints no summary of its own: `summary` is computed here.
 */
import { expectText, LineReader, ParseError, quote, readCount, readNumber, type Matched } from '../../../parsers/common';

const FORMAT = 'fs_mark';

export interface FsmarkSyscall {
  min_us: number;
  avg_us: number;
  max_us: number;
}

export interface FsmarkRow {
  fs_use_pct: number;
  /** files made so far, all threads, cumulative over the loops */
  files_count: number;
  file_size_bytes: number;
  files_per_s: number;
  app_overhead_us: number;
  /** per system call (creat, write, fsync, sync, close, unlink) when fs_mark ran with -v; else empty */
  syscalls: Record<string, FsmarkSyscall>;
}

export interface FsmarkSummary {
  rows_count: number;
  /** the last row's Count: files made in all */
  files_count: number;
  /** the mean of the rows' Files/sec */
  avg_files_per_s: number;
  min_files_per_s: number;
  max_files_per_s: number;
  avg_app_overhead_us: number;
}

export interface FsmarkResult {
  /** the command line fs_mark echoes, split into arguments */
  command: string[];
  version: string;
  threads_count: number;
  /** as fs_mark prints it (ctime, local time) */
  started_at: string;
  sync_method: string;
  directories: string;
  file_size_bytes: number;
  io_size_bytes: number;
  rows: FsmarkRow[];
  summary: FsmarkSummary;
}

const TABLE_HEAD = /^FSUse%\s+Count\s+Size\s+Files\/sec\s+App Overhead(.*)$/;

/** Parse fs_mark's stdout. Throws a ParseError naming the line that does not fit. */
export function parseFsmark(text: string): FsmarkResult {
  expectText(FORMAT, text, "fs_mark's output");
  const r = new LineReader(FORMAT, text);

  let command: string[] | undefined;
  let version: Matched | undefined;
  let sync: string | undefined;
  let dirs: string | undefined;
  let files: Matched | undefined;
  r.skipBlank();
  while (r.at(/^#/)) {
    const line = r.peek()!;
    const body = line.text.replace(/^#\s*/, '');
    const m = (re: RegExp): Matched | undefined => {
      const x = re.exec(body);
      return x ? { m: x, no: line.no } : undefined;
    };
    if (command === undefined && /^\S*fs_mark(\s|$)/.test(body)) command = body.trim().split(/\s+/);
    else if (/^Version /.test(body)) {
      version = m(/^Version (\S+), (\d+) thread\(s\) starting at (.+)$/);
      if (!version) throw new ParseError(FORMAT, line.no, `expected "Version <v>, <n> thread(s) starting at <time>", got ${quote(line.text)}`);
    } else if (/^Sync method: /.test(body)) sync = body.slice('Sync method: '.length).trim();
    else if (/^Directories: /.test(body)) dirs = body.slice('Directories: '.length).trim();
    else if (/^Files info: /.test(body)) {
      files = m(/^Files info: size (\d+) bytes, written with an IO size of (\d+) bytes per write$/);
      if (!files) {
        throw new ParseError(FORMAT, line.no, `expected "Files info: size <n> bytes, written with an IO size of <n> bytes per write", got ${quote(line.text)}`);
      }
    }
    r.index++;
  }
  const missing = [
    command === undefined && 'the command line ("#  fs_mark ...")',
    version === undefined && '"# Version ..."',
    sync === undefined && '"# Sync method: ..."',
    dirs === undefined && '"# Directories: ..."',
    files === undefined && '"# Files info: ..."',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ParseError(FORMAT, r.peek()?.no, `the header lacks ${missing.join(', ')}: is this fs_mark's output?`);
  }

  r.skipBlank();
  const head = r.expect(TABLE_HEAD, '"FSUse%  Count  Size  Files/sec  App Overhead ..." (the table header)');
  const rest = head.m[1]!.trim();
  const ops: string[] = [];
  if (rest !== '') {
    if (!/^(\S+ \(Min\/Avg\/Max\)\s*)+$/.test(rest)) {
      throw new ParseError(FORMAT, head.no, `expected per-call columns "<CALL> (Min/Avg/Max)", got ${quote(rest)}`);
    }
    for (const x of rest.matchAll(/(\S+) \(Min\/Avg\/Max\)/g)) ops.push(x[1]!.toLowerCase());
  }
  const width = 5 + 3 * ops.length;

  const rows: FsmarkRow[] = [];
  while (r.peek() !== undefined) {
    if (r.at(/^\s*$/)) {
      r.index++;
      continue;
    }
    const line = r.peek()!;
    if (/^fs_mark:|^Insufficient free space/.test(line.text)) {
      throw new ParseError(FORMAT, line.no, `fs_mark reported an error: ${quote(line.text, 200)}`);
    }
    const cells = line.text.trim().split(/\s+/);
    if (cells.length !== width) {
      throw new ParseError(
        FORMAT,
        line.no,
        `a table row has ${width} numbers (FSUse%, Count, Size, Files/sec, App Overhead${ops.length ? `, min/avg/max for ${ops.join(', ')}` : ''}), got ${cells.length}: ${quote(line.text)}`,
      );
    }
    const cell = (k: number, field: string): number => readCount(FORMAT, line.no, field, cells[k]!);
    const row: FsmarkRow = {
      fs_use_pct: cell(0, 'FSUse%'),
      files_count: cell(1, 'Count'),
      file_size_bytes: cell(2, 'Size'),
      files_per_s: readNumber(FORMAT, line.no, 'Files/sec', cells[3]!),
      app_overhead_us: cell(4, 'App Overhead'),
      syscalls: {},
    };
    ops.forEach((op, k) => {
      row.syscalls[op] = {
        min_us: cell(5 + 3 * k, `${op} min`),
        avg_us: cell(6 + 3 * k, `${op} avg`),
        max_us: cell(7 + 3 * k, `${op} max`),
      };
    });
    rows.push(row);
    r.index++;
  }
  if (rows.length === 0) throw new ParseError(FORMAT, undefined, 'the table has no rows: did fs_mark finish a loop?');

  const rates = rows.map((x) => x.files_per_s);
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    command: command!,
    version: version!.m[1]!,
    threads_count: r.count(version!, 2, 'threads'),
    started_at: version!.m[3]!.trim(),
    sync_method: sync!,
    directories: dirs!,
    file_size_bytes: r.count(files!, 1, 'file size'),
    io_size_bytes: r.count(files!, 2, 'IO size'),
    rows,
    summary: {
      rows_count: rows.length,
      files_count: rows[rows.length - 1]!.files_count,
      avg_files_per_s: mean(rates),
      min_files_per_s: Math.min(...rates),
      max_files_per_s: Math.max(...rates),
      avg_app_overhead_us: mean(rows.map((x) => x.app_overhead_us)),
    },
  };
}
