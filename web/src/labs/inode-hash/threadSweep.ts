/**
 * The thread sweep's pure half: its runs as lines (one per file system and
 * variant, the median total time over the seeds against threads, with the
 * min and max), the patch's change at each thread count with its verdict
 * against the mail's (lib/verdict.ts; at the mail's own thread count, its
 * row's change, elsewhere none), and the chart's domain.
 */
import { changePct } from '../../../../lib/compare';
import { tryVerdict, type MailChange, type Verdict } from '../../../../lib/verdict';
import { mapSpread, type Spread } from '../../core/stats';
import { rowMailChange } from '../../core/sweep';
import type { PaperRow } from '../../core/types';
import type { MailMark } from './ThreadSweepChart';
import { fsOf, type Fs, type MailRow } from './mail';

export interface SweepPoint {
  threads: number;
  /** the median over the seeds */
  value: number;
  /** min, median and max over the seeds */
  range: Spread;
  seeds: number;
  /** each seed's value, in the seeds' order */
  values: number[];
  /** the mail's change at this point (its row's), null where the mail has no row */
  mail: MailChange | null;
}

export interface SweepLine {
  fs: Fs;
  variant: 'before' | 'after';
  points: SweepPoint[];
}

/** The largest thread count and value to draw (at least 1 each, so that an empty chart still has axes). */
export function sweepDomain(lines: readonly SweepLine[], marks: readonly MailMark[] = []): { maxThreads: number; maxValue: number } {
  let maxThreads = 1;
  let maxValue = 0;
  for (const l of lines)
    for (const p of l.points) {
      maxThreads = Math.max(maxThreads, p.threads);
      for (const v of [p.value, p.range.max]) if (Number.isFinite(v)) maxValue = Math.max(maxValue, v);
    }
  for (const m of marks) {
    maxThreads = Math.max(maxThreads, m.threads);
    maxValue = Math.max(maxValue, m.value);
  }
  return { maxThreads, maxValue: maxValue > 0 ? maxValue : 1 };
}

/** What the lines need from a sweep (core/sweep.ts's SweepResult fits). */
export interface ThreadSweepLike {
  scale: number;
  rows: ReadonlyArray<{
    row: number;
    /** the mail's figures where the point is a row of its table */
    paper: PaperRow['paper'] | null;
    params: Record<string, number>;
    seeds: readonly number[];
    /** each variant's ranges and runs (in the seeds' order) by name: this lab's are before and after */
    runs: Readonly<Record<string, { ranges: Readonly<Record<string, Spread>>; runs: ReadonlyArray<{ metrics: Readonly<Record<string, number>> }> }>>;
  }>;
}

const ORDER: readonly [Fs, 'before' | 'after'][] = [
  ['ext4', 'before'],
  ['ext4', 'after'],
  ['btrfs', 'before'],
  ['btrfs', 'after'],
];

/**
 * The sweep's runs as lines of `metric` (divided by the table's scale, as
 * the paper table reads it) against threads: one line per file system and
 * variant, points in thread order, one point per thread count (a later run
 * of the same count replaces an earlier one), each the median over the
 * seeds with its range. Runs of another fs value are left out.
 */
export function sweepLines(sweep: ThreadSweepLike, metric = 'total_s'): SweepLine[] {
  const byLine = new Map<string, Map<number, SweepPoint>>();
  for (const r of sweep.rows) {
    const fs = fsOf(r.params.fs);
    const threads = r.params.threads;
    if (!fs || threads === undefined) continue;
    for (const variant of ['before', 'after'] as const) {
      const s = r.runs[variant]?.ranges[metric];
      if (s === undefined) throw new Error(`the sweep's ${variant} runs of ${fs} at ${threads} threads have no metric ${metric}`);
      const range = mapSpread(s, (v) => v / (sweep.scale || 1));
      const values = r.runs[variant]!.runs.map((run) => (run.metrics[metric] ?? NaN) / (sweep.scale || 1));
      const key = `${fs}/${variant}`;
      const m = byLine.get(key) ?? new Map<number, SweepPoint>();
      m.set(threads, { threads, value: range.median, range, seeds: r.seeds.length, values, mail: metric === 'total_s' ? rowMailChange('inode-hash', r) : null });
      byLine.set(key, m);
    }
  }
  return ORDER.flatMap(([fs, variant]) => {
    const m = byLine.get(`${fs}/${variant}`);
    if (!m) return [];
    const points = [...m.values()].sort((a, b) => a.threads - b.threads);
    return [{ fs, variant, points }];
  });
}

/** The mail's totals as marks on the thread chart. */
export function mailMarks(rows: readonly MailRow[]): MailMark[] {
  return rows.flatMap((r) =>
    (['before', 'after'] as const).map((variant) => ({ fs: r.fs, variant, threads: r.threads, value: r[variant].total_s })),
  );
}

export interface ThreadChange {
  threads: number;
  /** the change of the medians, in percent (negative: faster) */
  changePct: number;
  range: { before: Spread; after: Spread };
  seeds: number;
  /** the change seed by seed against the mail's at this thread count (lib/verdict.ts) */
  verdict: Verdict;
}

/** How much after saves over before at each thread count of a file system, and whether it is more than the seeds' noise. */
export function afterVsBefore(lines: readonly SweepLine[], fs: Fs): ThreadChange[] {
  const before = lines.find((l) => l.fs === fs && l.variant === 'before');
  const after = lines.find((l) => l.fs === fs && l.variant === 'after');
  if (!before || !after) return [];
  return before.points.flatMap((b) => {
    const a = after.points.find((p) => p.threads === b.threads);
    const change = a && changePct(b.value, a.value);
    if (!a || change === undefined || !(b.value > 0)) return [];
    const seeds = Math.min(a.seeds, b.seeds);
    return [
      {
        threads: b.threads,
        changePct: change,
        range: { before: b.range, after: a.range },
        seeds,
        verdict: tryVerdict(b.values, a.values, b.mail),
      },
    ];
  });
}
