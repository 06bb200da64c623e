/**
 * ext4-writeback's mail figures as `kernel compare` puts them beside a run: the
 * changes the mail published, under the results' metric keys.
 */
import { describe, expect, it } from 'vitest';
import { mailChange, mailStatedPct } from '../../mail-changes';
import { changePct } from '../../../lib/compare';

describe("ext4-writeback's mail figures", () => {
  const pct = (metric: string, params?: Record<string, unknown>): number => {
    const f = mailChange('ext4-writeback', metric, params)!;
    return changePct(f.before, f.after)!;
  };

  it('give the changes the mail published', () => {
    expect(pct('fsync_iops_per_s')).toBeCloseTo(((449 - 460) / 460) * 100, 9);
    expect(pct('fsync_jbd2_handles_per_txn')).toBeCloseTo(((51 - 67) / 67) * 100, 9);
  });

  it("keep no change a text states where it is its figures' change rounded", () => {
    expect(mailStatedPct(mailChange('ext4-writeback', 'fsync_iops_per_s')!)).toBeUndefined();
  });
});
