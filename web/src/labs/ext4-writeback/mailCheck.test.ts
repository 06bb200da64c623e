import { describe, expect, it } from 'vitest';
import { bucketMetric } from './compare';
import { MAIL_CHECKS, mailChecks, simShare } from './mailCheck';
import { BUCKETS } from './schema';

/** A run's metrics: `calls` per histogram bucket, IOPS, device requests a second and transactions. */
function run(calls: Record<string, number>, iops: number, requests: number, txns: number): Record<string, number> {
  const m: Record<string, number> = { fsync_writepages_calls_count: 0, fsync_iops_per_s: iops, device_requests_per_s: requests, fsync_jbd2_transactions_count: txns };
  BUCKETS.forEach((b, i) => {
    m[bucketMetric('fsync', i)] = calls[b] ?? 0;
    m.fsync_writepages_calls_count! += calls[b] ?? 0;
  });
  return m;
}

describe("ext4-writeback's checks against the mail", () => {
  it("takes the mail's shares, requests per write and commits a second from its figures", () => {
    const byId = Object.fromEntries(MAIL_CHECKS.map((c) => [c.id, c]));
    /* the mail: 312 of 27,460 calls before wrote 2-3 pages; 31,549 requests for 27,620 writes; 2,092 commits in 60 s */
    expect(byId['calls_2-3']!.mail('before')).toBeCloseTo(312 / 27460, 9);
    expect(byId['calls_6-7']!.mail('after')).toBeCloseTo(38 / 26896, 9);
    expect(byId.requests_per_write!.mail('before')).toBeCloseTo(31549 / 27620, 6);
    expect(byId.commits_per_s!.mail('after')).toBeCloseTo(2143 / 60, 6);
  });

  it("measures a run's shares over all its calls", () => {
    expect(simShare(run({ '2-3': 1, '4-5': 3 }, 1, 1, 1), BUCKETS.indexOf('2-3'))).toBe(0.25);
    expect(simShare(run({}, 1, 1, 1), 0)).toBeNaN();
  });

  it('holds the median of the runs to each tolerance: a factor of 2, ±10%, ±20%', () => {
    /* after as the mail's (shares ×1.5, 1.14 requests a write, 35.7 commits a second over 48 s); before far off */
    const mailLike = run({ '0-1': 1635, '2-3': 123 * 1.5, '4-5': 24302, '6-7': 38 * 1.5 }, 400, 400 * 1.14, 35.7 * 48);
    const off = run({ '0-1': 100, '2-3': 5000, '4-5': 5000, '6-7': 3000 }, 300, 300 * 1.5, 20 * 48);
    const results = mailChecks({ before: [off, off, off], after: [mailLike, mailLike] }, 48);
    expect(results).toHaveLength(MAIL_CHECKS.length * 2);
    for (const r of results) expect(r.within, `${r.id} ${r.variant}`).toBe(r.variant === 'after');
    const rpw = results.find((r) => r.id === 'requests_per_write' && r.variant === 'before')!;
    expect([rpw.median, rpw.min, rpw.max]).toEqual([1.5, 1.5, 1.5]);
  });

  it('refuses runs it cannot compare, naming what was wrong', () => {
    const m = run({ '4-5': 1 }, 1, 1, 1);
    expect(() => mailChecks({ before: [], after: [m] }, 48)).toThrow(/no runs of before/);
    expect(() => mailChecks({ before: [m], after: [m] }, 0)).toThrow(/positive number of seconds, not 0/);
  });
});
