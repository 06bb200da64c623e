import { describe, expect, it } from 'vitest';
import { formatCount } from './formatCount';

describe('formatCount', () => {
  it('writes what toLocaleString("en-US") writes', () => {
    for (const n of [0, 7, 999, 1000, 25_169, 377_389, 2_000_000, 1_234_567_890]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(formatCount(2_000_000)).toBe('2,000,000');
  });
});
