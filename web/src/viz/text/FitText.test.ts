import { describe, expect, it } from 'vitest';
import { fitPrefix } from './FitText';

describe('fitPrefix', () => {
  const mono = (w: number) => (k: number) => k * w;

  it('keeps the longest prefix that fits with the ellipsis', () => {
    expect(fitPrefix(40, 100, 5, mono(5))).toBe(19);
    expect(fitPrefix(40, 104, 5, mono(5))).toBe(19);
    expect(fitPrefix(40, 105, 5, mono(5))).toBe(20);
  });

  it('keeps nothing when not even one character and the ellipsis fit', () => {
    expect(fitPrefix(10, 3, 5, mono(5))).toBe(0);
  });

  it('follows the measured widths, not a width per character', () => {
    const widths = [0, 10, 12, 30, 31, 60];
    expect(fitPrefix(5, 35, 4, (k) => widths[k]!)).toBe(4);
    expect(fitPrefix(5, 33, 4, (k) => widths[k]!)).toBe(2);
  });
});
