import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../../lib/format';
import { chainHeatCells, chainHeatProblem, hottestRows, rowBucketsText, TASKS } from './chainHeat';
import { sampleSnapshot } from './testing/sample';

const heat = () => sampleSnapshot().chain_heat;

describe('chainHeatCells', () => {
  it('scales every cell by the busiest one and counts tasks at once there', () => {
    const { cells, maxTasks, totalNs } = chainHeatCells(heat());
    expect(Array.from(cells)).toEqual([0, 0.05, 0, 0.25, 1, 0.75, 0, 0, 0, 0.125, 0, 0.025]);
    expect(maxTasks).toBe(2);
    expect(totalNs).toBe(4400);
  });
  it('is all zeros for a run that never walked a chain', () => {
    const h = { ...heat(), rows: heat().rows.map((r) => r.map(() => 0)) };
    const { cells, maxTasks } = chainHeatCells(h);
    expect(Array.from(cells).every((v) => v === 0)).toBe(true);
    expect(maxTasks).toBe(0);
  });
});

describe('chainHeatProblem', () => {
  it('accepts a consistent map', () => {
    expect(chainHeatProblem(heat())).toBeNull();
  });
  it('names what does not add up', () => {
    expect(chainHeatProblem({ ...heat(), nr_rows: 5 })).toMatch(/4 rows where nr_rows says 5/);
    expect(chainHeatProblem({ ...heat(), nr_time: 4 })).toMatch(/row 0 has 3 time buckets where nr_time says 4/);
    expect(chainHeatProblem({ ...heat(), row_buckets: heat().row_buckets.slice(1) })).toMatch(/row_buckets has 3 entries/);
    const neg = heat();
    neg.rows[2][1] = -1;
    expect(chainHeatProblem(neg)).toMatch(/row 2 holds a negative/);
    const overlap = heat();
    overlap.row_buckets[2] = [6, 11];
    expect(chainHeatProblem(overlap)).toMatch(/row_buckets\[2\]/);
  });
});

describe('formatting', () => {
  it('says which buckets a row covers', () => {
    expect(rowBucketsText([4, 7])).toBe('buckets 4–7');
    expect(rowBucketsText([9, 9])).toBe('bucket 9');
  });
  it('gives tasks two significant digits', () => {
    expect(formatNumber(0, TASKS)).toBe('0');
    expect(formatNumber(0.03125, TASKS)).toBe('0.031');
    expect(formatNumber(1.44, TASKS)).toBe('1.4');
    expect(formatNumber(12.4, TASKS)).toBe('12');
  });
  it('ranks the busiest rows', () => {
    expect(hottestRows(heat(), 2)).toEqual([
      { row: 1, ns: 4000 },
      { row: 3, ns: 300 },
    ]);
  });
});
