/**
 * ext4-writeback's measurements on record (measure.ts adds an entry to
 * measured/<YYYY-MM-DD>.json): their schema, and the newest entry as the
 * page quotes it: after against before in IOPS at the mail's shape over its
 * seeds, with the 95% interval, and at the held-out points.
 */
import { z } from 'zod';
import { JsonNumber, LoadAverage, MeasuredBase, newestEntry, parseMeasuredDay, type MeasuredDay } from '../../../../lib/measured';
import day from './measured/2026-11-29.json' with { type: 'json' };

/** The newest day on record, which the page imports. */
export const MEASURED_FILE = '2026-11-29.json';

const Change = z.object({ point: JsonNumber, low: JsonNumber, high: JsonNumber });
const Point = z.object({
  id: z.string(),
  label: z.string(),
  /** the native simulator's parameters, k=v;k=v */
  params: z.string(),
  seeds: z.array(z.number().int()).min(1),
  iops: z.object({ before: z.array(JsonNumber), after: z.array(JsonNumber) }),
  /** after against before, in %, seed paired, and its 95% interval */
  iops_change_pct: Change,
  after_ahead_on: z.number().int().nonnegative(),
  /** mailCheck.ts's checks, at the mail's shape */
  checks: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      tolerance: z.string(),
      variant: z.enum(['before', 'after']),
      mail: z.number(),
      median: JsonNumber,
      min: JsonNumber,
      max: JsonNumber,
      within: z.boolean(),
    }),
  ),
});
const Own = { measured_s: z.number().positive(), points: z.array(Point).min(1) };

/** An entry as measure.ts writes it: the common fields (lib/measured.ts) and the points. */
const Current = MeasuredBase.extend(Own);
/**
 * The first record's form (2026-11-29), written before the measure scripts
 * shared their entry: its own names for the load and the wall time, a short
 * revision, no machine. It is read as it stands.
 */
const FirstForm = z.object({ at: z.iso.datetime(), revision: z.string(), load_before: LoadAverage, load_after: LoadAverage, wall_s: z.number(), ...Own });
export const Entry = z.union([Current, FirstForm]);
export type MeasuredEntry = z.infer<typeof Entry>;

/** A day's file, checked; an error names the file and the first field that is wrong. */
export const parseDay = (json: unknown, file: string): MeasuredDay<MeasuredEntry> => parseMeasuredDay(Entry, json, file);

export interface MeasuredPoint {
  id: string;
  label: string;
  seeds: number;
  /** after against before, in %, and its 95% interval */
  change: { point: number; low: number; high: number };
  afterAheadOn: number;
}

/** An entry's points as the page quotes them. */
export function pagePoints(e: MeasuredEntry): { at: string; points: MeasuredPoint[] } {
  return { at: e.at, points: e.points.map((p) => ({ id: p.id, label: p.label, seeds: p.seeds.length, change: p.iops_change_pct, afterAheadOn: p.after_ahead_on })) };
}

export const MEASURED = pagePoints(newestEntry([parseDay(day, `measured/${MEASURED_FILE}`)]));

/** The point at the mail's shape. */
export const MAIL_POINT = MEASURED.points.find((p) => p.id === 'mail') as MeasuredPoint;
