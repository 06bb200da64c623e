import { describe, expect, it } from 'vitest';
import type { Heatmap } from '../../core/types';
import {
  bucketRange,
  cellAt,
  cellBreakdown,
  colorScale,
  computeCells,
  formatNs,
  formatPct,
  formatTimeRange,
  heatLayout,
  meanValue,
  renderMode,
  stateWeights,
} from './heatmap';

// 2 cpus x 3 buckets x 5 states (idle, run, spin, sleep, io)
const hm: Heatmap = {
  cpus: 2,
  buckets: 3,
  bucket_ns: 1000,
  states: ['idle', 'run', 'spin', 'sleep', 'io'],
  data: [
    // cpu 0
    1, 0, 0, 0, 0,
    0, 0.5, 0.25, 0.25, 0,
    0, 0, 0.7, 0.4, 0, // over-full: clamps to 1
    // cpu 1
    0, 1, 0, 0, 0,
    0.1, 0.2, 0.3, 0.1, 0.3,
    0, 0, 0, 0, 1,
  ],
};

describe('computeCells', () => {
  it('sums spin and sleep for contention', () => {
    const c = computeCells(hm, 'contention');
    expect(Array.from(c)).toEqual([0, 0.5, 1, 0, expect.closeTo(0.4), 0]);
  });
  it('picks a single state', () => {
    expect(Array.from(computeCells(hm, 'io'))).toEqual([0, 0, 0, 0, 0.3, 1]);
    expect(Array.from(computeCells(hm, 'run'))).toEqual([0, 0.5, 0, 1, 0.2, 0]);
  });
  it('follows the state order the heatmap declares', () => {
    expect(stateWeights(['sleep', 'idle', 'spin'], 'contention')).toEqual([1, 0, 1]);
  });
  it('averages', () => {
    expect(meanValue(computeCells(hm, 'io'))).toBeCloseTo(1.3 / 6);
    expect(meanValue(new Float64Array())).toBe(0);
  });
});

describe('cellBreakdown', () => {
  it('lists every state of one cell', () => {
    expect(cellBreakdown(hm, 1, 1)).toEqual([
      { state: 'idle', frac: 0.1 },
      { state: 'run', frac: 0.2 },
      { state: 'spin', frac: 0.3 },
      { state: 'sleep', frac: 0.1 },
      { state: 'io', frac: 0.3 },
    ]);
  });
});

describe('formatting', () => {
  it('formats durations in the right unit', () => {
    expect(formatNs(0)).toBe('0 ns');
    expect(formatNs(850)).toBe('850 ns');
    expect(formatNs(12_345)).toBe('12.3 µs');
    expect(formatNs(4_560_000)).toBe('4.56 ms');
    expect(formatNs(2_000_000_000)).toBe('2 s');
  });
  it('formats a bucket range in one unit', () => {
    expect(bucketRange(2, 1000)).toEqual([2000, 3000]);
    expect(formatTimeRange(1_200_000, 2_400_000)).toBe('1.2–2.4 ms');
    expect(formatTimeRange(0, 500_000)).toBe('0–500 µs');
  });
  it('formats shares', () => {
    expect(formatPct(0)).toBe('0%');
    expect(formatPct(0.0004)).toBe('<0.1%');
    expect(formatPct(0.053)).toBe('5.3%');
    expect(formatPct(0.5)).toBe('50%');
  });
});

describe('layout', () => {
  it('switches to canvas above 4096 cells', () => {
    expect(renderMode(4, 1024)).toBe('svg');
    expect(renderMode(64, 65)).toBe('canvas');
  });
  it('finds the cell under a point', () => {
    const l = heatLayout(2, 3, 300, 100);
    expect(l.cellW).toBe(100);
    expect(l.cellH).toBe(22);
    expect(cellAt(150, 30, l, 2, 3)).toEqual({ cpu: 1, bucket: 1 });
    expect(cellAt(-1, 0, l, 2, 3)).toBeNull();
    expect(cellAt(0, 44, l, 2, 3)).toBeNull();
  });
  it('keeps rows readable for many cpus', () => {
    expect(heatLayout(256, 10, 100, 300).cellH).toBe(2);
  });
  it('colours from light to dark', () => {
    const s = colorScale('contention');
    expect(s(0)).not.toBe(s(1));
  });
});
