import { describe, expect, it } from 'vitest';
import { extentCounts, legendItems, listCells, listWords, pageSegments, shrinkerText, TAIL_W, treeCaption, treeLayout } from './model';
import { sampleSnapshot } from './testing/sample';

describe('treeLayout', () => {
  it('places the runs in block order along the bar, the EOF hole in the tail box', () => {
    const focus = sampleSnapshot().es.focus!;
    const l = treeLayout(focus, 406);
    expect(l.end).toBe(100);
    expect(l.tailW).toBe(TAIL_W);
    expect(l.barW).toBe(406 - TAIL_W - 6);
    const [written, delayed, hole] = l.runs;
    expect(written!.x).toBe(0);
    expect(written!.w).toBeCloseTo((30 * l.barW) / 100);
    expect(delayed!.x).toBeCloseTo((40 * l.barW) / 100);
    expect(hole!.tail).toBe(true);
    expect(hole!.x).toBe(l.barW + 6);
    /* blocks 30-39 were reclaimed: nothing covers them */
    expect(l.uncached).toBe(10);
    expect(l.xOf(50)).toBeCloseTo(l.barW / 2);
    expect(l.xOf(100)).toBe(l.barW + 6);
  });

  it('draws a one-block run among many still visible', () => {
    const focus = { ...sampleSnapshot().es.focus!, size: 100_000, runs: [{ lblk: 7, len: 1, extents: 1, status: 'written' as const, referenced: 0 }] };
    const l = treeLayout(focus, 300);
    expect(l.tailW).toBe(0);
    expect(l.runs[0]!.w).toBeGreaterThanOrEqual(1.5);
  });

  it('spans the runs when the size is unknown', () => {
    const focus = { ...sampleSnapshot().es.focus!, size: 0 };
    expect(treeLayout(focus, 300).end).toBe(100);
  });
});

describe('treeCaption', () => {
  const focus = sampleSnapshot('baseline').es.focus!;
  it('says the bar is the whole tree, and at what scale', () => {
    expect(treeCaption(focus, { end: 100, barW: 400 })).toBe('block 100 · bar = all 81 extents in 3 runs, 1 px < 1 block');
    expect(treeCaption({ ...focus, nr_extents: 100_000, runs_of: 3 }, { end: 2_048_000, barW: 500 })).toBe(
      'block 2,048,000 · bar = all 100,000 extents in 3 runs, 1 px ≈ 4,096 blocks',
    );
  });
  it('says which runs are drawn when the snapshot listed only some, around the shrinker', () => {
    const listed = { ...focus, runs_truncated: true, runs_from: 400, runs_of: 5_000 };
    expect(treeCaption(listed, { end: 100, barW: 50 })).toBe(
      'block 100 · bar = all 81 extents in 5,000 runs, 1 px ≈ 2 blocks; drawn: runs #400–#402, around the shrinker',
    );
  });
});

describe('the inode list and the counts', () => {
  it('marks the inodes hit since the last sort as skipped only where the list is an LRU', () => {
    const lru = listCells(sampleSnapshot('baseline').es);
    expect(lru.map((c) => c.skipped)).toEqual([false, true, false]);
    expect(lru.map((c) => c.scanned)).toEqual([true, false, false]);
    expect(lru.map((c) => c.empty)).toEqual([false, false, true]);
    expect(lru[0]!.focus).toBe(true);
    const rr = listCells(sampleSnapshot('es-slist').es);
    expect(rr.some((c) => c.skipped)).toBe(false);
  });

  it('says how each variant orders the list', () => {
    expect(listWords(sampleSnapshot('es-cache').es)).toMatch(/1 of the first 3 .* sorted 2×/);
    expect(listWords(sampleSnapshot('upstream').es)).toMatch(/round robin/);
  });

  it('counts the focus inode’s extents by status', () => {
    expect(extentCounts(sampleSnapshot().es.focus!)).toEqual({ written: 20, unwritten: 0, delayed: 60, hole: 1, referenced: 11 });
  });

  it('splits memory so that the shares add up to it', () => {
    const p = sampleSnapshot().es.pages;
    const segs = pageSegments(p);
    expect(segs.reduce((a, s) => a + s.pages, 0)).toBe(p.mem);
    expect(segs.find((s) => s.key === 'other')!.pages).toBe(65536 - 63000);
  });

  it('says where a shrinker stands', () => {
    const [reclaim, spin] = sampleSnapshot().es.shrinkers;
    expect(shrinkerText(reclaim!)).toBe('T3 cpu 1 reclaims extents · inode 12 block 50 · freed 10 · budget left 118');
    expect(shrinkerText(spin!)).toBe('T4 cpu 3 spins on s_es_lock · freed 0 · budget left 128');
  });
});

describe('legendItems', () => {
  it('marks used and spared extents only where the variant ages them', () => {
    const texts = (v: Parameters<typeof legendItems>[0]) => legendItems(v).map(([, t]) => t);
    expect(texts('baseline')).toEqual(['written', 'delayed', 'hole', 'not cached', 'freed', 'walked past']);
    expect(texts('es-gc')).toContain('spared');
    expect(texts('upstream')).toContain('recently used');
  });
});
