/**
 * The step tables against the real WASM build: every lab declares each
 * step kind once, and every step a small run of it records has a declared
 * kind. Each page's own contract (the kinds its views switch on, with the
 * argument names they read) is tested in its lab's folder.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { labInfo } from './testing/labContract';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('the step tables', () => {
  it.each(LAB_IDS)('%s declares each kind once, and every kind a run records', (lab) => {
    const kinds = labInfo(engine, lab).steps.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const { params, pair } = LAB_FACES[lab].engineRun;
    const out = engine.run({ lab, variant: pair[0], params: { ...params }, seed: 1, options: { traceMax: 100_000, heatBuckets: 2 } });
    const recorded = new Set(out.steps.steps.map((s) => s.kind));
    expect(recorded.size).toBeGreaterThan(2);
    expect([...recorded].filter((k) => !kinds.includes(k))).toEqual([]);
  });
});
