/** The btrfs-fsync lab as shared code reads it: its home card and its kernel panel's metrics. */
import { describe, expect, it } from 'vitest';
import { findLab } from '../../app/labs';
import { simulatorMetric } from '../../viz/kernel/simulatorMetrics';

const known = (...names: string[]) => new Set(names);

describe('the btrfs-fsync card', () => {
  it("writes its headline around the mail's figures", () => {
    expect(findLab('btrfs-fsync')?.headline).toBe('dbench +4.1% throughput, −39.6% max latency (32 clients)');
  });

  it('names who wrote the mail, the list and the year', () => {
    expect(findLab('btrfs-fsync')?.mail).toBe('Filipe Manana, linux-btrfs, 2021');
  });
});

describe("the btrfs-fsync kernel panel's simulator column", () => {
  it('pairs a kernel key with the model metric of the same name', () => {
    expect(simulatorMetric('btrfs-fsync', 'flush_max_ms', known('flush_max_ms'))).toEqual({ metric: 'flush_max_ms' });
  });
});
