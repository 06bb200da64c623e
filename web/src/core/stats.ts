/**
 * Spread over seeds, as ministat reports it: a sweep runs every point with
 * several seeds, and each number it shows is the median of those runs with
 * their min and max beside it. Whether a before/after change stands out of
 * the seeds' noise, and how it compares with the mail's, is lib/verdict.ts's.
 *
 * Pure: the sweep (sweep.ts), the command line and the pages all use these.
 */

/** The min, median and max of a set of runs' values. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** The median: the middle value, or the mean of the two middle ones for an even count; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of the finite values among them (a record's missing values, null or NaN, left out); NaN for none. */
export function finiteMedian(values: readonly (number | null)[]): number {
  return median(values.filter((v): v is number => v !== null && Number.isFinite(v)));
}

/**
 * The min, median and max of values; all NaN for none. A NaN among the
 * values makes all three NaN: a run without the number has no place in it.
 */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0 || values.some((v) => Number.isNaN(v))) return { min: NaN, median: NaN, max: NaN };
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

/**
 * A spread through a monotonic function, e.g. into a table's unit
 * (v => v / scale): a decreasing one swaps min and max.
 */
export function mapSpread(s: Spread, f: (v: number) => number): Spread {
  const a = f(s.min);
  const b = f(s.max);
  return { min: Math.min(a, b), median: f(s.median), max: Math.max(a, b) };
}

/**
 * Each metric's spread over runs: one entry per metric name any run has; a
 * metric some run lacks gets NaN (see spread()).
 */
export function metricSpreads(runs: readonly { metrics: Readonly<Record<string, number>> }[]): Record<string, Spread> {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))];
  return Object.fromEntries(names.map((name) => [name, spread(runs.map((r) => r.metrics[name] ?? NaN))]));
}

/** The medians of metricSpreads(), by metric. */
export function medians(spreads: Readonly<Record<string, Spread>>): Record<string, number> {
  return Object.fromEntries(Object.entries(spreads).map(([name, s]) => [name, s.median]));
}
