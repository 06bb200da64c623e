/**
 * The page's comparisons, their pure half: the pages-per-call histogram of
 * the runs beside the mail's, the latency-throughput points of every run
 * of the sweep (a point per variant, jobs count and seed), and the figures
 * the open question rests on, mail beside simulator.
 */
import { changePct } from '../../../../lib/compare';
import { mailFigure, mailFigures } from '../../../../lib/mails';
import type { SweepResult } from '../../core/sweep';
import { BUCKETS } from './schema';

export type SyncMode = 'fsync' | 'fdatasync';

/** A run's histogram metric for bucket index i (the model's names: 0_1 … 28_29, then 30_up). */
export function bucketMetric(sync: SyncMode, i: number): string {
  return i === BUCKETS.length - 1 ? `${sync}_writepages_calls_by_pages_${2 * i}_up` : `${sync}_writepages_calls_by_pages_${2 * i}_${2 * i + 1}`;
}

/** The sync mode a run's metrics are for: the one whose writepages calls are not zero. */
export function syncOf(metrics: Readonly<Record<string, number>>): SyncMode {
  return (metrics.fdatasync_writepages_calls_count ?? 0) > 0 && !(metrics.fsync_writepages_calls_count ?? 0) ? 'fdatasync' : 'fsync';
}

export interface HistRow {
  bucket: string;
  /** the mail's share of calls in this bucket, [0, 1]; null where the mail has no such bucket (30+) */
  mail: { before: number | null; after: number | null };
  /** each run's share, by variant */
  sim: Record<string, number | null>;
}

const share = (v: number | undefined, total: number) => (v === undefined || total <= 0 ? null : v / total);

/** The mail's calls per bucket (fsync=1), by variant. */
export function mailHistogram(variant: 'before' | 'after'): number[] {
  return BUCKETS.map((b) => mailFigure('ext4-writeback', { metric: 'fsync_writepages_calls_by_pages', variant, where: { fio: 'fsync=1', pages: b } })?.value ?? 0);
}

/** Shares of ext4_writepages calls by pages written: the mail's two runs and each given run. */
export function histogramRows(runs: Readonly<Record<string, Readonly<Record<string, number>> | undefined>>): HistRow[] {
  const mb = mailHistogram('before');
  const ma = mailHistogram('after');
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  const sims = Object.entries(runs).map(([v, m]) => {
    const counts = m ? BUCKETS.map((_, i) => m[bucketMetric(syncOf(m), i)]) : null;
    return [v, counts, counts ? sum(counts.map((c) => c ?? 0)) : 0] as const;
  });
  const mailHas = new Set(mailFigures('ext4-writeback', { metric: 'fsync_writepages_calls_by_pages', variant: 'before' }).map((f) => f.where.pages));
  return BUCKETS.map((bucket, i) => ({
    bucket,
    mail: mailHas.has(bucket) ? { before: share(mb[i], sum(mb)), after: share(ma[i], sum(ma)) } : { before: null, after: null },
    sim: Object.fromEntries(sims.map(([v, counts, total]) => [v, counts ? share(counts[i], total) : null])),
  }));
}

export interface ScatterPoint {
  variant: string;
  jobs: number;
  seed: number;
  iops: number;
  clatUs: number;
  /** the point is the mail's shape (its row of the paper table) */
  mailRow: boolean;
}

/** The sync mode a sweep row runs (its `sync` parameter, a choice by index; absent: fsync, the default). */
export function rowSync(row: Pick<SweepResult['rows'][number], 'params'>): SyncMode {
  return row.params.sync === 1 ? 'fdatasync' : 'fsync';
}

/** Every run of the sweep's rows of one sync mode as a point: IOPS against the write's average completion latency. */
export function scatterPoints(sweep: SweepResult, sync: SyncMode = 'fsync'): ScatterPoint[] {
  const out: ScatterPoint[] = [];
  for (const row of sweep.rows.filter((r) => rowSync(r) === sync))
    for (const v of sweep.variants) {
      const runs = row.runs[v]?.runs ?? [];
      runs.forEach((r, i) => {
        const iops = r.metrics[`${sync}_iops_per_s`];
        const clat = r.metrics[`${sync}_clat_avg_us`];
        if (iops === undefined || clat === undefined) return;
        out.push({ variant: v, jobs: Number(row.params.jobs ?? r.params.jobs), seed: row.seeds[i] ?? r.seed, iops, clatUs: clat, mailRow: row.paper !== null });
      });
    }
  return out;
}

/**
 * At the mail's shape, seed by seed: on how many before had fewer IOPS than
 * after, on how many a higher clat average, and how many seeds were compared.
 */
export function iopsDirection(points: readonly ScatterPoint[]): { beforeLower: number; beforeSlower: number; seeds: number } {
  const at = points.filter((p) => p.mailRow);
  let beforeLower = 0;
  let beforeSlower = 0;
  let seeds = 0;
  for (const b of at.filter((p) => p.variant === 'before')) {
    const a = at.find((p) => p.variant === 'after' && p.seed === b.seed && p.jobs === b.jobs);
    if (!a) continue;
    seeds++;
    if (b.iops < a.iops) beforeLower++;
    if (b.clatUs > a.clatUs) beforeSlower++;
  }
  return { beforeLower, beforeSlower, seeds };
}

/** The figures of the open question: what the mail's batching looks like, and the simulator's. */
export const EVIDENCE = [
  { metric: 'jbd2_handles_per_txn', label: 'handles per transaction' },
  { metric: 'jbd2_transactions_count', label: 'transactions committed' },
  { metric: 'writepages_pages_per_call', label: 'pages per ext4_writepages call' },
  { metric: 'writepages_avg_ns', label: 'ext4_writepages call, ns' },
  { metric: 'clat_avg_us', label: 'write latency (clat) average, µs' },
  { metric: 'clat_max_us', label: 'write latency (clat) max, µs' },
  { metric: 'iops_per_s', label: 'IOPS' },
] as const;

/** Changes smaller than this, in %, count as no change (the mail's pages per call: 3.9194 against 3.9184). */
export const FLAT_PCT = 1;

/** A change's direction: -1, 0 (within FLAT_PCT) or 1. */
export function direction(pct: number): -1 | 0 | 1 {
  return Math.abs(pct) < FLAT_PCT ? 0 : pct < 0 ? -1 : 1;
}

export interface EvidenceRow {
  metric: string;
  label: string;
  mail: { before: number | undefined; after: number | undefined; change: number | undefined };
  sim: { before: number | undefined; after: number | undefined; change: number | undefined };
  /** both move the same way from before to after, or both stay within FLAT_PCT (null where a side is missing) */
  agrees: boolean | null;
}

/** The mail's fsync=1 figures beside the runs' (before and after), change from before to after in %. */
export function evidenceRows(before: Readonly<Record<string, number>> | undefined, after: Readonly<Record<string, number>> | undefined): EvidenceRow[] {
  const sync = syncOf(before ?? after ?? {});
  return EVIDENCE.map(({ metric, label }) => {
    const mb = mailFigure('ext4-writeback', { metric: `fsync_${metric}`, variant: 'before', where: { fio: 'fsync=1' } })?.value;
    const ma = mailFigure('ext4-writeback', { metric: `fsync_${metric}`, variant: 'after', where: { fio: 'fsync=1' } })?.value;
    const sb = before?.[`${sync}_${metric}`];
    const sa = after?.[`${sync}_${metric}`];
    const mc = changePct(mb, ma);
    const sc = changePct(sb, sa);
    const agrees = mc === undefined || sc === undefined ? null : direction(mc) === direction(sc);
    return { metric, label, mail: { before: mb, after: ma, change: mc }, sim: { before: sb, after: sa, change: sc }, agrees };
  });
}
