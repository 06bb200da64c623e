/**
 * The btrfs-fsync page against the real WASM build: its step contract is
 * the C table's, every step a small run records has a declared kind, the
 * snapshot of every variant parses with the page's schema, and the model's
 * operations are the page's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { labInfo, presetParams as presetParamsOf, stepContractTests } from '../../core/testing/labContract';
import { opMetrics } from './compare';
import { ANIMATION_PRESET } from './preset';
import { BF_VARIANTS } from './schema';
import { parseBfSnapshot } from './snapshot';
import { BF_STEP_ARGS, MODEL_OPS } from './steps';
import { buildTimeline } from './timeline';

const LAB = 'btrfs-fsync';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const info = () => labInfo(engine, LAB);
const presetParams = () => presetParamsOf(engine, LAB, ANIMATION_PRESET);

describe('btrfs-fsync against the WASM build', () => {
  stepContractTests({
    engine: () => engine,
    lab: LAB,
    variants: BF_VARIANTS,
    stepArgs: BF_STEP_ARGS,
    readers: [new URL('./steps.ts', import.meta.url), new URL('./TimelineView.tsx', import.meta.url)],
  });

  it("reports every operation of the page's table, in the model's order", () => {
    const r = engine.result({ lab: LAB, variant: 'after', params: presetParams(), seed: 1 });
    for (const op of MODEL_OPS) for (const m of Object.values(opMetrics(op))) expect(r.metrics, m).toHaveProperty([m]);
    const named = r.metric_info.filter((m) => m.name.endsWith('_count') && m.name.startsWith('op_')).map((m) => m.help.split(':')[0]);
    expect(named).toEqual([...MODEL_OPS]);
  });

  for (const variant of BF_VARIANTS)
    it(`${variant}: the small configuration's snapshot parses, at a step and at the end, and its steps are declared`, () => {
      const kinds = new Set(info().steps.map((k) => k.kind));
      const full = engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { traceMax: 20_000, heatBuckets: 8 } });
      expect(full.steps.steps.filter((s) => !kinds.has(s.kind)).map((s) => s.kind)).toEqual([]);
      const end = parseBfSnapshot(full.snapshot);
      expect(end.error).toBeNull();
      expect(end.snap!.btrfs.variant).toBe(variant);
      expect(end.snap!.btrfs.commit_stats.commits).toBeGreaterThan(0);
      expect(buildTimeline(end.snap!).txns.length).toBeGreaterThan(0);
      const mid = parseBfSnapshot(engine.run({ lab: LAB, variant, params: presetParams(), seed: 1, options: { stopStep: 5000, traceMax: 0 } }).snapshot);
      expect(mid.error).toBeNull();
    });

  it('before waits past SUPER_COMMITTED on the timeline, after never does', () => {
    const waited = (variant: string) =>
      buildTimeline(parseBfSnapshot(engine.run({ lab: LAB, variant, params: presetParams(), seed: 1 }).snapshot).snap!)
        .lanes.flatMap((l) => l.items)
        .filter((i) => i.afterSuper).length;
    expect(waited('before')).toBeGreaterThan(0);
    expect(waited('after')).toBe(0);
  });
});
