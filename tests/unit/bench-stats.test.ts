import { describe, expect, it } from 'vitest';
import { kb, markdown, median, quantile, si } from '../../bench/stats';

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
});
