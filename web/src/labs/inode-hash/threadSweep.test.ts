import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/types';
import { MAIL_ROWS } from './mail';
import { afterVsBefore, mailMarks, sweepDomain, sweepLines } from './threadSweep';

function result(total_s: number): RunResult {
  return {
    lab: 'inode-hash',
    variant: 'before',
    seed: 1,
    params: {},
    metrics: { total_s },
    metric_info: [],
    sim: { events: 1, steps: 1, end_ns: 1, halted: false, mem_bytes: 0, hash: '0000000000000000' },
    cpus: 1,
  };
}

const row = (fs: number, threads: number, before: number, after: number) => ({
  params: { fs, threads, dirs: 4 },
  before: result(before),
  after: result(after),
});

describe('sweepLines', () => {
  it('draws one line per fs and variant, in thread order, scaled like the paper table', () => {
    const lines = sweepLines({
      scale: 0.5,
      rows: [row(0, 20, 10, 4), row(0, 1, 1, 1), row(1, 20, 10, 8), row(1, 1, 1, 1), row(0, 4, 3, 2)],
    });
    expect(lines.map((l) => `${l.fs} ${l.variant}`)).toEqual(['ext4 before', 'ext4 after', 'btrfs before', 'btrfs after']);
    expect(lines[0].points).toEqual([
      { threads: 1, value: 2 },
      { threads: 4, value: 6 },
      { threads: 20, value: 20 },
    ]);
    expect(lines[3].points).toEqual([
      { threads: 1, value: 2 },
      { threads: 20, value: 16 },
    ]);
  });

  it('leaves out runs of an fs value the page does not know', () => {
    expect(sweepLines({ scale: 1, rows: [row(5, 1, 1, 1)] })).toEqual([]);
  });

  it('says which run lacks the metric', () => {
    const bad = { ...row(1, 8, 1, 1), after: { ...result(1), metrics: {} } };
    expect(() => sweepLines({ scale: 1, rows: [bad] })).toThrow(/after run of btrfs at 8 threads has no metric total_s/);
  });
});

describe('afterVsBefore', () => {
  it("is the patch's change at every thread count both variants ran", () => {
    const lines = sweepLines({ scale: 1, rows: [row(0, 1, 2, 2), row(0, 20, 10, 4.7)] });
    expect(afterVsBefore(lines, 'ext4')).toEqual([
      { threads: 1, changePct: 0 },
      { threads: 20, changePct: -53 },
    ]);
    expect(afterVsBefore(lines, 'btrfs')).toEqual([]);
  });
});

describe('the chart domain and the mail marks', () => {
  it('marks the mail at 20 threads and reaches the largest value', () => {
    const marks = mailMarks(MAIL_ROWS);
    expect(marks).toContainEqual({ fs: 'ext4', variant: 'before', threads: 20, value: 46.118 });
    expect(marks).toHaveLength(4);
    const lines = sweepLines({ scale: 1, rows: [row(0, 32, 60, 30)] });
    expect(sweepDomain(lines, marks)).toEqual({ maxThreads: 32, maxValue: 60 });
    expect(sweepDomain([], [])).toEqual({ maxThreads: 1, maxValue: 1 });
  });
});
