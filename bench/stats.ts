/** Small statistics and formatting for the benchmark report. */

/** The q-quantile (0..1) of values, by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** 1234567 -> "1.23 M", 2048 -> "2.05 k". */
export function si(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return '-';
  const steps: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [scale, prefix] of steps) {
    if (Math.abs(value) >= scale) return `${(value / scale).toFixed(2)} ${prefix}${unit}`;
  }
  return `${value.toFixed(value >= 100 ? 0 : 2)}${unit ? ` ${unit}` : ''}`;
}

/** Bytes as KB (1000 bytes, as bundle budgets are usually written). */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

export interface Row {
  measure: string;
  value: string;
  target: string;
  /** null when the measure has no target */
  met: boolean | null;
}

/** A Markdown table of the rows. */
export function markdown(rows: readonly Row[]): string {
  const cells = rows.map((r) => [r.measure, r.value, r.target, r.met === null ? '' : r.met ? 'met' : 'MISSED']);
  return grid(['measure', 'value', 'target', ''], cells);
}

/** A Markdown table of any cells, its columns padded to their widest cell. */
export function grid(header: readonly string[], cells: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]): string => `| ${widths.map((w, i) => (c[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** One timed simulator run: what it did (from its result JSON) and how long it took. */
export interface TimedRun {
  variant: string;
  /** sim.events: DES events, of which one may carry a whole walk */
  events: number;
  /** sim.steps: model steps (the trace's steps), null where the result has none */
  steps: number | null;
  /** the lab's own count of work (sim.ts's WORK: nodes walked, lookups), null where it has none */
  work: number | null;
  wall_s: number;
}

export interface Speed {
  runs: number;
  events: number;
  /** null when a run did not report its steps */
  steps: number | null;
  wall_s: number;
  events_per_s: number;
  steps_per_s: number | null;
}

const total = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Events and model steps per second over runs: their totals over their summed time. */
export function speed(runs: readonly TimedRun[]): Speed {
  const wall = total(runs.map((r) => r.wall_s));
  const events = total(runs.map((r) => r.events));
  const steps = runs.every((r) => r.steps !== null) ? total(runs.map((r) => r.steps ?? 0)) : null;
  return {
    runs: runs.length,
    events,
    steps,
    wall_s: wall,
    events_per_s: events / wall,
    steps_per_s: steps === null ? null : steps / wall,
  };
}

export interface WorkRate {
  /** the runs counted: those of the variants that do the work */
  runs: number;
  total: number;
  wall_s: number;
  per_s: number;
}

/**
 * A lab's own work per second, over the runs of `variants` only (a variant
 * that does none of the work, as a patched kernel that no longer walks, would
 * dilute the rate). Null when no such run reported the work.
 */
export function workRate(runs: readonly TimedRun[], variants: readonly string[]): WorkRate | null {
  const counted = runs.filter((r) => variants.includes(r.variant));
  if (counted.length === 0 || counted.some((r) => r.work === null)) return null;
  const wall = total(counted.map((r) => r.wall_s));
  const work = total(counted.map((r) => r.work ?? 0));
  return { runs: counted.length, total: work, wall_s: wall, per_s: work / wall };
}
