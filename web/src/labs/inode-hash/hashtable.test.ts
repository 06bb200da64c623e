import { describe, expect, it } from 'vitest';
import type { Step } from '../../core/types';
import {
  describeIhStep,
  focusChains,
  freeingBy,
  gpWaits,
  hitRate,
  overviewCells,
  chainStart,
  tableCaption,
  walkersByBucket,
  walkerSlot,
} from './hashtable';
import { sampleSnapshot } from './testing/sample';

const step = (kind: string, a = 0, b = 0): Step => ({ i: 1, t: 0, cpu: 0, task: 1, line: 1, kind, a, b });

describe('focusChains', () => {
  it('draws walked chains first, then changing ones, then the longest, in bucket order', () => {
    const ih = sampleSnapshot().ih;
    const all = focusChains(ih, 8);
    expect(all.map((f) => [f.chain.bucket, f.reason])).toEqual([
      [3, 'locked'],
      [5, 'long'],
      [9, 'changing'],
      [12, 'changing'],
    ]);
    /* with room for two: the walked chain and the lower changing one; the long one loses */
    expect(focusChains(ih, 2).map((f) => f.chain.bucket)).toEqual([3, 9]);
    expect(focusChains(ih, 0)).toEqual([]);
  });

  it('gives a walker on an unlisted bucket an empty chain to stand on', () => {
    const ih = { ...sampleSnapshot().ih, readers: [{ task: 7, bucket: 14, pos: 0 }] };
    const f = focusChains(ih, 8).find((c) => c.chain.bucket === 14);
    expect(f).toEqual({ chain: { bucket: 14, len: 0, from: 0, inodes: [] }, reason: 'rcu' });
  });
});

describe('walkerSlot', () => {
  const chain = { bucket: 3, len: 5, from: 0, inodes: [1, 2, 3, 4, 5].map((ino) => ({ ino, state: 'live' as const })) };
  it('stands on the inode at pos when it is drawn', () => {
    expect(walkerSlot(chain, 2, 8)).toEqual({ slot: 2, beyond: false });
  });
  it('stands after the last inode when the walk ran off the end (a miss)', () => {
    expect(walkerSlot(chain, 5, 8)).toEqual({ slot: 5, beyond: false });
  });
  it('stands on the last slot, beyond, when its inode is not drawn', () => {
    expect(walkerSlot(chain, 4, 3)).toEqual({ slot: 3, beyond: true });
    const listed = { ...chain, len: 40 };
    expect(walkerSlot(listed, 5, 8)).toEqual({ slot: 5, beyond: true });
  });
  /* a chain of 900 listed from index 400 (32 inodes), the walker at 416 */
  const long = { bucket: 7, len: 900, from: 400, inodes: Array.from({ length: 32 }, (_, i) => ({ ino: 1000 + i, state: 'live' as const })) };
  it('centres the drawn slots on a walker past them, within the listed inodes', () => {
    expect(chainStart(long, 416, 8)).toBe(12);
    expect(walkerSlot(long, 416, 8, 12)).toEqual({ slot: 4, beyond: false });
    expect(chainStart(long, 431, 8)).toBe(24);
    expect(chainStart(long, 403, 8)).toBe(0);
    expect(chainStart(long, -1, 8)).toBe(0);
  });
  it('stands before the drawn slots, beyond, when its inode is before them', () => {
    expect(walkerSlot(long, 390, 8, 0)).toEqual({ slot: 0, beyond: true });
    expect(walkerSlot(long, 440, 8, 24)).toEqual({ slot: 8, beyond: true });
  });
});

describe('overviewCells', () => {
  it('has one cell a bucket when they fit', () => {
    const cells = overviewCells(sampleSnapshot().ih, 64);
    expect(cells).toHaveLength(16);
    expect(cells[3]).toEqual({ first: 3, last: 3, maxLen: 3, inodes: 3, chains: 1, readers: 1, locked: 1 });
    expect(cells[0]).toMatchObject({ maxLen: 0, inodes: 0 });
  });
  it('groups neighbouring buckets evenly when they do not', () => {
    const cells = overviewCells(sampleSnapshot().ih, 4);
    expect(cells.map((c) => [c.first, c.last, c.maxLen, c.inodes])).toEqual([
      [0, 3, 3, 3],
      [4, 7, 2, 2],
      [8, 11, 1, 1],
      [12, 15, 1, 1],
    ]);
  });
  it('covers every bucket exactly once for uneven groups', () => {
    const ih = { ...sampleSnapshot().ih, nr_buckets: 10 };
    const cells = overviewCells(ih, 3);
    expect(cells[0].first).toBe(0);
    expect(cells.at(-1)!.last).toBe(9);
    for (let i = 1; i < cells.length; i++) expect(cells[i].first).toBe(cells[i - 1].last + 1);
  });
});

describe('a table larger than its listing', () => {
  it('counts every bucket from the segments, listed chains or not', () => {
    const ih = sampleSnapshot().ih;
    const seg = { chains: Array(16).fill(0) as number[], inodes: Array(16).fill(0) as number[], longest: Array(16).fill(0) as number[] };
    seg.chains[14] = 5;
    seg.inodes[14] = 40;
    seg.longest[14] = 9;
    const cells = overviewCells({ ...ih, segments: seg, hashed: 40 }, 16);
    expect(cells[14]).toMatchObject({ first: 14, last: 14, inodes: 40, maxLen: 9, chains: 5 });
    expect(cells[3]).toMatchObject({ inodes: 0, maxLen: 0, readers: 1, locked: 1 });
  });
  it('sums segments into fewer cells', () => {
    const ih = { ...sampleSnapshot().ih, nr_buckets: 1024 };
    const seg = {
      chains: Array.from({ length: 512 }, () => 1),
      inodes: Array.from({ length: 512 }, (_, k) => k % 2),
      longest: Array.from({ length: 512 }, (_, k) => k % 3),
    };
    const cells = overviewCells({ ...ih, segments: seg }, 256);
    expect(cells).toHaveLength(256);
    expect(cells[0]).toMatchObject({ first: 0, last: 3, inodes: 1, maxLen: 1, chains: 2 });
    expect(cells[1]).toMatchObject({ first: 4, last: 7, inodes: 1, maxLen: 2, chains: 2 });
    expect(cells.reduce((n, c) => n + c.inodes, 0)).toBe(256);
    /* too many inodes to count: the chains alone */
    const uncounted = overviewCells({ ...ih, segments: { ...seg, inodes: [], longest: [] } }, 256);
    expect(uncounted[0]).toMatchObject({ inodes: 0, maxLen: 0, chains: 2 });
  });
  it('says what the overview and the listing aggregate, only when chains were left out', () => {
    const ih = sampleSnapshot().ih;
    expect(tableCaption(ih, 4, 16)).toBeNull();
    const big = { ...ih, nr_buckets: 65_536, nonempty: 40_000, hashed: 81_920, chains_truncated: true, window: { from: 1200, to: 1300, of: 65_536, cursor: 1234 } };
    expect(tableCaption(big, 64, 512)).toBe(
      '81,920 inodes on 40,000 chains: overview = all, 1 cell = 128 buckets; below, the chains walked now, then those around bucket 1,234 (64 of 40,000 listed, 32 inodes a chain at most)',
    );
  });
});

describe('grace periods and walkers', () => {
  it('knows which grace period waits for which reader and frees which inode', () => {
    const ih = sampleSnapshot().ih;
    expect([...gpWaits(ih)]).toEqual([[1, [4]]]);
    expect([...freeingBy(ih)]).toEqual([[25, 4]]);
  });
  it('keeps RCU readers and locked walkers apart by bucket', () => {
    const w = walkersByBucket(sampleSnapshot().ih).get(3);
    expect(w?.rcu.map((x) => x.task)).toEqual([1]);
    expect(w?.locked.map((x) => x.task)).toEqual([2]);
  });
  it('has no hit rate before the first lookup', () => {
    const st = sampleSnapshot().ih.stats;
    expect(hitRate(st)).toBeCloseTo(0.4);
    expect(hitRate({ ...st, lookups: 0, hits: 0 })).toBeNull();
  });
});

describe('describeIhStep', () => {
  const locks = sampleSnapshot().locks;
  it('names the lock of a lock step', () => {
    expect(describeIhStep(step('lock', 0), locks)).toBe('takes inode_hash_lock');
    expect(describeIhStep(step('unlock', 1), locks)).toBe('releases lock 1');
  });
  it('reads bucket and inode from a and b', () => {
    expect(describeIhStep(step('lookup_rcu', 3, 19))).toBe('visits inode 19 on chain 3 under RCU, without the lock');
    expect(describeIhStep(step('lookup_locked', 3, 19))).toBe('visits inode 19 on chain 3 holding inode_hash_lock');
    expect(describeIhStep(step('insert', 12, 44))).toBe('hashes inode 44 into chain 12 (I_NEW)');
    expect(describeIhStep(step('btrfs_search', 1, 44))).toBe('searches the btrfs tree for the inode item of 44');
    expect(describeIhStep(step('grace_period', 4, 2))).toBe('starts grace period #4, to free 2 inodes');
    expect(describeIhStep(step('grace_period', 5, 1))).toBe('starts grace period #5, to free 1 inode');
  });
  it('shows an unknown kind with its numbers', () => {
    expect(describeIhStep(step('mystery', 1, 2))).toBe('mystery (1, 2)');
  });
});
