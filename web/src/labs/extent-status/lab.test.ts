/** The extent-status lab as shared code reads it: its home card and its kernel panel's metrics. */
import { describe, expect, it } from 'vitest';
import { findLab } from '../../app/labs';
import { simulatorCell, simulatorMetric, type SimulatorRuns } from '../../viz/kernel/simulatorMetrics';

const known = (...names: string[]) => new Set(names);

function runs(over: Partial<SimulatorRuns> = {}): SimulatorRuns {
  return { variants: ['before', 'after'], params: {}, seed: 1, before: {}, after: {}, running: false, error: null, ...over };
}

describe('the extent-status card', () => {
  it("writes its headline around the mail's figures", () => {
    expect(findLab('extent-status')?.headline).toBe('average scan time 10196 → 212 µs (case a), cache hits up by three orders');
  });

  it('names who wrote the mail, the list and the year', () => {
    expect(findLab('extent-status')?.mail).toBe('Zheng Liu, linux-ext4, 2014');
  });
});

describe("the extent-status kernel panel's simulator column", () => {
  it("pairs each case's kernel key with the model metric at that case", () => {
    expect(simulatorMetric('extent-status', 'case_b_avg_scan_time_us', known('avg_scan_us'))).toEqual({
      metric: 'avg_scan_us',
      param: { name: 'case', value: 'b' },
    });
    expect(simulatorMetric('extent-status', 'case_a_cache_hits_count', known('hits'))?.metric).toBe('hits');
    expect(simulatorMetric('extent-status', 'case_d_avg_scan_time_us', known('avg_scan_us'))).toBeNull();
  });

  it('says when the row is of another case than the page simulates', () => {
    const sim = runs({ params: { case: 'a' }, before: { avg_scan_us: 10 }, after: { avg_scan_us: 5 } });
    expect(simulatorCell('extent-status', 'case_a_avg_scan_time_us', sim)).toMatchObject({ kind: 'value', changePct: -50 });
    const other = simulatorCell('extent-status', 'case_b_avg_scan_time_us', sim);
    expect(other).toEqual({ kind: 'none', reason: 'this row is case=b; the page simulates case=a' });
  });
});
