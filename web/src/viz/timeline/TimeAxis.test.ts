import { describe, expect, it } from 'vitest';
import { CHAR_W } from '../text/FitText';
import { tickAnchor } from './TimeAxis';

describe('tickAnchor', () => {
  const range = [0, 400];
  const label = '39.2 ms'; /* about 7 characters wide */
  const half = (label.length * CHAR_W) / 2;
  it('centres a label that fits, and ends or starts one that would pass an end of the axis', () => {
    expect(tickAnchor(200, label, range)).toBe('middle');
    expect(tickAnchor(400 - half + 1, label, range)).toBe('end');
    expect(tickAnchor(half - 1, label, range)).toBe('start');
    expect(tickAnchor(200, label, [400, 0])).toBe('middle');
  });
});
