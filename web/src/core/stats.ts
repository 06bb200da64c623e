/**
 * Noise over seeds, as ministat reports it: a sweep runs every point with
 * several seeds, and each number it shows is the median of those runs with
 * their min and max beside it. A before/after difference counts as
 * significant only when the two ranges do not overlap: where they overlap,
 * changing the seed moves the result as much as the patch does.
 *
 * Pure: the sweep (sweep.ts), the command line and the pages all use these.
 */

/** The min, median and max of a set of runs' values. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** What the ranges over seeds say about a before/after difference. */
export type Verdict =
  /** the ranges do not overlap: the patch moves the result more than the seed does */
  | 'significant'
  /** the ranges overlap: the seed moves the result as much as the patch does */
  | 'overlap'
  /** fewer than MIN_SEEDS_FOR_VERDICT runs a side: there is no range to compare */
  | 'untested';

/** Below this many seeds a side there is no range, and no verdict. */
export const MIN_SEEDS_FOR_VERDICT = 2;

/** The median: the middle value, or the mean of the two middle ones for an even count; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
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

/** Whether two closed ranges [min, max] share a value. */
export function overlaps(a: Spread, b: Spread): boolean {
  return a.min <= b.max && b.min <= a.max;
}

/**
 * The verdict on a before/after difference from each side's spread over
 * `seeds` runs: significant only when the ranges do not overlap.
 */
export function verdict(before: Spread, after: Spread, seeds: number): Verdict {
  if (seeds < MIN_SEEDS_FOR_VERDICT) return 'untested';
  if ([before.min, before.max, after.min, after.max].some((v) => Number.isNaN(v))) return 'untested';
  return overlaps(before, after) ? 'overlap' : 'significant';
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

/**
 * Two-sided 95% critical values of Student's t by degrees of freedom (1 to 30, then 40, 60, 120 and the
 * normal's 1.960), as ministat's table has them.
 */
const T95: readonly number[] = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093,
  2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** the 95% two-sided critical t for @df degrees of freedom (a larger df takes the next smaller table entry's) */
export function tCritical95(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T95[df - 1] as number;
  if (df < 40) return 2.042;
  if (df < 60) return 2.021;
  if (df < 120) return 2.0;
  return 1.98;
}

export interface TTest {
  /** |mean(a) - mean(b)| over the pooled standard error */
  t: number;
  df: number;
  critical: number;
  /** t > critical: the means differ at 95% confidence */
  significant: boolean;
}

/**
 * studentT - ministat's test: Student's t with the pooled variance of two samples, two-sided at 95%.
 * Null with fewer than two values a side, or when both samples are constant (no variance to test against).
 */
export function studentT(a: readonly number[], b: readonly number[]): TTest | null {
  if (a.length < 2 || b.length < 2) return null;
  if ([...a, ...b].some((v) => !Number.isFinite(v))) return null;
  const mean = (x: readonly number[]): number => x.reduce((s, v) => s + v, 0) / x.length;
  const ss = (x: readonly number[], m: number): number => x.reduce((s, v) => s + (v - m) * (v - m), 0);
  const ma = mean(a);
  const mb = mean(b);
  const df = a.length + b.length - 2;
  const pooled = (ss(a, ma) + ss(b, mb)) / df;
  if (pooled === 0) return null;
  const t = Math.abs(ma - mb) / Math.sqrt(pooled * (1 / a.length + 1 / b.length));
  const critical = tCritical95(df);
  return { t, df, critical, significant: t > critical };
}

/** How sure a change between the before runs and the after runs is. */
export interface SetSignificance {
  /**
   * significant: the ranges of the two sets do not overlap (by 'ranges'), or they overlap and Student's t
   * says the means differ at 95% (by 't'); not significant: neither; too few runs: fewer than two a side
   */
  verdict: 'significant' | 'not significant' | 'too few runs';
  by: 'ranges' | 't' | null;
  t: TTest | null;
}

/** significance - the verdict on two sets of one metric's values */
export function significance(before: readonly number[], after: readonly number[]): SetSignificance {
  if (before.length < MIN_SEEDS_FOR_VERDICT || after.length < MIN_SEEDS_FOR_VERDICT) return { verdict: 'too few runs', by: null, t: null };
  const t = studentT(before, after);
  if (!overlaps(spread(before), spread(after))) return { verdict: 'significant', by: 'ranges', t };
  if (t?.significant) return { verdict: 'significant', by: 't', t };
  return { verdict: 'not significant', by: null, t };
}


/** describeSignificance - a verdict in a few words, with the t-test's numbers when they decided it */
export function describeSignificance(g: SetSignificance): string {
  if (g.verdict === 'significant')
    return g.by === 'ranges' ? 'yes (ranges apart)' : `yes (t = ${g.t!.t.toFixed(2)} > ${g.t!.critical}, df ${g.t!.df})`;
  if (g.verdict === 'not significant') return `no${g.t ? ` (t = ${g.t.t.toFixed(2)} <= ${g.t.critical})` : ' (ranges overlap)'}`;
  return 'too few runs';
}
