import { describe, expect, it } from 'vitest';
import { median, medians, metricSpreads, overlaps, mapSpread, spread, studentT, tCritical95, verdict } from './stats';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([5])).toBe(5);
    expect(median([10, -4, 7, 7, 1])).toBe(7);
  });
  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1, 2])).toBe(1.5);
  });
  it('is NaN for no value', () => {
    expect(median([])).toBeNaN();
  });
  it('leaves its input as it was', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('spread', () => {
  it('gives min, median and max', () => {
    expect(spread([12, 10, 11])).toEqual({ min: 10, median: 11, max: 12 });
    expect(spread([7])).toEqual({ min: 7, median: 7, max: 7 });
  });
  it('is all NaN for no value or a missing one', () => {
    for (const s of [spread([]), spread([1, NaN, 3])]) {
      expect(s.min).toBeNaN();
      expect(s.median).toBeNaN();
      expect(s.max).toBeNaN();
    }
  });
  it('maps through a function, keeping min below max for a decreasing one', () => {
    expect(mapSpread({ min: 1000, median: 2000, max: 4000 }, (v) => v / 1000)).toEqual({ min: 1, median: 2, max: 4 });
    expect(mapSpread({ min: 1, median: 2, max: 4 }, (v) => -v)).toEqual({ min: -4, median: -2, max: -1 });
  });
});

describe('overlaps', () => {
  it('is true for ranges that share a value, ends included', () => {
    expect(overlaps(spread([1, 3]), spread([2, 4]))).toBe(true);
    expect(overlaps(spread([1, 3]), spread([3, 5]))).toBe(true);
    expect(overlaps(spread([1, 10]), spread([4, 5]))).toBe(true);
    expect(overlaps(spread([4, 5]), spread([1, 10]))).toBe(true);
  });
  it('is false for ranges apart, in either order', () => {
    expect(overlaps(spread([1, 2]), spread([2.5, 3]))).toBe(false);
    expect(overlaps(spread([2.5, 3]), spread([1, 2]))).toBe(false);
  });
});

describe('verdict', () => {
  it('calls a difference significant only when the ranges over seeds do not overlap', () => {
    expect(verdict(spread([10, 11, 12]), spread([20, 21, 22]), 3)).toBe('significant');
    expect(verdict(spread([20, 21, 22]), spread([10, 11, 12]), 3)).toBe('significant');
    expect(verdict(spread([10, 11, 15]), spread([14, 16, 17]), 3)).toBe('overlap');
  });
  it('a difference of medians within one range is not significant, however large in percent', () => {
    expect(verdict(spread([1, 2, 100]), spread([50, 60, 70]), 3)).toBe('overlap');
  });
  it('gives no verdict on one seed, or on a missing number', () => {
    expect(verdict(spread([10]), spread([20]), 1)).toBe('untested');
    expect(verdict(spread([]), spread([20, 21]), 2)).toBe('untested');
  });
});

describe('metricSpreads', () => {
  it("spreads each metric over the runs, and the medians are the spreads' medians", () => {
    const runs = [{ metrics: { a: 3, b: 10 } }, { metrics: { a: 1, b: 30 } }, { metrics: { a: 2, b: 20 } }];
    const s = metricSpreads(runs);
    expect(s).toEqual({ a: { min: 1, median: 2, max: 3 }, b: { min: 10, median: 20, max: 30 } });
    expect(medians(s)).toEqual({ a: 2, b: 20 });
  });
  it('makes a metric some run lacks NaN rather than a range of the others', () => {
    const s = metricSpreads([{ metrics: { a: 1, b: 2 } }, { metrics: { a: 2 } }]);
    expect(s.a).toEqual({ min: 1, median: 1.5, max: 2 });
    expect(s.b?.median).toBeNaN();
  });
});

describe('studentT', () => {
  it("matches ministat's example: two samples of five whose means differ at 95%", () => {
    // ministat's README example, x vs +: means 4.0 and 6.0, sd 1.58 each: t = 2.0, df 8, critical 2.306
    const r = studentT([2, 3, 4, 5, 6], [4, 5, 6, 7, 8])!;
    expect(r.df).toBe(8);
    expect(r.t).toBeCloseTo(2.0, 6);
    expect(r.critical).toBe(2.306);
    expect(r.significant).toBe(false);
    expect(studentT([2, 3, 4, 5, 6], [6, 7, 8, 9, 10])!.significant).toBe(true);
  });

  it('has no verdict with fewer than two values a side, constant samples or a NaN', () => {
    expect(studentT([1], [2, 3])).toBeNull();
    expect(studentT([1, 1], [2, 2])).toBeNull();
    expect(studentT([1, NaN], [2, 3])).toBeNull();
  });

  it('takes the next smaller table entry past 30 degrees of freedom', () => {
    expect(tCritical95(1)).toBe(12.706);
    expect(tCritical95(30)).toBe(2.042);
    expect(tCritical95(45)).toBe(2.021);
    expect(tCritical95(1000)).toBe(1.98);
  });
});
