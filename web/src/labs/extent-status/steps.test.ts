import { describe, expect, it } from 'vitest';
import type { Step } from '../../core/types';
import { cursorTrail, describeEsStep } from './steps';

const step = (i: number, kind: string, a: number, b: number): Step => ({ i, t: i * 100, cpu: 0, task: 3, line: 1, kind, a, b });

describe('the steps', () => {
  it('describes each kind by the names of its arguments', () => {
    expect(describeEsStep(step(1, 'shrink_begin', 128, 500))).toBe('enters the shrinker to scan 128 with 500 inodes on the list');
    expect(describeEsStep(step(1, 'list_skip', 12, 1500))).toBe('skips inode 12: hit at 1500 ms, after the last sort');
    expect(describeEsStep(step(1, 'es_keep', 12, 40))).toMatch(/delayed extent at block 40 of inode 12/);
    expect(describeEsStep(step(1, 'reclaim', 12, 1))).toBe('leaves inode 12, 1 extent freed');
    expect(describeEsStep(step(1, 'lock', 0, 0), [{ name: 's_es_lock', holder: 3, waiters: [] }])).toBe('takes s_es_lock');
    expect(describeEsStep(step(1, 'mystery', 1, 2))).toBe('mystery (1, 2)');
  });

  it('follows the cursor through one inode, from the step that entered it', () => {
    const steps = [
      step(1, 'es_free', 12, 0),
      step(2, 'inode', 12, 30),
      step(3, 'es_keep', 12, 40),
      step(4, 'hit', 13, 7),
      step(5, 'es_age', 12, 41),
      step(6, 'es_free', 12, 42),
      step(7, 'es_free', 13, 1),
    ];
    expect(cursorTrail(steps, 12)).toEqual([
      { lblk: 40, mark: 'keep' },
      { lblk: 41, mark: 'age' },
      { lblk: 42, mark: 'free' },
    ]);
    expect(cursorTrail(steps, 12, 1)).toEqual([{ lblk: 42, mark: 'free' }]);
  });
});
