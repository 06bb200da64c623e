/** The inode-hash lab as shared code reads it: its home card and its kernel panel's metrics. */
import { describe, expect, it } from 'vitest';
import { findLab } from '../../app/labs';
import { simulatorMetric } from '../../viz/kernel/simulatorMetrics';

const known = (...names: string[]) => new Set(names);

describe('the inode-hash card', () => {
  it("writes its headline around the mail's figures", () => {
    expect(findLab('inode-hash')?.headline).toBe('20-thread stat walk −53% on ext4');
  });
});

describe("the inode-hash kernel panel's simulator column", () => {
  it("pairs each file system's kernel key with the model metric on that file system", () => {
    expect(simulatorMetric('inode-hash', 'btrfs_elapsed_s', known('total_s'))).toEqual({
      metric: 'total_s',
      param: { name: 'fs', value: 'btrfs' },
    });
    expect(simulatorMetric('inode-hash', 'xfs_elapsed_s', known('total_s'))).toBeNull();
  });
});
