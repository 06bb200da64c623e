/**
 * A lab's measurements on record, the part every side reads: a lab's
 * measure script runs its pairs of variants over seeds (overSeeds), takes
 * each change seed by seed with its verdict (verdictRecord, lib/verdict.ts)
 * and adds an entry to <lab folder>/measured/<YYYY-MM-DD>.json
 * (bench/measure-record.ts writes it). An entry is the common fields below
 * (MeasuredBase: when, the revision, the machine, its load, how long, the
 * seeds) and the lab's own; a day's file is { date, entries } and is read
 * back through the lab's schema (parseMeasuredDay), an error naming the file
 * and the first field that is wrong. The docs quote the newest entry as a
 * table between two markers (withBetweenMarkers).
 *
 * Pure: no file system, so that a page can read its lab's record.
 */
import { z } from 'zod';
import { tryVerdict, VERDICTS, type MailChange } from './verdict';

/** os.loadavg(): the 1-, 5- and 15-minute load averages. */
export const LoadAverage = z.tuple([z.number().nonnegative(), z.number().nonnegative(), z.number().nonnegative()]);
export type LoadAverage = z.infer<typeof LoadAverage>;

/** The machine a measurement ran on. */
export const Machine = z.object({
  /** logical CPUs */
  cpus: z.number().int().positive(),
  /** the first CPU's model name */
  model: z.string(),
  memory_bytes: z.number().int().positive(),
  node: z.string(),
  platform: z.string(),
});
export type Machine = z.infer<typeof Machine>;

/** The revision measured: HEAD, the last commit of the simulator's sources, and whether they had changes not committed. */
export const Revision = z.object({ commit: z.string(), wasm_core: z.string(), dirty: z.boolean() });
export type Revision = z.infer<typeof Revision>;

/** What every entry holds beside the lab's own fields. */
export const MeasuredBase = z.object({
  /** ISO time the entry was written, at the end of the run */
  at: z.iso.datetime(),
  revision: Revision,
  machine: Machine,
  /** the load averages when the run began and when it ended */
  load: z.object({ before: LoadAverage, after: LoadAverage }),
  /** the run's wall time */
  seconds: z.number().nonnegative(),
  /** the seeds every configuration ran with, before and after of one seed paired */
  seeds: z.array(z.number().int()).min(1),
});
export type MeasuredBase = z.infer<typeof MeasuredBase>;

/** A number JSON kept: a NaN or an Infinity was written as null and reads back as NaN. */
export const JsonNumber = z.number().nullable().transform((v) => v ?? NaN);

/** A change's verdict as an entry keeps it: its kind, pairs, ratio and 95% interval, and the mail's ratio (null: none). */
export const VerdictRecord = z.object({
  kind: z.enum([...VERDICTS, 'too few runs', 'no mail figure', 'no verdict']),
  n: z.number().int(),
  ratio: JsonNumber,
  low: JsonNumber,
  high: JsonNumber,
  mail: z.number().nullable(),
  /** where the mail's change is within its noise: whether the simulator's is too (lib/verdict.ts) */
  noise: z.object({ sim: z.boolean() }).optional(),
});
export type VerdictRecord = z.infer<typeof VerdictRecord>;

/** The verdict on the change from `before` to `after`, paired seed by seed, against the mail's (null: none), as an entry keeps it. */
export function verdictRecord(before: readonly number[], after: readonly number[], mail: MailChange | null): VerdictRecord {
  const v = tryVerdict(before, after, mail);
  return { kind: v.kind, n: v.n, ratio: v.ratio, low: v.low, high: v.high, mail: mail?.ratio ?? null, ...(v.noise ? { noise: v.noise } : {}) };
}

/** A day's file of a lab's entries, by the lab's entry schema. */
export function measuredDay<E extends z.ZodType>(entry: E) {
  return z.object({
    /** YYYY-MM-DD, UTC: the file's name */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    entries: z.array(entry).min(1),
  });
}
export interface MeasuredDay<E> {
  date: string;
  entries: E[];
}

/** The name of a day's file, YYYY-MM-DD.json. */
export const DAY_FILE = /^\d{4}-\d{2}-\d{2}\.json$/;

/** A day's file read through the lab's entry schema; an error names the file and the first field that is wrong. */
export function parseMeasuredDay<E extends z.ZodType>(entry: E, json: unknown, file: string): MeasuredDay<z.output<E>> {
  const parsed = measuredDay(entry).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return parsed.data as MeasuredDay<z.output<E>>;
}

/** The last of the days' entries (days oldest first) that `which` takes; throws naming what was looked for. */
export function newestEntry<E>(days: readonly MeasuredDay<E>[], which: (e: E) => boolean = () => true, what = 'measurement'): E {
  const all = days.flatMap((d) => d.entries).filter(which);
  const e = all[all.length - 1];
  if (e === undefined) throw new Error(`no ${what} on record`);
  return e;
}

/** A run of one variant with its parameters and seed: the metrics it gives. */
export type RunMetrics = (variant: string, params: Readonly<Record<string, number | string>>, seed: number) => Readonly<Record<string, number>>;

/**
 * The runs of a configuration over the seeds, one per seed in the seeds'
 * order, each configuration (variant and parameters) run once however many
 * pairs take it.
 */
export function overSeeds(run: RunMetrics, seeds: readonly number[]) {
  const done = new Map<string, ReadonlyArray<Readonly<Record<string, number>>>>();
  return (variant: string, params: Readonly<Record<string, number | string>>): ReadonlyArray<Readonly<Record<string, number>>> => {
    const key = JSON.stringify([variant, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
    let runs = done.get(key);
    if (!runs) {
      runs = seeds.map((s) => run(variant, params, s));
      done.set(key, runs);
    }
    return runs;
  };
}

/** One metric of runs, a value a run (NaN where a run lacks it). */
export function column(runs: ReadonlyArray<Readonly<Record<string, number>>>, metric: string): number[] {
  return runs.map((r) => r[metric] ?? NaN);
}

/** Two markers of a document, between which a generated table stands. */
export interface Markers {
  begin: string;
  end: string;
}

/**
 * The document with `body` between its markers, a blank line on each side,
 * the rest unchanged; throws naming the document and the marker it lacks
 * (or that they are out of order).
 */
export function withBetweenMarkers(doc: string, markers: Markers, body: string, docName: string): string {
  const b = doc.indexOf(markers.begin);
  if (b < 0) throw new Error(`${docName} lacks the marker ${markers.begin}`);
  const e = doc.indexOf(markers.end, b + markers.begin.length);
  if (e < 0) throw new Error(`${docName} lacks the marker ${markers.end} after ${markers.begin}`);
  return `${doc.slice(0, b + markers.begin.length)}\n\n${body.trim()}\n\n${doc.slice(e)}`;
}
