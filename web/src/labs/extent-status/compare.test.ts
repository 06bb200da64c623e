import { describe, expect, it } from 'vitest';
import type { SweepResult } from '../../core/sweep';
import type { RunResult } from '../../core/types';
import { caseRow, cellDomain, mailFigure, multipleCells, rowCase, shapeAgreement, TABLE_METRICS } from './compare';
import { ES_VARIANTS } from './schema';

const run = (variant: string, metrics: Record<string, number>): RunResult =>
  ({ lab: 'extent-status', variant, seed: 1, params: {}, metrics, metric_info: [], sim: {}, cpus: 8 }) as unknown as RunResult;

/** A sweep of case a only (row 1), each variant's avg scan time spread over two seeds. */
function sweepOfCaseA(): SweepResult {
  const runs = Object.fromEntries(
    ES_VARIANTS.map((v, i) => {
      const lo = 1000 / (i + 1);
      return [
        v,
        {
          metrics: { avg_scan_us: lo * 1.1 },
          ranges: { avg_scan_us: { min: lo, median: lo * 1.1, max: lo * 1.2 } },
          runs: [run(v, { avg_scan_us: lo }), run(v, { avg_scan_us: lo * 1.2 })],
        },
      ];
    }),
  );
  return {
    lab: 'extent-status',
    metric: 'avg_scan_us',
    unit: 'us',
    scale: 1,
    seed: 1,
    seeds: [1, 2],
    variants: [...ES_VARIANTS],
    rows: [{ row: 1, label: 'case a', params: { case: 0 }, paper: { before: 10195.7, after: 212.3 }, note: '', keys: {}, seeds: [1, 2], runs }],
  } as SweepResult;
}

describe("the mail's figures", () => {
  it('gives the mean of three runs with their min and max', () => {
    const f = mailFigure('avg_scan_us', 'a', 'baseline');
    expect(f?.value).toBe(10195.7);
    expect(f?.range?.avg).toBeCloseTo(10195.667);
    expect(f?.range).toMatchObject({ n: 3, min: 9402, max: 11552 });
  });

  it("takes case c's writers where the mail splits the case", () => {
    expect(mailFigure('user_avg_latency_us', 'c', 'es-gc')?.value).toBe(15030);
  });

  it('has no figure for upstream, which the mail never measured', () => {
    expect(mailFigure('hits', 'b', 'upstream')).toBeNull();
  });
});

describe('multipleCells', () => {
  it('lays out five metrics by three cases, every variant in each', () => {
    const cells = multipleCells(null);
    expect(cells).toHaveLength(15);
    expect(cells.map((c) => `${c.metric.metric}/${c.case}`).slice(0, 4)).toEqual(['avg_scan_us/a', 'avg_scan_us/b', 'avg_scan_us/c', 'max_scan_us/a']);
    expect(cells.every((c) => c.variants.length === 6)).toBe(true);
    expect(cells.every((c) => c.variants.every((v) => v.sim === null))).toBe(true);
    expect(cells.every((c) => c.variants.find((v) => v.variant === 'upstream')!.mail === null)).toBe(true);
    expect(cells.find((c) => c.metric.metric === 'user_max_latency_us' && c.case === 'c')!.mailNote).toMatch(/writers/);
    expect(TABLE_METRICS.map((m) => m.label)).toEqual(['avg scan time', 'max scan time', 'cache hits', 'user avg latency', 'user max latency']);
  });

  it("puts the sweep's min–max over seeds beside the mail's, by the row's case", () => {
    const sweep = sweepOfCaseA();
    expect(rowCase(sweep.rows[0]!)).toBe('a');
    expect(caseRow(sweep, 'a')?.row).toBe(1);
    expect(caseRow(sweep, 'b')).toBeNull();
    const cells = multipleCells(sweep);
    const a = cells.find((c) => c.metric.metric === 'avg_scan_us' && c.case === 'a')!;
    expect(a.variants[0]).toMatchObject({ variant: 'baseline', sim: { min: 1000, max: 1200, mid: 1100 }, seeds: 2 });
    expect(a.variants[0]!.mail).toMatchObject({ min: 9402, max: 11552 });
    /* the sweep ran case a only: case b stays empty; a metric the runs lack too */
    expect(cells.find((c) => c.metric.metric === 'avg_scan_us' && c.case === 'b')!.variants[0]!.sim).toBeNull();
    expect(cells.find((c) => c.metric.metric === 'hits' && c.case === 'a')!.variants[0]!.sim).toBeNull();
  });

  it('says how often the simulator moves the way the mail does from one variant to the next', () => {
    const a = multipleCells(sweepOfCaseA()).find((c) => c.metric.metric === 'avg_scan_us' && c.case === 'a')!;
    /* the mail: down, down, down, up; the made-up sweep: down all the way */
    expect(shapeAgreement(a)).toBe(0.75);
    expect(shapeAgreement(multipleCells(null)[0]!)).toBeNull();
  });

  it('spans a log domain over both sides', () => {
    const a = multipleCells(sweepOfCaseA()).find((c) => c.metric.metric === 'avg_scan_us' && c.case === 'a')!;
    const [lo, hi] = cellDomain(a);
    expect(lo).toBeLessThan(1000 / 6);
    expect(hi).toBeGreaterThan(11552);
  });
});
