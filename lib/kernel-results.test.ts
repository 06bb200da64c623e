import { describe, expect, it } from 'vitest';
import { METRIC_UNITS, metricUnit, unitText } from './kernel-results';

describe('metricUnit', () => {
  it('takes the longest unit suffix', () => {
    expect(metricUnit('files_per_s')).toBe('per_s');
    expect(metricUnit('write_mib_per_s')).toBe('mib_per_s');
    expect(metricUnit('wall_s')).toBe('s');
    expect(metricUnit('avg_commit_us')).toBe('us');
    expect(metricUnit('per_s')).toBe('s');
    expect(metricUnit('files')).toBeUndefined();
  });
});

describe('unitText', () => {
  it('writes each unit as a reader does', () => {
    expect(unitText('us')).toBe('µs');
    expect(unitText('per_txn')).toBe('per transaction');
    expect(unitText('count')).toBe('');
    for (const u of METRIC_UNITS) expect(typeof unitText(u), u).toBe('string');
  });

  it('leaves a suffix it does not know as it is', () => {
    expect(unitText('furlongs')).toBe('furlongs');
    expect(unitText('constructor')).toBe('constructor');
  });
});
