/**
 * The extent-status page against the real WASM build: its step contract is
 * the C table's, every step a small run records has a declared kind, and
 * the snapshot of every variant parses with the page's schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { labInfo, presetParams as presetParamsOf, stepContractTests } from '../../core/testing/labContract';
import { ANIMATION_PRESET } from './preset';
import { ES_VARIANTS } from './schema';
import { parseEsSnapshot } from './snapshot';
import { ES_STEP_ARGS } from './steps';

const LAB = 'extent-status';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const info = () => labInfo(engine, LAB);
const presetParams = () => presetParamsOf(engine, LAB, ANIMATION_PRESET);

describe('extent-status against the WASM build', () => {
  stepContractTests({
    engine: () => engine,
    lab: LAB,
    variants: ES_VARIANTS,
    stepArgs: ES_STEP_ARGS,
    readers: [new URL('./steps.ts', import.meta.url), new URL('./ExtentTreeView.tsx', import.meta.url)],
  });

  for (const variant of ES_VARIANTS)
    it(`${variant}: the small configuration's snapshot parses, at a step and at the end, and its steps are declared`, () => {
      const kinds = new Set(info().steps.map((k) => k.kind));
      const full = engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { traceMax: 20_000, heatBuckets: 8 } });
      expect(full.steps.steps.filter((s) => !kinds.has(s.kind)).map((s) => s.kind)).toEqual([]);
      const end = parseEsSnapshot(full.snapshot);
      expect(end.error).toBeNull();
      expect(end.snap!.es.variant).toBe(variant);
      expect(end.snap!.es.stats.calls).toBeGreaterThan(0);
      const mid = parseEsSnapshot(engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { stopStep: 500, traceMax: 0 } }).snapshot);
      expect(mid.error).toBeNull();
    });
});
