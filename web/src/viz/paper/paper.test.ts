import { describe, expect, it } from 'vitest';
import type { PaperRows, RunResult } from '../../core/types';
import { barGroups, buildPaperTable, diffPct, formatDiff, formatValue, valueDomain } from './paper';

const rows: PaperRows = {
  lab: 'fast-commit',
  metric: 'creates_per_s',
  unit: 'K creates/s',
  scale: 1000,
  citation: { author: 'A', list: 'l', date: 'd', subject: 's', url: 'u', commit: 'c' },
  rows: [
    { row: 1, label: '1', params: { ways: 2 }, paper: { before: 16.9, after: 17.51 }, note: 'n1' },
    { row: 7, label: '6,10', params: { ways: 64 }, paper: { before: 0.73, after: 126.13 }, note: 'n7' },
  ],
};

function run(v: number): RunResult {
  return {
    lab: 'fast-commit',
    variant: 'x',
    seed: 1,
    params: {},
    metrics: { creates_per_s: v },
    metric_info: [],
    sim: { events: 0, steps: 0, end_ns: 0, halted: false, mem_bytes: 0, hash: '0' },
    cpus: 1,
  };
}

describe('diffs', () => {
  it('computes the mail\'s diff column', () => {
    expect(formatDiff(diffPct(16.9, 17.51))).toBe('+3.61%');
    expect(formatDiff(diffPct(32.08, 31.8))).toBe('−0.87%');
    expect(formatDiff(diffPct(0.73, 126.13))).toBe('+17178%');
    expect(formatDiff(diffPct(0, 1))).toBe('+∞');
    expect(formatDiff(0)).toBe('±0.00%');
  });
  it('formats values', () => {
    expect(formatValue(0.7312)).toBe('0.73');
    expect(formatValue(NaN)).toBe('—');
  });
});

describe('buildPaperTable', () => {
  it('has no simulator column before a sweep', () => {
    const t = buildPaperTable(rows);
    expect(t.map((r) => r.sim)).toEqual([null, null]);
    expect(t[1].paper.diffPct).toBeCloseTo(17178.08, 1);
  });
  it('scales the simulator metric into the paper unit', () => {
    const t = buildPaperTable(rows, { rows: [{ row: 7, before: run(800), after: run(120_000) }] });
    expect(t[0].sim).toBeNull();
    expect(t[1].sim).toEqual({ before: 0.8, after: 120, diffPct: 14900 });
  });
});

describe('bars', () => {
  it('groups four series per row and picks domains', () => {
    const g = barGroups(buildPaperTable(rows));
    expect(g[1].bars.map((b) => b.value)).toEqual([0.73, null, 126.13, null]);
    expect(valueDomain(g, true)).toEqual([0.1, 1000]);
    const [lo, hi] = valueDomain(g, false);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(126.13 * 1.08);
  });
});
