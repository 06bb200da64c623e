import { describe, expect, it } from 'vitest';
import { metricSpreads } from '../../core/stats';
import { MAIL_ROWS } from './mail';
import { afterVsBefore, mailMarks, sweepDomain, sweepLines } from './threadSweep';

/** One variant over the seeds, one total_s per seed. */
function runs(...totals: number[]) {
  const each = totals.map((total_s) => ({ metrics: { total_s } }));
  return { ranges: metricSpreads(each), runs: each };
}

/** A sweep row, not a row of the mail's table; a single number a side is one seed. */
const row = (fs: number, threads: number, before: number | number[], after: number | number[]) => {
  const b = typeof before === 'number' ? [before] : before;
  const a = typeof after === 'number' ? [after] : after;
  return { row: 100 + threads, paper: null, params: { fs, threads, dirs: 4 }, seeds: b.map((_, i) => i + 1), runs: { before: runs(...b), after: runs(...a) } };
};

const point = (threads: number, value: number) => ({ threads, value, range: { min: value, median: value, max: value }, seeds: 1, values: [value], mail: null });

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
    expect(before?.points).toEqual([{ threads: 8, value: 11, range: { min: 10, median: 11, max: 12 }, seeds: 3, values: [12, 10, 11], mail: null }]);
  });

  it('says which runs lack the metric', () => {
    const ok = row(1, 8, 1, 1);
    const bad = { ...ok, runs: { ...ok.runs, after: { ranges: {}, runs: [] } } };
    expect(() => sweepLines({ scale: 1, rows: [bad] })).toThrow(/after runs of btrfs at 8 threads have no metric total_s/);
  });
});

describe('afterVsBefore', () => {
  it("is the patch's change at every thread count both variants ran", () => {
    const lines = sweepLines({ scale: 1, rows: [row(0, 1, 2, 2), row(0, 20, 10, 4.7)] });
    expect(afterVsBefore(lines, 'ext4').map((c) => [c.threads, c.changePct, c.verdict.kind])).toEqual([
      [1, 0, 'too few runs'],
      [20, -53, 'too few runs'],
    ]);
    expect(afterVsBefore(lines, 'btrfs')).toEqual([]);
  });

  it('takes the change seed by seed: within the noise, or clear of it where no mail row stands', () => {
    const lines = sweepLines({
      scale: 1,
      rows: [row(0, 1, [10, 10.2, 10.4], [10.3, 10.1, 10.5]), row(0, 16, [20, 21, 22], [12, 13, 14])],
    });
    const [one, sixteen] = afterVsBefore(lines, 'ext4');
    expect(one?.verdict.kind).toBe('within the noise');
    expect(sixteen?.verdict.kind).toBe('no mail figure');
    expect(sixteen?.range).toEqual({ before: { min: 20, median: 21, max: 22 }, after: { min: 12, median: 13, max: 14 } });
  });

  it("holds the change at the mail's row against the mail's, with its stated noise", () => {
    const mailRow = { ...row(0, 20, [46, 45, 47], [22, 21, 23]), row: 1, paper: { before: 46.118, after: 21.581 } };
    const [at20] = afterVsBefore(sweepLines({ scale: 1, rows: [mailRow] }), 'ext4');
    expect(at20?.verdict).toMatchObject({ kind: 'as the mail', mail: { withinNoise: false, noise: expect.stringMatching(/1-2 s/) } });
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
