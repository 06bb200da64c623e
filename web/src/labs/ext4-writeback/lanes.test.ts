import { describe, expect, it } from 'vitest';
import { buildLanes, laneKind } from './lanes';
import { PHASES } from './schema';
import { sampleSnapshot } from './testing/sample';

const MS = 1_000_000;

describe('buildLanes', () => {
  it('gives every job a lane, its phases in order, user time left out', () => {
    const t = buildLanes(sampleSnapshot());
    expect(t.lanes.map((l) => l.job)).toEqual([0, 1]);
    expect(t.lanes[0]!.items.map((i) => i.kind)).toEqual(['i_rwsem', 'write', 'fsync', 'writepages', 'commit']);
    expect(t.lanes[1]!.items.map((i) => [i.kind, i.open])).toEqual([
      ['commit', false],
      ['write', true],
    ]);
    expect(t.lanes[1]!.items[1]!.to).toBe(30 * MS);
  });

  it('draws the running transaction to the snapshot and the committing one beside it', () => {
    const t = buildLanes(sampleSnapshot());
    expect(t.txns.map((x) => [x.tid, x.open, x.end, x.row])).toEqual([
      [4, false, 14 * MS, 0],
      [5, true, 30 * MS, 1],
    ]);
    expect(t.txnRows).toBe(2);
    expect(t.handlesPerTxn).toBe(6);
  });

  it('counts commit waits that end together as one release', () => {
    expect(buildLanes(sampleSnapshot()).releases).toEqual({ commits: 1, jobsPerCommit: 2 });
    const s = sampleSnapshot();
    s.ext4.timeline.spans[5]!.to = 20 * MS;
    expect(buildLanes(s).releases).toEqual({ commits: 2, jobsPerCommit: 1 });
  });

  it('clips a span that began before the window', () => {
    const s = sampleSnapshot();
    s.ext4.timeline.from_ns = 5 * MS;
    const w = buildLanes(s).lanes[0]!.items.find((i) => i.kind === 'writepages')!;
    expect(w.from).toBe(5 * MS);
  });

  it('puts every phase but fio’s own time and the end in a lane', () => {
    expect(PHASES.filter((p) => laneKind(p) === null)).toEqual(['user', 'done']);
  });
});
