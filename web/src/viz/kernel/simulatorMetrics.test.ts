import { describe, expect, it } from 'vitest';
import { simulatorCell, simulatorConfigText, simulatorMetric, type SimulatorRuns } from './simulatorMetrics';

const known = (...names: string[]) => new Set(names);

function runs(over: Partial<SimulatorRuns> = {}): SimulatorRuns {
  return {
    variants: ['before', 'after'],
    params: {},
    seed: 1,
    before: {},
    after: {},
    running: false,
    error: null,
    ...over,
  };
}

describe('simulatorMetric', () => {
  it('pairs each kernel key with the model metric of the same measure', () => {
    expect(simulatorMetric('fast-commit', 'files_per_s', known('creates_per_s'))).toEqual({ metric: 'creates_per_s' });
    expect(simulatorMetric('extent-status', 'case_b_avg_scan_time_us', known('avg_scan_us'))).toEqual({
      metric: 'avg_scan_us',
      param: { name: 'case', value: 'b' },
    });
    expect(simulatorMetric('extent-status', 'case_a_cache_hits_count', known('hits'))?.metric).toBe('hits');
    expect(simulatorMetric('inode-hash', 'btrfs_elapsed_s', known('total_s'))).toEqual({
      metric: 'total_s',
      param: { name: 'fs', value: 'btrfs' },
    });
    expect(simulatorMetric('btrfs-fsync', 'flush_max_ms', known('flush_max_ms'))).toEqual({ metric: 'flush_max_ms' });
    expect(simulatorMetric('ext4-writeback', 'fsync_iops_per_s', known('fsync_iops_per_s'))).toEqual({ metric: 'fsync_iops_per_s' });
  });

  it('has none where the model does not measure it', () => {
    expect(simulatorMetric('fast-commit', 'avg_commit_us', known('creates_per_s'))).toBeNull();
    expect(simulatorMetric('fast-commit', 'files_per_s', known())).toBeNull();
    expect(simulatorMetric('extent-status', 'case_d_avg_scan_time_us', known('avg_scan_us'))).toBeNull();
    expect(simulatorMetric('inode-hash', 'xfs_elapsed_s', known('total_s'))).toBeNull();
  });
});

describe('simulatorCell', () => {
  it("gives the simulator's change at the page's configuration", () => {
    const cell = simulatorCell('fast-commit', 'files_per_s', runs({ before: { creates_per_s: 1000 }, after: { creates_per_s: 1500 } }));
    expect(cell).toEqual({ kind: 'value', metric: 'creates_per_s', before: 1000, after: 1500, changePct: 50 });
  });

  it('says when the row is of another case or file system than the page simulates', () => {
    const sim = runs({ params: { case: 'a' }, before: { avg_scan_us: 10 }, after: { avg_scan_us: 5 } });
    expect(simulatorCell('extent-status', 'case_a_avg_scan_time_us', sim)).toMatchObject({ kind: 'value', changePct: -50 });
    const other = simulatorCell('extent-status', 'case_b_avg_scan_time_us', sim);
    expect(other).toEqual({ kind: 'none', reason: 'this row is case=b; the page simulates case=a' });
  });

  it('says why there is no value: running, failed, no metric', () => {
    expect(simulatorCell('fast-commit', 'files_per_s', runs({ before: undefined, running: true }))).toEqual({ kind: 'none', reason: 'simulating…' });
    expect(simulatorCell('fast-commit', 'files_per_s', runs({ error: 'boom' })).kind).toBe('none');
    expect(simulatorCell('fast-commit', 'avg_commit_us', runs({ before: { creates_per_s: 1 }, after: { creates_per_s: 2 } }))).toEqual({
      kind: 'none',
      reason: 'the model has no such metric',
    });
  });

  it('names the configuration it ran', () => {
    expect(simulatorConfigText({ params: { ways: '4', fs: 'btrfs' }, seed: 3 })).toBe('ways=4 fs=btrfs, seed 3');
  });
});
