/**
 * The benchmark's measurements on record: every `npm run bench` (whole, or
 * one part of it) adds an entry to bench/measurements/<YYYY-MM-DD>.json,
 * a committed file, with the machine it ran on and its load beside the
 * numbers. bench/results.json keeps only the last run of each part and is
 * not committed; the dated files are the history.
 *
 * A file is one day (UTC) of entries in the order they were made. An entry
 * that cannot be read back (the file edited by hand into something else) is
 * an error naming the file: nothing on record is overwritten.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { LoadAverage, Machine, Revision } from '../lib/measured';

export { LoadAverage, Machine };

/** The parts of the benchmark that write an entry: everything, or one alone (--only). */
export const PARTS = ['all', 'scale', 'lessons', 'frames', 'kernel'] as const;
export type Part = (typeof PARTS)[number];

const Entry = z.object({
  /** ISO time the entry was written, at the end of the part */
  at: z.iso.datetime(),
  part: z.enum(PARTS),
  /** the command line's arguments after `npm run bench --` */
  args: z.array(z.string()),
  revision: Revision.nullable(),
  machine: Machine,
  /** the load averages when the part began (null where it was not read) and when it ended */
  load: z.object({ before: LoadAverage.nullable(), after: LoadAverage }),
  /** what the part measured, as it writes it into bench/results.json */
  results: z.unknown(),
});
export type MeasurementEntry = z.infer<typeof Entry>;

const DayFile = z.object({
  /** YYYY-MM-DD, UTC */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  entries: z.array(Entry),
});
export type MeasurementDay = z.infer<typeof DayFile>;

/** This machine, as an entry records it. */
export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? '',
    memory_bytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The load averages now. */
export function loadNow(): LoadAverage {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
}

/** The day of a time, in UTC, as the file is named. */
export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** bench/measurements/<YYYY-MM-DD>.json under a checkout's root. */
export function measurementFile(root: string, time: Date): string {
  return join(root, 'bench', 'measurements', `${dayOf(time)}.json`);
}

/**
 * A day's file read through its schema, or `empty` when there is none yet;
 * an error names the file and the first field that is wrong, and `advice`
 * follows it.
 */
export function readDayFile<D extends { date: string }>(path: string, date: string, schema: z.ZodType<D>, empty: D, advice = ''): D {
  if (!existsSync(path)) return empty;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path} is not JSON (${e instanceof Error ? e.message : String(e)})${advice}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.') || 'the file'}: ${issue.message}${advice}`);
  }
  if (parsed.data.date !== date) throw new Error(`${path} says its date is ${parsed.data.date}; its name says ${date}`);
  return parsed.data;
}

/** A day's file, read and checked; an empty day when there is none yet. */
export function readDay(path: string, date: string): MeasurementDay {
  return readDayFile(path, date, DayFile, { date, entries: [] }, '; mend or move it, the bench adds to it');
}

export interface RecordOptions {
  root: string;
  part: Part;
  results: unknown;
  /** the load averages when the part began, or null */
  loadBefore: LoadAverage | null;
  args?: readonly string[];
  revision?: MeasurementEntry['revision'];
  /** the time of the entry (default now), which names the file */
  now?: Date;
  /** the machine (default this one) */
  machine?: Machine;
  /** the load when the part ended (default now) */
  loadAfter?: LoadAverage;
}

/**
 * Add a measurement to its day's file and return the file's path, relative
 * to the root. The results are kept as JSON keeps them, as in
 * bench/results.json (a NaN or an Infinity reads back as null).
 */
export function recordMeasurement(o: RecordOptions): string {
  const now = o.now ?? new Date();
  const path = measurementFile(o.root, now);
  const day = readDay(path, dayOf(now));
  const text = JSON.stringify(o.results);
  if (text === undefined) throw new Error(`the ${o.part} results are not JSON`);
  const entry = Entry.parse({
    at: now.toISOString(),
    part: o.part,
    args: [...(o.args ?? [])],
    revision: o.revision ?? null,
    machine: o.machine ?? machine(),
    load: { before: o.loadBefore, after: o.loadAfter ?? loadNow() },
    results: JSON.parse(text),
  });
  day.entries.push(entry);
  mkdirSync(join(o.root, 'bench', 'measurements'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(day, null, 2)}\n`);
  return relative(o.root, path);
}
