/**
 * The inode-hash page's step contract against the real WASM build: every
 * step kind its views switch on exists in the C table (jc_labs_json()'s
 * "steps") with the argument names the views read, and every step a run
 * records has a declared kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { contractProblems } from '../../core/steps';
import { labInfo, stepKindsRead } from '../../core/testing/labContract';
import { IH_STEP_ARGS } from './hashtable';

const LAB = 'inode-hash';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("inode-hash's step contract", () => {
  it('holds every kind its views switch on', () => {
    const used = stepKindsRead([new URL('./hashtable.ts', import.meta.url), new URL('./HashTableView.tsx', import.meta.url)]);
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((k) => !(k in IH_STEP_ARGS))).toEqual([]);
  });

  it("has the C table's kinds and argument names", () => {
    expect(contractProblems(IH_STEP_ARGS, labInfo(engine, LAB).steps)).toEqual([]);
  });

  it('declares every kind a run on btrfs records', () => {
    const kinds = labInfo(engine, LAB).steps.map((k) => k.kind);
    const params = { fs: 'btrfs', threads: 4, dirs: 2, files: 16, icache: 64, hash_bits: 4 };
    const out = engine.run({ lab: LAB, variant: 'before', params, seed: 1, options: { traceMax: 100_000, heatBuckets: 2 } });
    const recorded = new Set(out.steps.steps.map((s) => s.kind));
    expect(recorded.size).toBeGreaterThan(5);
    expect([...recorded].filter((k) => !kinds.includes(k))).toEqual([]);
  });
});
