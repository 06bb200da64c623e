/**
 * The ext4-writeback page against the real WASM build: its step contract is
 * the C table's, every step a small run records has a declared kind, the
 * snapshot of both variants parses with the page's schema at a step and at
 * the end, and the timeline has transactions with handles and every job's
 * lanes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { labInfo, presetParams as presetParamsOf, stepContractTests } from '../../core/testing/labContract';
import { bucketMetric, EVIDENCE } from './compare';
import { buildLanes } from './lanes';
import { ANIMATION_PRESET } from './preset';
import { BUCKETS, EWB_VARIANTS } from './schema';
import { parseEwbSnapshot } from './snapshot';
import { EWB_STEP_ARGS } from './steps';

const LAB = 'ext4-writeback';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const info = () => labInfo(engine, LAB);
const presetParams = () => presetParamsOf(engine, LAB, ANIMATION_PRESET);

describe('ext4-writeback against the WASM build', () => {
  stepContractTests({
    engine: () => engine,
    lab: LAB,
    variants: EWB_VARIANTS,
    stepArgs: EWB_STEP_ARGS,
    readers: [new URL('./steps.ts', import.meta.url), new URL('./LanesView.tsx', import.meta.url)],
  });

  it('reports every metric the page reads', () => {
    const r = engine.result({ lab: LAB, variant: 'after', params: presetParams(), seed: 1 });
    for (const sync of ['fsync', 'fdatasync'] as const) {
      for (let i = 0; i < BUCKETS.length; i++) expect(r.metrics).toHaveProperty([bucketMetric(sync, i)]);
      for (const { metric } of EVIDENCE) expect(r.metrics).toHaveProperty([`${sync}_${metric}`]);
    }
  });

  for (const variant of EWB_VARIANTS)
    it(`${variant}: the small configuration's snapshot parses, at a step and at the end, with lanes and transactions`, () => {
      const kinds = new Set(info().steps.map((k) => k.kind));
      const full = engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { traceMax: 20_000, heatBuckets: 8 } });
      expect(full.steps.steps.filter((s) => !kinds.has(s.kind)).map((s) => s.kind)).toEqual([]);
      const end = parseEwbSnapshot(full.snapshot);
      expect(end.error).toBeNull();
      expect(end.snap!.ext4.variant).toBe(variant);
      expect(end.snap!.ext4.timeline.full).toBe(false);
      const lanes = buildLanes(end.snap!);
      expect(lanes.lanes).toHaveLength(16);
      expect(lanes.lanes.every((l) => l.items.length > 0)).toBe(true);
      const done = lanes.txns.filter((t) => !t.open);
      expect(done.length).toBeGreaterThan(1);
      expect(done.every((t) => t.handles > 0 && t.locked !== null && t.end >= t.locked)).toBe(true);
      for (const stopStep of [3000, 15_000]) {
        const mid = parseEwbSnapshot(engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { stopStep, traceMax: 0 } }).snapshot);
        expect(mid.error).toBeNull();
        expect(buildLanes(mid.snap!).lanes.some((l) => l.items.some((i) => i.open))).toBe(true);
      }
    });

  it('before puts more handles in each transaction of the window than after', () => {
    const perTxn = (variant: string) =>
      buildLanes(parseEwbSnapshot(engine.run({ lab: LAB, variant, params: presetParams(), seed: 1 }).snapshot).snap!).handlesPerTxn!;
    expect(perTxn('before')).toBeGreaterThan(perTxn('after'));
  });
});
