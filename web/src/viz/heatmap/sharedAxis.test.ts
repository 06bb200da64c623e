import { describe, expect, it } from 'vitest';
import { fitTimeAxis, heatLayout, sharedAxisNs, timeX } from './heatmap';

describe('sharedAxisNs', () => {
  it('is the longest run', () => {
    expect(sharedAxisNs([3_000, 12_000, 7_500])).toBe(12_000);
    expect(sharedAxisNs([5])).toBe(5);
  });
  it('ignores maps without a length', () => {
    expect(sharedAxisNs([0, Number.NaN, 4_000])).toBe(4_000);
    expect(sharedAxisNs([])).toBeNull();
    expect(sharedAxisNs([0])).toBeNull();
  });
});

describe('fitTimeAxis', () => {
  it('fills the width without a shared axis', () => {
    expect(fitTimeAxis(8_000, null, 600)).toEqual({ axisNs: 8_000, dataW: 600, endX: null });
  });
  it('fills the width for the longest run', () => {
    expect(fitTimeAxis(8_000, 8_000, 600)).toEqual({ axisNs: 8_000, dataW: 600, endX: null });
  });
  it('draws a shorter run over its share of the width and marks its end', () => {
    /* after runs 3/4 as long as before: its cells end at 3/4 of the width */
    expect(fitTimeAxis(6_000, 8_000, 600)).toEqual({ axisNs: 8_000, dataW: 450, endX: 450 });
    expect(fitTimeAxis(1_000, 8_000, 400)).toEqual({ axisNs: 8_000, dataW: 50, endX: 50 });
  });
  it('never stretches a run past the width when the shared axis is shorter', () => {
    expect(fitTimeAxis(9_000, 8_000, 600)).toEqual({ axisNs: 9_000, dataW: 600, endX: null });
  });
  it('keeps the width for an empty run', () => {
    expect(fitTimeAxis(0, null, 600)).toEqual({ axisNs: 0, dataW: 600, endX: null });
  });
  it('gives both maps the same ns per pixel', () => {
    const long = fitTimeAxis(8_000, 8_000, 600);
    const short = fitTimeAxis(5_000, 8_000, 600);
    expect(8_000 / long.dataW).toBeCloseTo(5_000 / short.dataW);
    /* and the same bucket width for equal bucket lengths: 100 buckets of 80 ns against 100 of 50 ns */
    expect(heatLayout(4, 100, long.dataW, 200).cellW / 80).toBeCloseTo(heatLayout(4, 100, short.dataW, 200).cellW / 50);
  });
});

describe('timeX', () => {
  it('places a time on the shared axis, only within the run', () => {
    expect(timeX(3_000, 6_000, 8_000, 600)).toBe(225);
    expect(timeX(6_000, 6_000, 8_000, 600)).toBe(450);
    expect(timeX(6_001, 6_000, 8_000, 600)).toBeNull();
    expect(timeX(-1, 6_000, 8_000, 600)).toBeNull();
    expect(timeX(null, 6_000, 8_000, 600)).toBeNull();
    expect(timeX(0, 0, 0, 600)).toBe(300);
  });
});
