import { describe, expect, it } from 'vitest';
import { tradeoffPoints } from './TradeoffChart';

describe('tradeoffPoints', () => {
  const p = { variant: 'yours', seed: 1, iops: 350, latency_p50: 30_000, latency_p99: 69_600 };
  it("reads a scored check's points", () => {
    expect(tradeoffPoints({ points: [p, { ...p, variant: 'after' }] })).toHaveLength(2);
  });
  it('has none for data without points, or with a point that is not one', () => {
    expect(tradeoffPoints(undefined)).toBeNull();
    expect(tradeoffPoints({ points: [] })).toBeNull();
    expect(tradeoffPoints({ points: [{ ...p, iops: 'x' }] })).toBeNull();
    expect(tradeoffPoints({ points: [{ ...p, variant: 3 }] })).toBeNull();
  });
});
