import { describe, expect, it } from 'vitest';
import type { Step } from '../../core/types';
import {
  describeIhStep,
  focusChains,
  freeingBy,
  gpWaits,
  hitRate,
  overviewCells,
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
    expect(f).toEqual({ chain: { bucket: 14, len: 0, inodes: [] }, reason: 'rcu' });
  });
});

describe('walkerSlot', () => {
  const chain = { bucket: 3, len: 5, inodes: [1, 2, 3, 4, 5].map((ino) => ({ ino, state: 'live' as const })) };
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
});

describe('overviewCells', () => {
  it('has one cell a bucket when they fit', () => {
    const cells = overviewCells(sampleSnapshot().ih, 64);
    expect(cells).toHaveLength(16);
    expect(cells[3]).toEqual({ first: 3, last: 3, maxLen: 3, inodes: 3, readers: 1, locked: 1 });
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
