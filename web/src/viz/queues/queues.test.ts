import { describe, expect, it } from 'vitest';
import type { Step } from '../../core/types';
import { boxAt, describeStep, gridLayout, walkTarget, walkTrail, type FcState } from './queues';

const step = (over: Partial<Step>): Step => ({ i: 1, t: 0, cpu: 0, task: 1, line: 10, kind: 'visit', a: 0, b: 0, ...over });

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

const fc: FcState = {
  inode_q: [
    { ino: 10, dir: true },
    { ino: 11, dir: false },
    { ino: 12, dir: false },
  ],
  inode_q_len: 3,
  dentry_q: [
    { ino: 12, parent: 10 },
    { ino: 11, parent: 10 },
  ],
  dentry_q_len: 2,
  walk: { task: 1, dentry_idx: 1, inode_idx: 1 },
  commit_running: true,
  commits: 0,
};

describe('walk', () => {
  it('keeps the comparisons of the current record by the walking task', () => {
    const steps = [
      step({ a: 0, b: 0 }),
      step({ a: 0, b: 2, kind: 'match' }),
      step({ a: 1, b: 0 }),
      step({ a: 1, b: 0, task: 2 }),
      step({ a: 1, b: 1, kind: 'lock' }),
      step({ a: 1, b: 1 }),
    ];
    expect(walkTrail(steps, fc.walk)).toEqual([0, 1]);
    expect(walkTrail(steps, null)).toEqual([]);
  });
  it('finds the target entry in both variants', () => {
    expect(walkTarget(fc, 'before')).toBe(1);
    expect(walkTarget({ ...fc, walk: { task: 1, dentry_idx: 0, inode_idx: -1 } }, 'after')).toBe(2);
    expect(walkTarget({ ...fc, walk: null }, 'after')).toBe(-1);
  });
  it('describes steps', () => {
    expect(describeStep(step({ a: 3, b: 7 }))).toBe('compares record #3 with inode entry #7');
    expect(describeStep(step({ kind: 'commit_start', a: 38, b: 30 }))).toBe('starts a fast commit of 38 inodes and 30 records');
    expect(describeStep(step({ kind: 'odd', a: 1, b: 2 }))).toBe('odd (1, 2)');
    expect(describeStep(step({ kind: 'match', a: 1, b: -1 }))).toBe("follows record #1's link straight to its inode");
  });
});
