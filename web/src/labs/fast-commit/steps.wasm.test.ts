/**
 * The fast-commit page's step contract against the real WASM build: every
 * step kind its views switch on exists in the C table (jc_labs_json()'s
 * "steps") with the argument names the views read, and every step a run
 * records has a declared kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { contractProblems } from '../../core/steps';
import { labInfo, stepKindsRead } from '../../core/testing/labContract';
import { WALK_KINDS } from './queues';
import { FC_STEP_ARGS } from './steps';

const LAB = 'fast-commit';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("fast-commit's step contract", () => {
  it('holds every kind its views switch on', () => {
    const read = stepKindsRead([new URL('./queues.ts', import.meta.url), new URL('./QueuesView.tsx', import.meta.url)]);
    const used = [...new Set([...read, ...WALK_KINDS])];
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((k) => !(k in FC_STEP_ARGS))).toEqual([]);
  });

  it("has the C table's kinds and argument names", () => {
    expect(contractProblems(FC_STEP_ARGS, labInfo(engine, LAB).steps)).toEqual([]);
  });

  it('declares every kind a run records', () => {
    const kinds = labInfo(engine, LAB).steps.map((k) => k.kind);
    const out = engine.run({ lab: LAB, variant: 'before', params: { ways: 4, files: 16 }, seed: 1, options: { traceMax: 100_000, heatBuckets: 2 } });
    const recorded = new Set(out.steps.steps.map((s) => s.kind));
    expect(recorded.size).toBeGreaterThan(5);
    expect([...recorded].filter((k) => !kinds.includes(k))).toEqual([]);
  });
});
