import { describe, expect, it } from 'vitest';
import { boxAt, gridLayout } from './grid';

describe('gridLayout', () => {
  it('uses the largest boxes while everything fits', () => {
    const g = gridLayout(10, 500, 100);
    expect(g.boxH).toBe(24);
    expect(g.rows).toBe(1);
  });
  it('shrinks boxes for long queues', () => {
    const g = gridLayout(256, 700, 100);
    expect(g.boxH).toBeLessThan(12);
    expect(g.rows * (g.boxH + g.gap) - g.gap).toBeLessThanOrEqual(100);
    expect(g.cols * g.rows).toBeGreaterThanOrEqual(256);
  });
  it('places boxes row by row', () => {
    const g = { boxH: 10, boxW: 20, gap: 2, cols: 3, rows: 2 };
    expect(boxAt(4, g)).toEqual({ x: 22, y: 12 });
  });
});
