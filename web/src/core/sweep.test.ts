import { describe, expect, it } from 'vitest';
import { wrapModule } from './engine';
import {
  INODE_HASH_THREADS,
  inodeHashPlan,
  paperPlan,
  paperValue,
  sweep,
  sweepPlan,
  SWEEP_SEED,
  type SweepProgress,
} from './sweep';
import { FAKE, fakeJson, fakeModule } from './testing/fakeModule';
import type { PaperRows } from './types';

/** The inode-hash table's shape: one row per file system at the mail's 20 threads. */
const INODE_HASH_ROWS: PaperRows = {
  ...FAKE.rows,
  lab: 'inode-hash',
  metric: 'total_s',
  unit: 's',
  scale: 0.000128,
  rows: [
    { row: 1, label: 'ext4', params: { fs: 0, threads: 20, dirs: 4 }, paper: { before: 46.118, after: 21.581 }, note: 'scaled' },
    { row: 2, label: 'btrfs', params: { fs: 1, threads: 20, dirs: 4 }, paper: { before: 45.549, after: 37.932 }, note: 'scaled' },
  ],
};

describe('sweep', () => {
  it("runs every paper row before and after with the row's parameters", async () => {
    const mod = fakeModule({ json: fakeJson() });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'fast-commit', (p) => progress.push(p));
    expect(mod.runs).toEqual([
      ['fast-commit', 'before', 'ways=1;files=1', SWEEP_SEED, ''],
      ['fast-commit', 'after', 'ways=1;files=1', SWEEP_SEED, ''],
      ['fast-commit', 'before', 'ways=64;files=1024', SWEEP_SEED, ''],
      ['fast-commit', 'after', 'ways=64;files=1024', SWEEP_SEED, ''],
    ]);
    expect(result.rows.map((r) => [r.row, r.label, r.paper, r.note])).toEqual([
      [1, '1', { before: 10, after: 11 }, ''],
      [2, '2', { before: 0.73, after: 126 }, 'collapse'],
    ]);
    expect(result.rows[1]?.before.metrics.creates_per_s).toBe(1234.5);
    expect(result).toMatchObject({ lab: 'fast-commit', metric: 'creates_per_s', unit: 'K creates/s', scale: 1000 });
    expect(progress.map((p) => `${p.done}/${p.total} ${p.label} ${p.variant}`)).toEqual([
      '1/4 1 before',
      '2/4 1 after',
      '3/4 2 before',
      '4/4 2 after',
    ]);
  });

  it('survives a progress callback that throws', async () => {
    const engine = wrapModule(fakeModule({ json: fakeJson() }));
    const result = await sweep(engine, 'fast-commit', () => {
      throw new Error('display gone');
    });
    expect(result.rows).toHaveLength(2);
  });

  it('stops at the first refused run with its error', async () => {
    const engine = wrapModule(fakeModule({ json: fakeJson(), run: () => ({ status: 1, error: 'ways=64 is out of range 1..8' }) }));
    await expect(sweep(engine, 'fast-commit')).rejects.toThrow('ways=64 is out of range 1..8');
  });
});

describe('paperValue', () => {
  it("divides the metric by the table's scale", () => {
    expect(paperValue(FAKE.result, { metric: 'creates_per_s', scale: 1000 })).toBeCloseTo(1.2345);
    expect(paperValue(FAKE.result, { metric: 'missing', scale: 1 })).toBeUndefined();
  });
});

describe('sweep plans', () => {
  it("a lab without a plan of its own sweeps its paper table, row by row", () => {
    expect(sweepPlan('fast-commit', FAKE.rows)).toEqual(paperPlan(FAKE.rows));
    expect(paperPlan(FAKE.rows).map((p) => [p.row, p.label, p.params, p.paper, p.note, p.keys])).toEqual([
      [1, '1', { ways: 1, files: 1 }, { before: 10, after: 11 }, '', {}],
      [2, '2', { ways: 64, files: 1024 }, { before: 0.73, after: 126 }, 'collapse', {}],
    ]);
  });

  it('inode-hash runs each file system at every thread count; the 20-thread points are the paper rows', () => {
    const plan = sweepPlan('inode-hash', INODE_HASH_ROWS);
    expect(plan).toEqual(inodeHashPlan(INODE_HASH_ROWS));
    expect(plan.map((p) => p.keys)).toEqual(
      ['ext4', 'btrfs'].flatMap((fs) => INODE_HASH_THREADS.map((threads) => ({ fs, threads }))),
    );
    expect(plan.map((p) => p.params.threads)).toEqual([...INODE_HASH_THREADS, ...INODE_HASH_THREADS]);
    for (const p of plan) expect(p.params).toMatchObject({ fs: p.keys.fs === 'ext4' ? 0 : 1, dirs: 4 });
    const paper = plan.filter((p) => p.paper !== null);
    expect(paper.map((p) => [p.row, p.keys, p.paper, p.note])).toEqual([
      [1, { fs: 'ext4', threads: 20 }, { before: 46.118, after: 21.581 }, 'scaled'],
      [2, { fs: 'btrfs', threads: 20 }, { before: 45.549, after: 37.932 }, 'scaled'],
    ]);
    const rows = plan.map((p) => p.row);
    expect(new Set(rows).size).toBe(rows.length);
    expect(plan.filter((p) => p.paper === null).every((p) => p.row > 2 && p.note === '')).toBe(true);
    expect(plan[0]?.label).toBe('ext4, 1 thread');
    expect(plan[1]?.label).toBe('ext4, 2 threads');
  });

  it("sweep() runs the lab's plan, both variants per point, with progress over all its runs", async () => {
    const labs = [...FAKE.labs, { id: 'inode-hash', title: 'inode hash', variants: ['before', 'after'], source: 'inode-hash.c' }];
    const json = { ...fakeJson(), jc_labs_json: labs, jc_rows_json: INODE_HASH_ROWS };
    const mod = fakeModule({ json });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'inode-hash', (p) => progress.push(p));
    const points = INODE_HASH_THREADS.length * 2;
    expect(mod.runs).toHaveLength(points * 2);
    expect(mod.runs[0]).toEqual(['inode-hash', 'before', 'fs=0;threads=1;dirs=4', SWEEP_SEED, '']);
    expect(mod.runs[1]).toEqual(['inode-hash', 'after', 'fs=0;threads=1;dirs=4', SWEEP_SEED, '']);
    expect(mod.runs.at(-1)).toEqual(['inode-hash', 'after', 'fs=1;threads=32;dirs=4', SWEEP_SEED, '']);
    expect(result.rows).toHaveLength(points);
    expect(result.rows.map((r) => r.keys.threads)).toEqual([...INODE_HASH_THREADS, ...INODE_HASH_THREADS]);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: points * 2 }, (_, i) => i + 1));
    expect(progress.every((p) => p.total === points * 2)).toBe(true);
    expect(result).toMatchObject({ lab: 'inode-hash', metric: 'total_s', scale: 0.000128 });
  });
});
