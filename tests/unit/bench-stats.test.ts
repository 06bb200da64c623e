import { describe, expect, it } from 'vitest';
import { grid, kb, markdown, median, quantile, si, speed, workRate, type TimedRun } from '../../bench/stats';

describe('bench statistics', () => {
  it('interpolates quantiles between ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([10, 20], 0.95)).toBeCloseTo(19.5);
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
  });

  it('formats with SI prefixes and kilobytes', () => {
    expect(si(1_250_000)).toBe('1.25 M');
    expect(si(908_380, '/s')).toBe('908.38 k/s');
    expect(si(12.345)).toBe('12.35');
    expect(kb(74_324)).toBe('74.3 KB');
  });

  it('writes a Markdown table that marks missed targets', () => {
    const text = markdown([
      { measure: 'sweep', value: '1.45 s', target: '< 10 s', met: true },
      { measure: 'p95 frame', value: '50.0 ms', target: '< 16.7 ms', met: false },
      { measure: 'WASM gzip', value: '24.1 KB', target: '', met: null },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\| measure\s+\| value\s+\| target\s+\|\s+\|$/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+\|-+\|$/);
    expect(lines[2]).toContain('| met ');
    expect(lines[3]).toContain('| MISSED |');
    expect(lines[4]).toMatch(/\| WASM gzip\s+\| 24\.1 KB\s+\|\s+\|\s+\|$/);
  });

  it('pads any grid to its widest cells', () => {
    const lines = grid(['measure', 'old', 'new'], [['events', '4.10 M', '5 M'], ['steps']]).split('\n');
    expect(lines[0]).toBe('| measure | old    | new |');
    expect(lines[1]).toBe('|---------|--------|-----|');
    expect(lines[2]).toBe('| events  | 4.10 M | 5 M |');
    expect(lines[3]).toBe('| steps   |        |     |');
  });
});

describe('simulator speed', () => {
  const runs: TimedRun[] = [
    { variant: 'before', events: 100, steps: 9_000, work: 8_000, wall_s: 2 },
    { variant: 'after', events: 300, steps: 1_000, work: 0, wall_s: 0.5 },
  ];

  it('divides the runs\' total events and steps by their total time', () => {
    const s = speed(runs);
    expect(s).toMatchObject({ runs: 2, events: 400, steps: 10_000, wall_s: 2.5 });
    expect(s.events_per_s).toBeCloseTo(160);
    expect(s.steps_per_s).toBeCloseTo(4_000);
  });

  it('has no steps per second when a run reported no steps', () => {
    const s = speed([...runs, { variant: 'after', events: 1, steps: null, work: 0, wall_s: 1 }]);
    expect(s.steps).toBeNull();
    expect(s.steps_per_s).toBeNull();
    expect(s.events_per_s).toBeCloseTo(401 / 3.5);
  });

  it('counts work over the variants that do it only', () => {
    expect(workRate(runs, ['before'])).toEqual({ runs: 1, total: 8_000, wall_s: 2, per_s: 4_000 });
    expect(workRate(runs, ['before', 'after'])?.per_s).toBeCloseTo(3_200);
    expect(workRate(runs, ['sideways'])).toBeNull();
    expect(workRate([{ ...runs[0]!, work: null }], ['before'])).toBeNull();
  });
});
