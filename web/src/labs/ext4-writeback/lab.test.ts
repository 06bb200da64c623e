/** The ext4-writeback lab as shared code reads it: its home card and its kernel panel's metrics. */
import { describe, expect, it } from 'vitest';
import { findLab } from '../../app/labs';
import { simulatorMetric } from '../../viz/kernel/simulatorMetrics';

const known = (...names: string[]) => new Set(names);

describe('the ext4-writeback card', () => {
  it("writes its headline around the mail's figures", () => {
    expect(findLab('ext4-writeback')?.headline).toBe('449 vs 460 IOPS; 51 vs 67 handles per transaction');
  });
});

describe("the ext4-writeback kernel panel's simulator column", () => {
  it('pairs a kernel key with the model metric of the same name', () => {
    expect(simulatorMetric('ext4-writeback', 'fsync_iops_per_s', known('fsync_iops_per_s'))).toEqual({ metric: 'fsync_iops_per_s' });
  });
});
