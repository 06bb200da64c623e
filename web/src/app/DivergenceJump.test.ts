import { describe, expect, it } from 'vitest';
import type { Divergence } from '../core/divergence';
import { divergenceText, pairOf } from './DivergenceJump';

const step = (i: number, kind: string) => ({ i, t: i * 10, cpu: 0, task: 5, line: 520, kind, a: 0, b: 0 });

describe('pairOf', () => {
  it('takes the wanted pair when both are shown and differ, else the first two shown', () => {
    expect(pairOf(['before', 'after', 'yours'], ['yours', 'before'])).toEqual(['yours', 'before']);
    expect(pairOf(['before', 'after'], ['yours', 'before'])).toEqual(['before', 'after']);
    expect(pairOf(['before', 'after'], ['after', 'after'])).toEqual(['before', 'after']);
    expect(pairOf(['before', 'after'])).toEqual(['before', 'after']);
    expect(pairOf(['before'])).toBeNull();
  });
});

describe('divergenceText', () => {
  it("names each run's event, and a run's own step where it is not the step sought", () => {
    const d: Divergence = {
      found: true,
      step: 13_170,
      same: 3_027,
      runs: [
        { step: 13_170, event: step(13_170, 'visit'), text: 'T5 visit (dentry_idx 0, inode_idx 0) at line 520' },
        { step: 13_172, event: step(13_172, 'match'), text: 'T5 match (dentry_idx 0, inode_idx -1) at line 547' },
      ],
    };
    expect(divergenceText(d, ['before', 'after'])).toBe(
      'step 13,170: before T5 visit (dentry_idx 0, inode_idx 0) at line 520; after T5 match (dentry_idx 0, inode_idx -1) at line 547 (its step 13,172); 3,027 events the same before it',
    );
  });

  it('says where a run ended without the event', () => {
    const d: Divergence = {
      found: true,
      step: 900,
      same: 12,
      runs: [
        { step: 900, event: step(900, 'visit'), text: 'T5 visit (dentry_idx 0, inode_idx 0) at line 520' },
        { step: 640, event: null, text: 'ends at step 640' },
      ],
    };
    expect(divergenceText(d, ['yours', 'before'])).toBe('step 900: yours T5 visit (dentry_idx 0, inode_idx 0) at line 520; before ends at step 640; 12 events the same before it');
  });

  it('says whether the runs were the same to their ends or the search stopped at its bound', () => {
    expect(divergenceText({ found: false, why: 'same', same: 1_204, walked: [5_000, 5_000], maxSteps: 2_000_000 }, ['before', 'yours'])).toBe(
      'no divergence: before and yours do the same 1,204 events to their ends (steps 5,000 and 5,000)',
    );
    expect(divergenceText({ found: false, why: 'bound', same: 88, walked: [2_000_000, 1_900_000], maxSteps: 2_000_000 }, ['before', 'after'])).toBe(
      'no divergence in the first 2,000,000 steps of each run (88 events the same); the search stops there',
    );
  });
});
