/**
 * `kernel compare` on btrfs-fsync's dbench results (results/after.json): the
 * change the mail's text states beside its figures' own, and the mail's
 * figures by clients.
 */
import { describe, expect, it } from 'vitest';
import { mailChange, mailStatedPct } from '../../mail-changes';
import { changePct } from '../../../lib/compare';
import { compareResults, formatComparison } from '../../../cli/kernel/compare';
import { result } from '../../../tests/kernel-results';

describe('compareResults', () => {
  it("notes the change the mail's text states when its figures give another", () => {
    const dbench = result('btrfs-fsync', 'after');
    const old = { ...structuredClone(dbench), variant: 'before' as const };
    const c = compareResults(old, dbench);
    const maxLat = c.rows.find((r) => r.metric === 'max_latency_ms')!.mail!;
    expect(maxLat.change_pct).toBeCloseTo(((228.847 - 341.833) / 341.833) * 100, 9);
    expect(maxLat.stated_pct).toBe(-39.6);
    const out = formatComparison(c);
    expect(out).toMatch(/^max_latency_ms .* -33\.1%\s+32 clients, max latency; the mail states -39\.6%$/m);
    expect(out).toMatch(/^throughput_mb_s .* \+4\.2%\s+32 clients, throughput \(MB\/s\)$/m);
    expect(compareResults(dbench, old).rows[0]!.mail!.stated_pct).toBeNull();
  });

});

describe("btrfs-fsync's mail figures", () => {
  const pct = (metric: string, params?: Record<string, unknown>): number => {
    const f = mailChange('btrfs-fsync', metric, params)!;
    return changePct(f.before, f.after)!;
  };

  it('give the changes the mail published', () => {
    expect(pct('throughput_mb_s', { clients: 32 })).toBeCloseTo(((1049.91 - 1008.02) / 1008.02) * 100, 9);
    expect(pct('max_latency_ms', { clients: 64 })).toBeCloseTo(((422.043 - 506.154) / 506.154) * 100, 9);
  });

  it("keep the change the text states where it is not its figures' change rounded: -39.6% for -33.1%", () => {
    const f = mailChange('btrfs-fsync', 'max_latency_ms', { clients: 32 })!;
    expect(mailStatedPct(f)).toBe(-39.6);
    expect(changePct(f.before, f.after)).toBeCloseTo(((228.847 - 341.833) / 341.833) * 100, 9);
  });

  it('pick a row by the run parameters, else the first', () => {
    expect(mailChange('btrfs-fsync', 'flush_avg_ms', { clients: '64' })!.before).toBe(14.168);
    expect(mailChange('btrfs-fsync', 'flush_avg_ms', { clients: 4 })!.before).toBe(5.952);
    expect(mailChange('btrfs-fsync', 'flush_avg_ms')!.where).toBe('32 clients, Flush avg latency');
  });
});
