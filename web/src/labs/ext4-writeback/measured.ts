/**
 * The newest measurements file (measure.ts writes one a day), as the page
 * quotes it: after against before in IOPS at the mail's shape over its
 * seeds, with the 95% interval, and at the held-out points.
 */
import data from './measurements/2026-11-29.json' with { type: 'json' };

export const MEASURED_FILE = '2026-11-29.json';

export interface MeasuredPoint {
  id: string;
  label: string;
  seeds: number;
  /** after against before, in %, and its 95% interval */
  change: { point: number; low: number; high: number };
  afterAheadOn: number;
}

export const MEASURED: { at: string; points: MeasuredPoint[] } = {
  at: data.at,
  points: data.points.map((p) => ({ id: p.id, label: p.label, seeds: p.seeds.length, change: p.iops_change_pct, afterAheadOn: p.after_ahead_on })),
};

/** The point at the mail's shape. */
export const MAIL_POINT = MEASURED.points.find((p) => p.id === 'mail') as MeasuredPoint;
