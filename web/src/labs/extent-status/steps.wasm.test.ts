/**
 * The extent-status page against the real WASM build: its step contract is
 * the C table's, every step a small run records has a declared kind, and
 * the snapshot of every variant parses with the page's schema.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { contractProblems } from '../../core/steps';
import { ANIMATION_PRESET } from './preset';
import { ES_VARIANTS } from './schema';
import { parseEsSnapshot } from './snapshot';
import { ES_STEP_ARGS } from './steps';

const LAB = 'extent-status';
let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const info = () => {
  const l = engine.labs().find((x) => x.id === LAB);
  if (!l) throw new Error(`the WASM build has no lab ${LAB}`);
  return l;
};

const presetParams = () => Object.fromEntries(engine.params(LAB).map((s) => [s.name, ANIMATION_PRESET[s.name] ?? s.default]));

describe('extent-status against the WASM build', () => {
  it('declares the six variants in the page’s order', () => {
    expect(info().variants).toEqual([...ES_VARIANTS]);
  });

  it("names every step kind's arguments as the page reads them", () => {
    expect(contractProblems(ES_STEP_ARGS, info().steps)).toEqual([]);
  });

  it('reads no step kind the contract lacks', () => {
    const used = new Set<string>();
    for (const f of ['./steps.ts', './ExtentTreeView.tsx']) {
      const text = readFileSync(new URL(f, import.meta.url), 'utf8');
      for (const m of text.matchAll(/case '([a-z_]+)':/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\.kind === '([a-z_]+)'/g)) used.add(m[1]!);
    }
    expect([...used].filter((k) => !(k in ES_STEP_ARGS))).toEqual([]);
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
