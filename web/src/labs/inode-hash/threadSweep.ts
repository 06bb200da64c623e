/**
 * The thread sweep's pure half: its runs as lines (one per file system and
 * variant, total time against threads) and the chart's domain.
 */
import type { RunResult } from '../../core/types';
import type { MailMark } from './ThreadSweepChart';
import { fsOf, type Fs, type MailRow } from './mail';

export interface SweepPoint {
  threads: number;
  value: number;
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
      if (Number.isFinite(p.value)) maxValue = Math.max(maxValue, p.value);
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
  rows: ReadonlyArray<{ params: Record<string, number>; before: RunResult; after: RunResult }>;
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
 * of the same count replaces an earlier one). Runs of another fs value are
 * left out.
 */
export function sweepLines(sweep: ThreadSweepLike, metric = 'total_s'): SweepLine[] {
  const byLine = new Map<string, Map<number, number>>();
  for (const r of sweep.rows) {
    const fs = fsOf(r.params.fs);
    const threads = r.params.threads;
    if (!fs || threads === undefined) continue;
    for (const variant of ['before', 'after'] as const) {
      const v = r[variant].metrics[metric];
      if (v === undefined) throw new Error(`the sweep's ${variant} run of ${fs} at ${threads} threads has no metric ${metric}`);
      const key = `${fs}/${variant}`;
      const m = byLine.get(key) ?? new Map<number, number>();
      m.set(threads, v / (sweep.scale || 1));
      byLine.set(key, m);
    }
  }
  return ORDER.flatMap(([fs, variant]) => {
    const m = byLine.get(`${fs}/${variant}`);
    if (!m) return [];
    const points = [...m.entries()].sort((a, b) => a[0] - b[0]).map(([threads, value]) => ({ threads, value }));
    return [{ fs, variant, points }];
  });
}

/** The mail's totals as marks on the thread chart. */
export function mailMarks(rows: readonly MailRow[]): MailMark[] {
  return rows.flatMap((r) =>
    (['before', 'after'] as const).map((variant) => ({ fs: r.fs, variant, threads: r.threads, value: r[variant].total_s })),
  );
}

/** How much after saves over before at each thread count of a file system, in percent (negative: faster). */
export function afterVsBefore(lines: readonly SweepLine[], fs: Fs): { threads: number; changePct: number }[] {
  const before = lines.find((l) => l.fs === fs && l.variant === 'before');
  const after = lines.find((l) => l.fs === fs && l.variant === 'after');
  if (!before || !after) return [];
  return before.points.flatMap((b) => {
    const a = after.points.find((p) => p.threads === b.threads);
    return a && b.value > 0 ? [{ threads: b.threads, changePct: ((a.value - b.value) / b.value) * 100 }] : [];
  });
}
