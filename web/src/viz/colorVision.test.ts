import { describe, expect, it } from 'vitest';
import { deltaE2000, distance, parseHex, rgbToLab, simulate } from './colorVision';

describe('colour vision arithmetic', () => {
  it('gives CIEDE2000 the values of Sharma, Wu and Dalal\'s test data', () => {
    /* pairs 1, 17 and 25 of their table */
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it('puts white at L* 100 and black at 0 under D65', () => {
    const w = rgbToLab([255, 255, 255]);
    expect(w[0]).toBeCloseTo(100, 3);
    expect(Math.abs(w[1]) + Math.abs(w[2])).toBeLessThan(0.01);
    expect(rgbToLab([0, 0, 0])[0]).toBeCloseTo(0, 6);
  });

  it('leaves greys grey and merges red and green for a deuteranope', () => {
    for (const kind of ['deuteranopia', 'protanopia', 'tritanopia'] as const) {
      const g = simulate([128, 128, 128], kind);
      for (const c of g) expect(c).toBeCloseTo(128, 0);
    }
    /* a pure red and a pure green far apart to normal vision, much closer to a deuteranope */
    expect(distance('#ff0000', '#00ff00')).toBeGreaterThan(80);
    expect(distance('#cc3333', '#669933', 'deuteranopia')).toBeLessThan(distance('#cc3333', '#669933') / 3);
  });

  it('names a colour it cannot read', () => {
    expect(() => parseHex('red')).toThrow('colour "red" is not #rgb or #rrggbb');
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
  });
});
