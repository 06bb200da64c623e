import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/types';
import { busyShare, compareWithMail, INPUT_TIMINGS, oneMeasurement, simTiming, userPerStatNs } from './compare';
import { fsOf, MAIL_ROWS, MAIL_TREE } from './mail';

function result(metrics: Record<string, number>): RunResult {
  return {
    lab: 'inode-hash',
    variant: 'before',
    seed: 1,
    params: {},
    metrics,
    metric_info: [],
    sim: { events: 1, steps: 1, end_ns: 1, halted: false, mem_bytes: 0, hash: '0000000000000000' },
    cpus: 20,
  };
}

describe('the mail as data', () => {
  it('holds the figures of figures.md §4, and its stated changes follow from them', () => {
    expect(MAIL_ROWS.map((r) => [r.fs, r.before.total_s, r.after.total_s])).toEqual([
      ['ext4', 46.118, 21.581],
      ['btrfs', 45.549, 37.932],
    ]);
    for (const r of MAIL_ROWS) {
      const change = ((r.after.total_s - r.before.total_s) / r.before.total_s) * 100;
      expect(Math.abs(change - r.stated_change_pct)).toBeLessThan(0.5);
    }
  });
  it('maps the fs parameter to its name, and nothing else', () => {
    expect([fsOf(0), fsOf(1), fsOf(2), fsOf(undefined)]).toEqual(['ext4', 'btrfs', null, null]);
  });
});

describe('simTiming', () => {
  it("divides seconds by the table's scale and derives the CPU share", () => {
    const t = simTiming(result({ user_s: 20, sys_s: 1980, total_s: 100 }), 10);
    expect(t).toEqual({ user_s: 2, sys_s: 198, total_s: 10, cpu_pct: 2000 });
  });
  it('says which metric is missing', () => {
    expect(() => simTiming(result({ user_s: 1, total_s: 2 }), 1)).toThrow(/no metric sys_s/);
  });
});

describe('compareWithMail', () => {
  it('has no simulator side before a sweep', () => {
    const rows = compareWithMail(MAIL_ROWS, null);
    expect(rows.map((r) => [r.fs, r.sim])).toEqual([
      ['ext4', null],
      ['btrfs', null],
    ]);
    expect(rows[0].mail.changePct.total_s).toBeCloseTo(-53.2, 1);
  });
  it("matches sweep rows by their fs parameter and the mail's 20 threads, whatever their order", () => {
    const one = (m: Record<string, number>) => ({ runs: [result(m)] });
    const sweep = {
      scale: 1,
      rows: [
        { params: { fs: 0, threads: 1 }, seeds: [1], runs: { before: one({ user_s: 1, sys_s: 1, total_s: 2, stats: 1 }), after: one({ user_s: 1, sys_s: 1, total_s: 2, stats: 1 }) } },
        { params: { fs: 1, threads: 32 }, seeds: [1], runs: { before: one({ user_s: 1, sys_s: 1, total_s: 2, stats: 1 }), after: one({ user_s: 1, sys_s: 1, total_s: 2, stats: 1 }) } },
        { params: { fs: 1, threads: 20 }, seeds: [1], runs: { before: one({ user_s: 1, sys_s: 9, total_s: 10, stats: 1 }), after: one({ user_s: 1, sys_s: 7, total_s: 8, stats: 1 }) } },
        { params: { fs: 0, threads: 20 }, seeds: [1], runs: { before: one({ user_s: 1, sys_s: 9, total_s: 10, stats: 1 }), after: one({ user_s: 1, sys_s: 4, total_s: 5, stats: 1 }) } },
      ],
    };
    const [ext4, btrfs] = compareWithMail(MAIL_ROWS, sweep);
    expect(ext4.sim?.changePct.total_s).toBeCloseTo(-50);
    expect(btrfs.sim?.changePct.total_s).toBeCloseTo(-20);
    expect(ext4.sim?.before.cpu_pct).toBeCloseTo(100);
    expect(ext4.sim?.verdict.total_s.kind).toBe('too few runs');
  });

  it("takes medians and ranges over the seeds, per column, and holds each column's change seed by seed against the mail's", () => {
    const runs = (...totals: number[]) => ({
      runs: totals.map((t) => result({ user_s: 2, sys_s: 20 * t - 2, total_s: t, stats: 10 })),
    });
    const sweep = {
      scale: 1,
      rows: [
        { params: { fs: 0, threads: 20 }, seeds: [1, 2, 3], runs: { before: runs(10, 11, 12), after: runs(5, 6, 7) } },
        { params: { fs: 1, threads: 20 }, seeds: [1, 2, 3], runs: { before: runs(10, 11, 12), after: runs(9, 10.5, 11.5) } },
      ],
    };
    const [ext4, btrfs] = compareWithMail(MAIL_ROWS, sweep);
    expect(ext4.sim?.before.total_s).toBe(11);
    expect(ext4.sim?.range.before.total_s).toEqual({ min: 10, median: 11, max: 12 });
    expect(ext4.sim?.range.after.sys_s).toEqual({ min: 98, median: 118, max: 138 });
    /* ÷1.83 seed by seed against the mail's ÷2.14, beyond its 1-2 s of noise */
    expect(ext4.sim?.verdict.total_s).toMatchObject({ kind: 'as the mail', mail: { withinNoise: false } });
    expect(ext4.sim?.verdict.total_s.mail?.ratio).toBeCloseTo(21.581 / 46.118, 12);
    /* pairs -10%, -4.5%, -4.2%: over three seeds the interval includes no change */
    expect(btrfs.sim?.verdict.total_s.kind).toBe('within the noise');
    /* the user input is the same in every run: no change */
    expect(ext4.sim?.verdict.user_s).toMatchObject({ kind: 'within the noise', ratio: 1 });
    expect(ext4.sim?.userPerStatNs).toEqual({ min: 2e8, median: 2e8, max: 2e8 });
    /* 20 walkers busy for the whole total: one measurement */
    expect(ext4.sim?.busyShare.min).toBeCloseTo(1);
    expect(oneMeasurement(ext4.sim!)).toBe(true);
  });
});

describe('inputs and measurements', () => {
  it('user time is an input', () => {
    expect([...INPUT_TIMINGS]).toEqual(['user_s']);
  });
  it("derives the user time per stat and the walkers' busy share from a run", () => {
    expect(userPerStatNs(result({ user_s: 0.00018, stats: 1000 }))).toBeCloseTo(180);
    expect(busyShare(result({ user_s: 1, sys_s: 19, total_s: 1 }), 20)).toBeCloseTo(1);
    expect(busyShare(result({ user_s: 1, sys_s: 9, total_s: 1 }), 20)).toBeCloseTo(0.5);
  });
  it('four numbers are one measurement only while the walkers stay on their CPUs', () => {
    expect(oneMeasurement({ busyShare: { min: 0.97, median: 0.98, max: 0.99 } })).toBe(true);
    expect(oneMeasurement({ busyShare: { min: 0.6, median: 0.98, max: 0.99 } })).toBe(false);
  });
  it("reads the mail's own busy share and user time per stat from its figures", () => {
    const [ext4] = compareWithMail(MAIL_ROWS, null);
    const stats = 20 * MAIL_TREE.dirs * MAIL_TREE.files;
    expect(ext4.mail.busyShare.before).toBeCloseTo(19.39 / 20);
    expect(ext4.mail.userPerStatNs.before).toBeCloseTo((3.77 / stats) * 1e9);
  });
});
