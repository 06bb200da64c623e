/**
 * The inode-hash lab's stat walker (kernel-lab/guest/statwalk.c): one JSON
 * object on stdout, e.g.
 *
 *   {"mode":"walk","threads":20,"dirs":1000,"files":1000,"stats":20000000,
 *    "elapsed_s":21.58,"user_s":3.24,"sys_s":397.73,"per_thread_s":[...]}
 *
 * "created" replaces "stats" in --create mode. threads, dirs, files and the
 * three times are required; mode, the count and per_thread_s are read when
 * present. Checked with zod.
 */
import { z } from 'zod';
import { expectText, ParseError } from '../../../parsers/common';

const FORMAT = 'statwalk';

const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative();

const Output = z.object({
  mode: z.enum(['create', 'walk']).optional(),
  threads: count.positive(),
  dirs: count.positive(),
  files: count.positive(),
  stats: count.optional(),
  created: count.optional(),
  elapsed_s: seconds,
  user_s: seconds,
  sys_s: seconds,
  per_thread_s: z.array(seconds).optional(),
});

export interface StatwalkResult {
  /** "walk" (stat every file) or "create" (build the trees); null when not printed */
  mode: 'create' | 'walk' | null;
  threads_count: number;
  /** directories per thread */
  dirs_count: number;
  /** files per directory */
  files_count: number;
  /** stat(2) calls done (walk) or files made (create); null when not printed */
  operations_count: number | null;
  /** first thread's start to last thread's end */
  elapsed_s: number;
  /** process CPU time in user mode from the start barrier on */
  user_s: number;
  /** process CPU time in the kernel from the start barrier on */
  sys_s: number;
  /** (user + sys) / elapsed, in percent: the "cpu" column of time(1) that the inode-hash mail quotes; null when elapsed is 0 */
  cpu_pct: number | null;
  /** operations_count / elapsed_s; null when either is unknown or elapsed is 0 */
  operations_per_s: number | null;
  /** each thread's own time, in thread order; empty when not printed */
  per_thread_s: number[];
}

/** Parse the walker's stdout. Throws a ParseError naming the field that does not fit. */
export function parseStatwalk(text: string): StatwalkResult {
  expectText(FORMAT, text, "the stat walker's JSON object");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ParseError(FORMAT, undefined, `not JSON (${(e as Error).message}); expected one object such as {"threads":2,...}`);
  }
  const r = Output.safeParse(json);
  if (!r.success) {
    const problems = r.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`)
      .join('; ');
    throw new ParseError(FORMAT, undefined, problems);
  }
  const o = r.data;
  if (o.stats !== undefined && o.created !== undefined) {
    throw new ParseError(FORMAT, undefined, 'both "stats" and "created": the walker prints one, by its mode');
  }
  if (o.mode === 'walk' && o.created !== undefined) {
    throw new ParseError(FORMAT, undefined, 'mode "walk" with "created": a walk prints "stats"');
  }
  if (o.mode === 'create' && o.stats !== undefined) {
    throw new ParseError(FORMAT, undefined, 'mode "create" with "stats": a create prints "created"');
  }
  if (o.per_thread_s !== undefined && o.per_thread_s.length !== o.threads) {
    throw new ParseError(
      FORMAT,
      undefined,
      `per_thread_s has ${o.per_thread_s.length} times for ${o.threads} threads; it has one per thread`,
    );
  }
  const ops = o.stats ?? o.created ?? null;
  return {
    mode: o.mode ?? null,
    threads_count: o.threads,
    dirs_count: o.dirs,
    files_count: o.files,
    operations_count: ops,
    elapsed_s: o.elapsed_s,
    user_s: o.user_s,
    sys_s: o.sys_s,
    cpu_pct: o.elapsed_s > 0 ? ((o.user_s + o.sys_s) / o.elapsed_s) * 100 : null,
    operations_per_s: ops !== null && o.elapsed_s > 0 ? ops / o.elapsed_s : null,
    per_thread_s: o.per_thread_s ?? [],
  };
}
