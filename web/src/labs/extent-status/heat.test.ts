import { describe, expect, it } from 'vitest';
import { busiestRows, heatCells, shareOfBucket } from './heat';
import { sampleSnapshot } from './testing/sample';

describe('the heatmaps', () => {
  it('scales every cell to the busiest', () => {
    const { cells, max, total } = heatCells(sampleSnapshot().reclaim_heat);
    expect(max).toBe(1_000_000);
    expect(total).toBe(1_650_000);
    expect([...cells]).toEqual([0, 0.4, 0.25, 1]);
  });

  it('leaves an empty map at zero', () => {
    const h = { ...sampleSnapshot().inode_heat, rows: [[0, 0], [0, 0], [0, 0]] };
    const c = heatCells(h);
    expect(c.max).toBe(0);
    expect([...c.cells].every((v) => v === 0)).toBe(true);
  });

  it('names the busiest rows by their labels', () => {
    expect(busiestRows(sampleSnapshot().inode_heat, 5)).toEqual([
      { row: 1, label: 'ino 13', total: 128 },
      { row: 0, label: 'ino 12', total: 10 },
    ]);
  });

  it('gives a CPU’s share of a bucket, capped at the whole of it', () => {
    expect(shareOfBucket(250, 1000)).toBe(0.25);
    expect(shareOfBucket(2000, 1000)).toBe(1);
    expect(shareOfBucket(5, 0)).toBe(0);
  });
});
