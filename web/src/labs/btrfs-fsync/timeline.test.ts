import { describe, expect, it } from 'vitest';
import { sampleSnapshot } from './testing/sample';
import { buildTimeline, waitAfterSuper } from './timeline';

const MS = 1_000_000;

describe('buildTimeline', () => {
  it('splits each transaction by state, leaving out states it passed in no time', () => {
    const t = buildTimeline(sampleSnapshot());
    const seven = t.txns.find((x) => x.transid === 7)!;
    expect(seven.segments.map((s) => s.state)).toEqual(['RUNNING', 'COMMIT_START', 'COMMIT_DOING', 'UNBLOCKED', 'SUPER_COMMITTED']);
    expect(seven.unpin).toEqual({ from: 20 * MS, to: 24 * MS });
    expect(seven.open).toBe(false);
    const eight = t.txns.find((x) => x.transid === 8)!;
    expect(eight.segments).toEqual([{ state: 'RUNNING', from: 12 * MS, to: 30 * MS }]);
    expect(eight.open).toBe(true);
  });

  it('puts overlapping transactions in different rows', () => {
    const t = buildTimeline(sampleSnapshot());
    expect(t.txns.map((x) => x.row)).toEqual([0, 1]);
    expect(t.txnRows).toBe(2);
  });

  it("gives the committer its commit and each waiter its waits, marking the part of a wait for COMPLETED after SUPER_COMMITTED", () => {
    const t = buildTimeline(sampleSnapshot());
    expect(t.lanes.map((l) => l.task)).toEqual([0, 1, 2]);
    expect(t.lanes[0]!.items).toEqual([
      { what: 'commit', transid: 7, from: 10 * MS, to: 24 * MS, open: false, afterSuper: null },
    ]);
    const [wait] = t.lanes[1]!.items;
    expect(wait).toMatchObject({ what: 'wait', want: 'COMPLETED', site: 'join', from: 16 * MS, to: 24 * MS });
    expect(wait!.afterSuper).toEqual({ from: 20 * MS, to: 24 * MS });
    expect(t.lanes[2]!.items[0]).toMatchObject({ want: 'UNBLOCKED', open: true, to: 30 * MS, afterSuper: null });
    expect(waitAfterSuper(t)).toEqual({ ns: 4 * MS, waits: 1 });
  });

  it('a wait for SUPER_COMMITTED has no part after it', () => {
    const s = sampleSnapshot();
    s.btrfs.timeline.waits[0]!.want = 'SUPER_COMMITTED';
    s.btrfs.timeline.waits[0]!.to = 20 * MS;
    expect(waitAfterSuper(buildTimeline(s))).toEqual({ ns: 0, waits: 0 });
  });

  it('keeps the lanes with the most items when there are too many', () => {
    const t = buildTimeline(sampleSnapshot(), 2);
    expect(t.lanes).toHaveLength(2);
    expect(t.hiddenLanes).toBe(1);
  });
});
