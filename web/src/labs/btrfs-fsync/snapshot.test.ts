import { describe, expect, it } from 'vitest';
import { parseBfSnapshot } from './snapshot';
import { sampleSnapshot } from './testing/sample';

describe('parseBfSnapshot', () => {
  it('takes a snapshot that follows the contract', () => {
    const p = parseBfSnapshot(sampleSnapshot());
    expect(p.error).toBeNull();
    expect(p.snap?.btrfs.timeline.txns).toHaveLength(2);
  });

  it('names the member that breaks the schema', () => {
    const raw = sampleSnapshot() as unknown as { btrfs: { timeline: { waits: { want: string }[] } } };
    raw.btrfs.timeline.waits[0]!.want = 'DONE';
    const p = parseBfSnapshot(raw);
    expect(p.snap).toBeNull();
    expect(p.error).toContain('btrfs.timeline.waits.0.want');
  });

  it('refuses a transaction whose states go backwards', () => {
    const s = sampleSnapshot();
    s.btrfs.timeline.txns[0]!.at[5] = 5_000_000;
    expect(parseBfSnapshot(s).error).toMatch(/transaction 7 entered SUPER_COMMITTED before UNBLOCKED/);
  });

  it('refuses a state reached after one it skipped', () => {
    const s = sampleSnapshot();
    s.btrfs.timeline.txns[1]!.at[3] = 20_000_000;
    expect(parseBfSnapshot(s).error).toMatch(/without the states before it/);
  });

  it('refuses two running transactions', () => {
    const s = sampleSnapshot();
    s.btrfs.trans_list.push({ ...s.btrfs.trans_list[0]!, transid: 9 });
    expect(parseBfSnapshot(s).error).toMatch(/more than one transaction is RUNNING/);
  });

  it('refuses a wait that ends before it begins', () => {
    const s = sampleSnapshot();
    s.btrfs.timeline.waits[0]!.to = 1;
    expect(parseBfSnapshot(s).error).toMatch(/ends before it begins/);
  });

  it('refuses a heatmap whose rows do not match its counts', () => {
    const s = sampleSnapshot();
    s.flush_heat.rows[1] = [0];
    expect(parseBfSnapshot(s).error).toMatch(/flush_heat row 1 has 1 time buckets/);
  });
});
