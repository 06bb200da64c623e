/**
 * inode-hash's mail figures as `kernel compare` puts them beside a run: the
 * changes the mail published, under the results' metric keys.
 */
import { describe, expect, it } from 'vitest';
import { mailChange } from '../../mail-changes';
import { changePct } from '../../../lib/compare';

describe("inode-hash's mail figures", () => {
  const pct = (metric: string, params?: Record<string, unknown>): number => {
    const f = mailChange('inode-hash', metric, params)!;
    return changePct(f.before, f.after)!;
  };

  it('give the changes the mail published', () => {
    expect(pct('ext4_elapsed_s')).toBeCloseTo(-53.2, 1);
    expect(pct('btrfs_elapsed_s')).toBeCloseTo(-16.7, 1);
  });
});
