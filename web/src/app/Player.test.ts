import { describe, expect, it } from 'vitest';
import { scrubberValue } from './Player';

describe('scrubberValue', () => {
  it('is the step when paused, and on a run shorter than the scrubber is wide', () => {
    expect(scrubberValue(74_812_345, 149_697_623, 600, false)).toBe(74_812_345);
    expect(scrubberValue(123, 400, 600, true)).toBe(123);
    expect(scrubberValue(900, 400, 600, true)).toBe(400);
  });

  it('while playing a long run, holds still within a pixel column of the thumb', () => {
    const max = 149_697_623;
    const perPx = (max - 1) / (600 - 16);
    const at = scrubberValue(74_800_000, max, 600, true);
    expect(Math.abs(at - 74_800_000)).toBeLessThanOrEqual(perPx / 2 + 1);
    /* the next thousands of steps show the same value: the input is not set again */
    for (const d of [1, 100, 5_000]) expect(scrubberValue(74_800_000 + d, max, 600, true)).toBe(at);
    expect(scrubberValue(74_800_000 + Math.ceil(perPx), max, 600, true)).not.toBe(at);
    expect(scrubberValue(1, max, 600, true)).toBe(1);
    expect(scrubberValue(max, max, 600, true)).toBe(max);
  });
});
