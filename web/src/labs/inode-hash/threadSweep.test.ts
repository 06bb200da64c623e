import { describe, expect, it } from 'vitest';
import { metricSpreads } from '../../core/stats';
import { MAIL_ROWS } from './mail';
import { afterVsBefore, mailMarks, sweepDomain, sweepLines } from './threadSweep';

/** One variant over the seeds, one total_s per seed. */
function runs(...totals: number[]) {
  return { ranges: metricSpreads(totals.map((total_s) => ({ metrics: { total_s } }))) };
}

/** A sweep row; a single number a side is one seed. */
const row = (fs: number, threads: number, before: number | number[], after: number | number[]) => {
  const b = typeof before === 'number' ? [before] : before;
  const a = typeof after === 'number' ? [after] : after;
  return { params: { fs, threads, dirs: 4 }, seeds: b.map((_, i) => i + 1), runs: { before: runs(...b), after: runs(...a) } };
};

const point = (threads: number, value: number) => ({ threads, value, range: { min: value, median: value, max: value }, seeds: 1 });

describe('sweepLines', () => {
  it('draws one line per fs and variant, in thread order, scaled like the paper table', () => {
    const lines = sweepLines({
      scale: 0.5,
      rows: [row(0, 20, 10, 4), row(0, 1, 1, 1), row(1, 20, 10, 8), row(1, 1, 1, 1), row(0, 4, 3, 2)],
    });
    expect(lines.map((l) => `${l.fs} ${l.variant}`)).toEqual(['ext4 before', 'ext4 after', 'btrfs before', 'btrfs after']);
    expect(lines[0].points).toEqual([point(1, 2), point(4, 6), point(20, 20)]);
    expect(lines[3].points).toEqual([point(1, 2), point(20, 16)]);
  });

  it('leaves out runs of an fs value the page does not know', () => {
    expect(sweepLines({ scale: 1, rows: [row(5, 1, 1, 1)] })).toEqual([]);
  });

  it('draws each point at the median over the seeds, with its range', () => {
    const [before] = sweepLines({ scale: 1, rows: [row(0, 8, [12, 10, 11], [5, 6, 7])] });
    expect(before?.points).toEqual([{ threads: 8, value: 11, range: { min: 10, median: 11, max: 12 }, seeds: 3 }]);
  });

  it('says which runs lack the metric', () => {
    const ok = row(1, 8, 1, 1);
    const bad = { ...ok, runs: { ...ok.runs, after: { ranges: {} } } };
    expect(() => sweepLines({ scale: 1, rows: [bad] })).toThrow(/after runs of btrfs at 8 threads have no metric total_s/);
  });
});

describe('afterVsBefore', () => {
  it("is the patch's change at every thread count both variants ran", () => {
    const lines = sweepLines({ scale: 1, rows: [row(0, 1, 2, 2), row(0, 20, 10, 4.7)] });
    expect(afterVsBefore(lines, 'ext4').map((c) => [c.threads, c.changePct, c.verdict])).toEqual([
      [1, 0, 'untested'],
      [20, -53, 'untested'],
    ]);
    expect(afterVsBefore(lines, 'btrfs')).toEqual([]);
  });

  it('is significant only where the ranges over the seeds do not overlap', () => {
    const lines = sweepLines({
      scale: 1,
      rows: [row(0, 1, [10, 10.2, 10.4], [10.1, 10.3, 10.5]), row(0, 16, [20, 21, 22], [12, 13, 14])],
    });
    const [one, sixteen] = afterVsBefore(lines, 'ext4');
    expect(one?.verdict).toBe('overlap');
    expect(sixteen?.verdict).toBe('significant');
    expect(sixteen?.range).toEqual({ before: { min: 20, median: 21, max: 22 }, after: { min: 12, median: 13, max: 14 } });
  });
});

describe('the chart domain and the mail marks', () => {
  it('marks the mail at 20 threads and reaches the largest value', () => {
    const marks = mailMarks(MAIL_ROWS);
    expect(marks).toContainEqual({ fs: 'ext4', variant: 'before', threads: 20, value: 46.118 });
    expect(marks).toHaveLength(4);
    const lines = sweepLines({ scale: 1, rows: [row(0, 32, 60, 30)] });
    expect(sweepDomain(lines, marks)).toEqual({ maxThreads: 32, maxValue: 60 });
    /* a seed's maximum above every median still fits */
    expect(sweepDomain(sweepLines({ scale: 1, rows: [row(0, 32, [50, 60, 70], 30)] }), marks).maxValue).toBe(70);
    expect(sweepDomain([], [])).toEqual({ maxThreads: 1, maxValue: 1 });
  });
});
