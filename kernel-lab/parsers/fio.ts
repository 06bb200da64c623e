/**
 * fio's JSON output (`--output-format=json`, fio 3.33 as in Debian bookworm):
 * per job, each direction's I/O count, bandwidth, IOPS, runtime and
 * submission / completion / total latency with percentiles, and the "sync"
 * section (fsync or fdatasync latency); per group, the same summed over its
 * jobs.
 *
 * fio may print lines before the JSON object (notes and warnings such as
 * "note: both iodepth >= 1 and synchronous I/O engine are selected ...",
 * which the guest captures with stdout) and after it; they are kept in
 * `messages`. The object itself is checked with zod.
 *
 * Units as fio reports them: latencies in ns, bandwidth in KiB/s ("bw") and
 * bytes/s, runtime in ms. A direction that did no I/O has zeros throughout.
 */
import { z } from 'zod';
import { expectText, linesOf, ParseError, quote } from './common';

const FORMAT = 'fio';

export interface FioLatency {
  samples_count: number;
  min_ns: number;
  max_ns: number;
  mean_ns: number;
  stddev_ns: number;
  /** by percentile: p1, p50, p99, p99_9, p99_99 ...; empty when fio computed none */
  percentiles_ns: Record<string, number>;
}

export interface FioDirection {
  io_bytes: number;
  bw_kib_per_s: number;
  bw_bytes_per_s: number;
  iops_per_s: number;
  runtime_ms: number;
  total_ios_count: number;
  short_ios_count: number;
  dropped_ios_count: number;
  /** submission latency (0 samples for synchronous engines) */
  slat: FioLatency;
  /** completion latency: fio's percentiles are here unless lat_percentiles=1 */
  clat: FioLatency;
  /** slat + clat */
  lat: FioLatency;
}

export interface FioSync {
  /** fio's own count; 3.33 counts fsync calls here but leaves fdatasync calls at 0 */
  total_ios_count: number;
  /** fsync or fdatasync latency: its samples_count counts the calls either way */
  lat: FioLatency;
}

export interface FioJob {
  name: string;
  groupid: number;
  /** fio's error number for the job, 0 when it ran clean */
  error: number;
  elapsed_s: number;
  job_runtime_ms: number;
  usr_cpu_pct: number;
  sys_cpu_pct: number;
  ctx_count: number;
  /** the job's options as fio echoes them */
  options: Record<string, string>;
  read: FioDirection;
  write: FioDirection;
  trim: FioDirection;
  sync: FioSync;
}

/** One direction summed over a group's jobs. */
export interface FioGroupDirection {
  io_bytes: number;
  /** sums over the jobs */
  bw_kib_per_s: number;
  iops_per_s: number;
  total_ios_count: number;
  /** the longest job's runtime */
  runtime_ms: number;
  /** means weighted by each job's samples; 0 when there are none */
  clat_mean_ns: number;
  lat_mean_ns: number;
  /** extremes over the jobs; 0 when there are no samples */
  clat_min_ns: number;
  clat_max_ns: number;
  lat_max_ns: number;
}

export interface FioGroup {
  groupid: number;
  /**
   * job entries in the JSON for this group: with group_reporting fio prints
   * one entry for the whole group (and its percentiles), so this is 1
   */
  jobs_count: number;
  read: FioGroupDirection;
  write: FioGroupDirection;
  trim: FioGroupDirection;
  /** calls_count sums the sync latency samples: the fsync or fdatasync calls */
  sync: { total_ios_count: number; calls_count: number; lat_mean_ns: number; lat_max_ns: number };
}

export interface FioDiskUtil {
  name: string;
  read_ios_count: number;
  write_ios_count: number;
  util_pct: number;
}

export interface FioResult {
  version: string;
  timestamp_s: number;
  time: string;
  global_options: Record<string, string>;
  jobs: FioJob[];
  /** by groupid, ascending */
  groups: FioGroup[];
  disk_util: FioDiskUtil[];
  /** lines fio printed before or after its JSON, blank ones left out */
  messages: string[];
}

/* ---- the JSON fio prints, as far as it is read ---- */

const num = z.number();
const count = z.number().int().nonnegative();

const Latency = z.object({
  min: num,
  max: num,
  mean: num,
  stddev: num,
  N: count,
  percentile: z.record(z.string(), num).optional(),
});

const Direction = z.object({
  io_bytes: count,
  bw_bytes: num,
  bw: num,
  iops: num,
  runtime: num,
  total_ios: count,
  short_ios: count,
  drop_ios: count,
  slat_ns: Latency,
  clat_ns: Latency,
  lat_ns: Latency,
});

const Job = z.object({
  jobname: z.string(),
  groupid: count,
  error: z.number().int(),
  elapsed: num,
  'job options': z.record(z.string(), z.string()).optional(),
  read: Direction,
  write: Direction,
  trim: Direction,
  sync: z.object({ total_ios: count, lat_ns: Latency }),
  job_runtime: num,
  usr_cpu: num,
  sys_cpu: num,
  ctx: count,
});

const Output = z.object({
  'fio version': z.string(),
  timestamp: num,
  time: z.string(),
  'global options': z.record(z.string(), z.string()).optional(),
  jobs: z.array(Job).min(1, 'fio ran no job'),
  disk_util: z
    .array(z.object({ name: z.string(), read_ios: count, write_ios: count, util: num }))
    .optional(),
});

type RawLatency = z.infer<typeof Latency>;
type RawDirection = z.infer<typeof Direction>;

/** "99.900000" -> "p99_9", "50.000000" -> "p50". */
export function percentileName(key: string): string {
  const p = Number(key);
  if (!Number.isFinite(p) || p < 0 || p > 100) throw new ParseError(FORMAT, undefined, `percentile key ${JSON.stringify(key)} is not a number from 0 to 100`);
  return `p${String(p).replace('.', '_')}`;
}

function latency(raw: RawLatency): FioLatency {
  const percentiles: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw.percentile ?? {})) percentiles[percentileName(k)] = v;
  return {
    samples_count: raw.N,
    min_ns: raw.min,
    max_ns: raw.max,
    mean_ns: raw.mean,
    stddev_ns: raw.stddev,
    percentiles_ns: percentiles,
  };
}

function direction(raw: RawDirection): FioDirection {
  return {
    io_bytes: raw.io_bytes,
    bw_kib_per_s: raw.bw,
    bw_bytes_per_s: raw.bw_bytes,
    iops_per_s: raw.iops,
    runtime_ms: raw.runtime,
    total_ios_count: raw.total_ios,
    short_ios_count: raw.short_ios,
    dropped_ios_count: raw.drop_ios,
    slat: latency(raw.slat_ns),
    clat: latency(raw.clat_ns),
    lat: latency(raw.lat_ns),
  };
}

/** The mean of means weighted by samples; 0 without samples. */
function weightedMean(parts: FioLatency[]): number {
  const n = parts.reduce((a, l) => a + l.samples_count, 0);
  return n === 0 ? 0 : parts.reduce((a, l) => a + l.mean_ns * l.samples_count, 0) / n;
}

/** The extreme of the jobs that have samples; 0 when none has. */
function extreme(parts: FioLatency[], pick: (l: FioLatency) => number, f: (...xs: number[]) => number): number {
  const xs = parts.filter((l) => l.samples_count > 0).map(pick);
  return xs.length === 0 ? 0 : f(...xs);
}

function groupDirection(dirs: FioDirection[]): FioGroupDirection {
  const clat = dirs.map((d) => d.clat);
  const lat = dirs.map((d) => d.lat);
  return {
    io_bytes: dirs.reduce((a, d) => a + d.io_bytes, 0),
    bw_kib_per_s: dirs.reduce((a, d) => a + d.bw_kib_per_s, 0),
    iops_per_s: dirs.reduce((a, d) => a + d.iops_per_s, 0),
    total_ios_count: dirs.reduce((a, d) => a + d.total_ios_count, 0),
    runtime_ms: Math.max(...dirs.map((d) => d.runtime_ms)),
    clat_mean_ns: weightedMean(clat),
    lat_mean_ns: weightedMean(lat),
    clat_min_ns: extreme(clat, (l) => l.min_ns, Math.min),
    clat_max_ns: extreme(clat, (l) => l.max_ns, Math.max),
    lat_max_ns: extreme(lat, (l) => l.max_ns, Math.max),
  };
}

function groupsOf(jobs: FioJob[]): FioGroup[] {
  const ids = [...new Set(jobs.map((j) => j.groupid))].sort((a, b) => a - b);
  return ids.map((groupid) => {
    const js = jobs.filter((j) => j.groupid === groupid);
    const sync = js.map((j) => j.sync.lat);
    return {
      groupid,
      jobs_count: js.length,
      read: groupDirection(js.map((j) => j.read)),
      write: groupDirection(js.map((j) => j.write)),
      trim: groupDirection(js.map((j) => j.trim)),
      sync: {
        total_ios_count: js.reduce((a, j) => a + j.sync.total_ios_count, 0),
        calls_count: sync.reduce((a, l) => a + l.samples_count, 0),
        lat_mean_ns: weightedMean(sync),
        lat_max_ns: extreme(sync, (l) => l.max_ns, Math.max),
      },
    };
  });
}

/**
 * The index of the first line at which `lines` stop being the start of a
 * JSON text: a prefix that is fine so far fails only at its end (strings
 * cannot hold a newline, so a line boundary is never inside one), and once
 * a prefix holds the fault every longer one does too.
 */
function firstBadLine(lines: string[]): number | undefined {
  const fine = (n: number): boolean => {
    const text = lines.slice(0, n).join('\n');
    try {
      JSON.parse(text);
      return true;
    } catch (e) {
      /* V8 says "Unexpected end of JSON input", or names the position just past the end */
      const msg = (e as Error).message;
      const at = /at position (\d+)/.exec(msg);
      return /end of JSON input/i.test(msg) || (at !== null && Number(at[1]) >= text.length);
    }
  };
  if (fine(lines.length)) return undefined;
  let lo = 0;
  let hi = lines.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fine(mid)) lo = mid;
    else hi = mid;
  }
  return hi - 1;
}

/** Parse fio's stdout (JSON output, possibly after fio's notes). Throws a ParseError naming the line or the field at fault. */
export function parseFio(text: string): FioResult {
  expectText(FORMAT, text, 'the output of fio --output-format=json');
  const lines = linesOf(text);
  const first = lines.findIndex((l) => /^\{\s*$/.test(l.text));
  let last = -1;
  for (let i = lines.length - 1; i > first && first >= 0; i--) {
    if (/^\}\s*$/.test(lines[i]!.text)) {
      last = i;
      break;
    }
  }
  if (first < 0 || last < 0) {
    throw new ParseError(
      FORMAT,
      undefined,
      'no JSON object (a line "{" ... a line "}"): run fio with --output-format=json',
    );
  }
  const outside = [...lines.slice(0, first), ...lines.slice(last + 1)];
  const jsonLines = lines.slice(first, last + 1).map((l) => l.text);
  let json: unknown;
  try {
    json = JSON.parse(jsonLines.join('\n'));
  } catch (e) {
    const bad = firstBadLine(jsonLines);
    const line = bad === undefined ? undefined : lines[first + bad]!.no;
    const text = bad === undefined ? '' : `: ${quote(jsonLines[bad]!)}`;
    throw new ParseError(FORMAT, line, `the JSON object does not parse (${(e as Error).message.split('\n')[0]})${text}`);
  }
  const r = Output.safeParse(json);
  if (!r.success) {
    const problems = r.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`)
      .join('; ');
    throw new ParseError(FORMAT, undefined, `not fio 3 JSON output: ${problems}`);
  }
  const o = r.data;
  const jobs: FioJob[] = o.jobs.map((j) => ({
    name: j.jobname,
    groupid: j.groupid,
    error: j.error,
    elapsed_s: j.elapsed,
    job_runtime_ms: j.job_runtime,
    usr_cpu_pct: j.usr_cpu,
    sys_cpu_pct: j.sys_cpu,
    ctx_count: j.ctx,
    options: j['job options'] ?? {},
    read: direction(j.read),
    write: direction(j.write),
    trim: direction(j.trim),
    sync: { total_ios_count: j.sync.total_ios, lat: latency(j.sync.lat_ns) },
  }));
  return {
    version: o['fio version'],
    timestamp_s: o.timestamp,
    time: o.time,
    global_options: o['global options'] ?? {},
    jobs,
    groups: groupsOf(jobs),
    disk_util: (o.disk_util ?? []).map((d) => ({
      name: d.name,
      read_ios_count: d.read_ios,
      write_ios_count: d.write_ios,
      util_pct: d.util,
    })),
    messages: outside.map((l) => l.text).filter((t) => t.trim() !== ''),
  };
}
