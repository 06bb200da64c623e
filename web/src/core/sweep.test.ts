import { describe, expect, it } from 'vitest';
import { wrapModule } from './engine';
import { paperValue, sweep, SWEEP_SEED, type SweepProgress } from './sweep';
import { FAKE, fakeJson, fakeModule } from './testing/fakeModule';

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
