import { describe, expect, it } from 'vitest';
import type { SweepResult } from '../../core/sweep';
import type { RunResult } from '../../core/types';
import { bucketMetric, direction, evidenceRows, histogramRows, iopsDirection, mailHistogram, scatterPoints, syncOf } from './compare';
import { foldMetric } from './manifest';
import { BUCKETS } from './schema';

describe('the histogram beside the mail’s', () => {
  it('names the model’s buckets as the C does', () => {
    expect(bucketMetric('fsync', 0)).toBe('fsync_writepages_calls_by_pages_0_1');
    expect(bucketMetric('fdatasync', 14)).toBe('fdatasync_writepages_calls_by_pages_28_29');
    expect(bucketMetric('fsync', 15)).toBe('fsync_writepages_calls_by_pages_30_up');
  });

  it('reads the mail’s figures: 4246 calls of 0-1 pages reverted, 1635 as released', () => {
    expect(mailHistogram('before')[0]).toBe(4246);
    expect(mailHistogram('after')[0]).toBe(1635);
    expect(mailHistogram('before')[15]).toBe(0);
  });

  it('gives shares, the mail’s 30+ bucket as missing, and a run’s own shares', () => {
    const m: Record<string, number> = { fsync_writepages_calls_count: 4 };
    BUCKETS.forEach((_, i) => (m[bucketMetric('fsync', i)] = 0));
    m[bucketMetric('fsync', 2)] = 3;
    m[bucketMetric('fsync', 0)] = 1;
    const rows = histogramRows({ before: m, after: undefined });
    expect(rows).toHaveLength(16);
    expect(rows[0]!.sim.before).toBe(0.25);
    expect(rows[2]!.sim.before).toBe(0.75);
    expect(rows[0]!.sim.after).toBeNull();
    expect(rows[15]!.mail).toEqual({ before: null, after: null });
    const total = rows.reduce((a, r) => a + (r.mail.before ?? 0), 0);
    expect(total).toBeCloseTo(1, 9);
    expect(rows[2]!.mail.after).toBeCloseTo(24302 / 26896, 6);
  });

  it('takes the sync mode from the run’s calls', () => {
    expect(syncOf({ fsync_writepages_calls_count: 3, fdatasync_writepages_calls_count: 0 })).toBe('fsync');
    expect(syncOf({ fsync_writepages_calls_count: 0, fdatasync_writepages_calls_count: 3 })).toBe('fdatasync');
  });
});

const run = (variant: string, seed: number, jobs: number, iops: number, clat: number) =>
  ({ variant, seed, params: { jobs }, metrics: { fsync_iops_per_s: iops, fsync_clat_avg_us: clat } }) as unknown as RunResult;

function sweep(): SweepResult {
  const row = (jobs: number, paper: boolean, b: [number, number][], a: [number, number][]) => ({
    row: 1,
    label: '',
    params: { jobs },
    paper: paper ? { before: 460, after: 449 } : null,
    note: '',
    keys: {},
    seeds: [1, 2],
    runs: {
      before: { metrics: {}, ranges: {}, runs: b.map(([i, c], k) => run('before', k + 1, jobs, i, c)) },
      after: { metrics: {}, ranges: {}, runs: a.map(([i, c], k) => run('after', k + 1, jobs, i, c)) },
    },
  });
  return {
    lab: 'ext4-writeback',
    metric: 'fsync_iops_per_s',
    unit: '1/s',
    scale: 1,
    seed: 1,
    seeds: [1, 2],
    variants: ['before', 'after'],
    rows: [
      row(16, true, [[320, 900], [370, 880]], [[360, 700], [365, 690]]),
      row(4, false, [[300, 100], [301, 101]], [[302, 99], [303, 98]]),
    ],
  } as unknown as SweepResult;
}

describe('the latency-throughput points', () => {
  it('takes every run of every row and variant, with its seed and jobs', () => {
    const p = scatterPoints(sweep());
    expect(p).toHaveLength(8);
    expect(p[0]).toEqual({ variant: 'before', jobs: 16, seed: 1, iops: 320, clatUs: 900, mailRow: true });
    expect(p.filter((x) => x.mailRow)).toHaveLength(4);
  });

  it('takes the rows of one sync mode: an fdatasync row stays out of the fsync points', () => {
    const s = sweep();
    const first = s.rows[0]!;
    const renamed = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k.replace(/^fsync_/, 'fdatasync_'), v]));
    const fdatasync = {
      ...first,
      row: 99,
      params: { ...first.params, sync: 1 },
      runs: Object.fromEntries(
        Object.entries(first.runs).map(([v, r]) => [v, { ...r, runs: r.runs.map((x) => ({ ...x, metrics: renamed(x.metrics) })) }]),
      ),
    };
    const both = { ...s, rows: [...s.rows, fdatasync] };
    expect(scatterPoints(both)).toHaveLength(8);
    const runs = s.variants.reduce((n, v) => n + (first.runs[v]?.runs.length ?? 0), 0);
    expect(runs).toBeGreaterThan(0);
    expect(scatterPoints(both, 'fdatasync')).toHaveLength(runs);
  });

  it('counts the seeds on which before had fewer IOPS, at the mail’s shape only', () => {
    expect(iopsDirection(scatterPoints(sweep()))).toEqual({ beforeLower: 1, beforeSlower: 2, seeds: 2 });
  });
});

describe('the open question’s evidence', () => {
  it('sets the runs beside the mail and says where the direction differs', () => {
    const rows = evidenceRows(
      { fsync_iops_per_s: 327, fsync_jbd2_handles_per_txn: 75, fsync_writepages_calls_count: 1 },
      { fsync_iops_per_s: 360, fsync_jbd2_handles_per_txn: 59, fsync_writepages_calls_count: 1 },
    );
    const iops = rows.find((r) => r.metric === 'iops_per_s')!;
    expect(iops.mail.before).toBe(460);
    expect(iops.mail.change).toBeCloseTo(((449 - 460) / 460) * 100, 6);
    expect(iops.agrees).toBe(false);
    expect(rows.find((r) => r.metric === 'jbd2_handles_per_txn')!.agrees).toBe(true);
    expect(rows.find((r) => r.metric === 'clat_avg_us')!.agrees).toBeNull();
    const flat = evidenceRows(
      { fsync_writepages_pages_per_call: 3.907, fsync_writepages_calls_count: 1 },
      { fsync_writepages_pages_per_call: 3.931, fsync_writepages_calls_count: 1 },
    ).find((r) => r.metric === 'writepages_pages_per_call')!;
    expect(flat.agrees).toBe(true);
  });
});

describe('direction', () => {
  it('counts a change under 1% as none', () => {
    expect([direction(-2.4), direction(0.6), direction(-0.99), direction(12)]).toEqual([-1, 0, 0, 1]);
  });
});

describe('the folded metrics', () => {
  it('fold the other sync mode and the histogram buckets, not the headline figures', () => {
    expect(foldMetric('fdatasync_iops_per_s')).toBe(true);
    expect(foldMetric('fsync_writepages_calls_by_pages_4_5')).toBe(true);
    expect(foldMetric('fsync_iops_per_s')).toBe(false);
    expect(foldMetric('extra_passes')).toBe(false);
  });
});
