import { describe, expect, it } from 'vitest';
import { median, medians, metricSpreads, mapSpread, spread } from './stats';

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
