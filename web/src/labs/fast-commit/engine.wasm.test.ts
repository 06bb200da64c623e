/**
 * fast-commit over the real WASM build: its variants, the snapshot of its
 * default run and of a run halted mid-flight parse with the page's schema,
 * and its parameters' ranges are refused by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { FcSnapshot } from './schema';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('fast-commit in the engine', () => {
  it('has the kernel before and after the patch', () => {
    expect(engine.labs().find((l) => l.id === 'fast-commit')?.variants).toEqual(['before', 'after']);
  });

  it("gives snapshots the page's schema reads, at the end and mid-flight", () => {
    const out = engine.run({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1, options: { heatBuckets: 16 } });
    expect(FcSnapshot.safeParse(out.snapshot).success).toBe(true);
    const halted = engine.run({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1, options: { stopStep: 50, traceFrom: 41, traceMax: 10 } });
    expect(FcSnapshot.parse(halted.snapshot).step).toBe(50);
  });

  it('checks its parameters without a run', () => {
    expect(engine.checkParams('fast-commit', { ways: 8, files: '32' })).toEqual({ ok: true });
    expect(engine.checkParams('fast-commit', { ways: 0 })).toEqual({
      ok: false,
      message: "parameter 'ways' must be an integer from 1 to 256 (got 0)",
      param: 'ways',
      params: ['ways'],
      type: 'int',
      got: '0',
      min: 1,
      max: 256,
    });
  });
});
