import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/types';
import { compareWithMail, formatSeconds, simTiming } from './compare';
import { fsOf, MAIL_ROWS } from './mail';

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
    const sweep = {
      scale: 1,
      rows: [
        { params: { fs: 0, threads: 1 }, before: result({ user_s: 1, sys_s: 1, total_s: 2 }), after: result({ user_s: 1, sys_s: 1, total_s: 2 }) },
        { params: { fs: 1, threads: 32 }, before: result({ user_s: 1, sys_s: 1, total_s: 2 }), after: result({ user_s: 1, sys_s: 1, total_s: 2 }) },
        { params: { fs: 1, threads: 20 }, before: result({ user_s: 1, sys_s: 9, total_s: 10 }), after: result({ user_s: 1, sys_s: 7, total_s: 8 }) },
        { params: { fs: 0, threads: 20 }, before: result({ user_s: 1, sys_s: 9, total_s: 10 }), after: result({ user_s: 1, sys_s: 4, total_s: 5 }) },
      ],
    };
    const [ext4, btrfs] = compareWithMail(MAIL_ROWS, sweep);
    expect(ext4.sim?.changePct.total_s).toBeCloseTo(-50);
    expect(btrfs.sim?.changePct.total_s).toBeCloseTo(-20);
    expect(ext4.sim?.before.cpu_pct).toBeCloseTo(100);
  });
});

describe('formatSeconds', () => {
  it('prints seconds as the mail does, and tiny ones with two digits', () => {
    expect(formatSeconds(890.9)).toBe('890.9 s');
    expect(formatSeconds(46.118)).toBe('46.12 s');
    expect(formatSeconds(0.00123)).toBe('0.0012 s');
    expect(formatSeconds(NaN)).toBe('—');
  });
});
