import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors';
import { repeatOrder } from './run';

describe('repeatOrder', () => {
  it('alternates before and after, three times by default at the quick profile', () => {
    expect(repeatOrder('both', undefined, 'quick')).toEqual(['before', 'after', 'before', 'after', 'before', 'after']);
    expect(repeatOrder('both', '2', 'paper')).toEqual(['before', 'after', 'before', 'after']);
    expect(repeatOrder('both', undefined, 'paper')).toEqual(['before', 'after']);
  });

  it('repeats one variant when asked for one, once by default', () => {
    expect(repeatOrder('after', undefined, 'quick')).toEqual(['after']);
    expect(repeatOrder('before', '3', 'quick')).toEqual(['before', 'before', 'before']);
  });

  it('refuses another variant and a repeat out of 1 to 20', () => {
    expect(() => repeatOrder('middle', '2', 'quick')).toThrow(new UsageError("--variant must be before, after or both, got 'middle'"));
    expect(() => repeatOrder('both', '0', 'quick')).toThrow(/--repeat must be from 1 to 20, got 0/);
    expect(() => repeatOrder('both', 'x', 'quick')).toThrow(/--repeat must be an integer from 1 to 20/);
  });
});
