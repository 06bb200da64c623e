/**
 * mails/btrfs-fsync.json as lib/mails.ts serves it: dbench by clients, with the changes its
 * text states.
 */
import { describe, expect, it } from 'vitest';
import { mailFigures, mailPair, mailRowChange } from '../../../../lib/mails';

describe('the btrfs-fsync mail through lib/mails.ts', () => {
  it('keeps the change its text states as a figure', () => {
    expect(mailFigures('btrfs-fsync', { metric: 'max_latency_ms_change_pct', where: { clients: '32' } })[0].value).toBe(-39.6);
  });

  it("pairs a row's before and after with the change the mail states", () => {
    expect(mailPair('btrfs-fsync', 'max_latency_ms', { clients: '32' })).toEqual({ where: { clients: '32' }, before: 341.833, after: 228.847, stated_pct: -39.6 });
    expect(mailPair('btrfs-fsync', 'flush_count', { clients: '64' })).toEqual({ where: { clients: '64' }, before: 627746, after: 635652 });
  });

  it('states no noise for its rows', () => {
    expect(mailRowChange('btrfs-fsync', 1)?.withinNoise).toBeUndefined();
  });
});
