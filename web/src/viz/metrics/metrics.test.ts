import { describe, expect, it } from 'vitest';
import { formatMetric } from './metrics';

describe('formatMetric', () => {
  it('formats by unit', () => {
    expect(formatMetric(1_500_000, 'ns')).toBe('1.5 ms');
    expect(formatMetric(0.8715, 'fraction')).toBe('87.2%');
    expect(formatMetric(0.5, '', 'fc_commit_cpu_frac')).toBe('50.0%');
    expect(formatMetric(42.25, '%')).toBe('42.3%');
    expect(formatMetric(126130, 'creates/s')).toBe('126,130 creates/s');
    expect(formatMetric(12, 'count')).toBe('12');
    expect(formatMetric(32330.02, '1/s')).toBe('32,330/s');
    expect(formatMetric(undefined, 'ns')).toBe('—');
    expect(formatMetric(NaN, 'count')).toBe('—');
  });
});
