/**
 * The engine over the real WASM build (wasm-core/build, or JC_WASM_DIR):
 * every JSON the module returns passes the contract's schemas, for every
 * lab of the registry, and a run of the first behaves (each lab's own
 * parameters are tested in its folder).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './testing/refusal';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';
import { CPU_STATES } from './types';

const LAB = LAB_IDS[0];
const { params: SMALL, pair: [BEFORE, AFTER] } = LAB_FACES[LAB].engineRun;

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('the WASM engine', () => {
  it('lists labs whose parameter tables and paper rows parse', () => {
    const labs = engine.labs();
    expect(labs.map((l) => l.id).sort()).toEqual([...LAB_IDS].sort());
    for (const lab of labs) {
      expect(lab.variants.length, lab.id).toBeGreaterThanOrEqual(2);
      expect(new Set(lab.variants).size, `${lab.id}: no variant twice`).toBe(lab.variants.length);
      const { pair } = LAB_FACES[lab.id as keyof typeof LAB_FACES].engineRun;
      expect(lab.variants[0], `${lab.id}: the first variant is the kernel without the change`).toBe(pair[0]);
      expect(lab.variants, lab.id).toContain(pair[1]);
      const specs = engine.params(lab.id);
      expect(specs.length).toBeGreaterThan(0);
      for (const s of specs) expect(s.min <= s.default && s.default <= s.max, `${lab.id} ${s.name}`).toBe(true);
      const rows = engine.rows(lab.id);
      expect(rows.lab).toBe(lab.id);
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const row of rows.rows) {
        for (const name of Object.keys(row.params)) expect(specs.map((s) => s.name)).toContain(name);
      }
    }
    expect(engine.version()).toMatch(/\S/);
  });

  it('runs a lab with its defaults and returns every part', () => {
    const out = engine.run({ lab: LAB, variant: BEFORE, params: {}, seed: 1, options: { heatBuckets: 16 } });
    const specs = engine.params(LAB);
    /* a choice by its name, as a result names it */
    expect(out.result.params).toEqual(Object.fromEntries(specs.map((s) => [s.name, s.type === 'choice' ? s.choices[s.default] : s.default])));
    expect(out.result.sim.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(out.result.sim.halted).toBe(false);
    expect(out.result.sim.events).toBeGreaterThan(0);
    for (const m of out.result.metric_info) expect(out.result.metrics).toHaveProperty(m.name);
    /* bucket widths double as the run grows, so a run uses at most the buckets asked for */
    expect(out.heatmap.buckets).toBeGreaterThan(0);
    expect(out.heatmap.buckets).toBeLessThanOrEqual(16);
    expect(out.heatmap.states).toEqual([...CPU_STATES]);
    expect(out.heatmap.data).toHaveLength(out.heatmap.cpus * out.heatmap.buckets * out.heatmap.states.length);
    expect(out.snapshot).toBeTypeOf('object');
  });

  it('is deterministic: the same request gives the same hash and metrics', () => {
    const req = { lab: LAB, variant: AFTER, params: { ...SMALL }, seed: 99 };
    const a = engine.result(req);
    const b = engine.result(req);
    expect(b.sim.hash).toBe(a.sim.hash);
    expect(b.metrics).toEqual(a.metrics);
  });

  it('halts at a step with the model mid-flight, and records the asked window of steps', () => {
    const out = engine.run({
      lab: LAB,
      variant: BEFORE,
      params: {},
      seed: 1,
      options: { stopStep: 50, traceFrom: 41, traceMax: 10 },
    });
    expect(out.result.sim.halted).toBe(true);
    expect(out.steps.steps.map((s) => s.i)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(out.result.sim.steps).toBe(50);
  });

  it('refuses bad input with the parameter and its range', () => {
    const [spec] = engine.params(LAB);
    const outOfRange = refusal(() =>
      engine.result({ lab: LAB, variant: BEFORE, params: { [spec!.name]: spec!.max + 1 }, seed: 1 }),
    );
    expect(outOfRange.status).toBe('invalid');
    expect(outOfRange.message).toContain(spec!.name);
    expect(outOfRange.message).toContain(String(spec!.max));
    const text = refusal(() => engine.result({ lab: LAB, variant: BEFORE, params: { [spec!.name]: 'x' }, seed: 1 }));
    expect(text.status).toBe('invalid');
    expect(refusal(() => engine.result({ lab: LAB, variant: 'sideways', params: {}, seed: 1 })).message).toContain(
      'sideways',
    );
    expect(refusal(() => engine.result({ lab: 'nope', variant: 'before', params: {}, seed: 1 })).message).toContain('nope');
  });

  it('checks parameters without a run, naming the parameter and its range', () => {
    const before = engine.result({ lab: LAB, variant: BEFORE, params: { ...SMALL }, seed: 5 });
    expect(engine.checkParams(LAB, { ...SMALL })).toEqual({ ok: true });
    const spec = engine.params(LAB).find((s) => s.type === 'int' && s.min > 0)!;
    expect(engine.checkParams(LAB, { [spec.name]: spec.min - 1 })).toEqual({
      ok: false,
      message: `parameter '${spec.name}' must be an integer from ${spec.min} to ${spec.max} (got ${spec.min - 1})`,
      param: spec.name,
      params: [spec.name],
      type: 'int',
      got: String(spec.min - 1),
      min: spec.min,
      max: spec.max,
    });
    expect(refusal(() => engine.checkParams('nope', {})).message).toContain('nope');
    /* the last run is left as it was */
    expect(engine.result({ lab: LAB, variant: BEFORE, params: { ...SMALL }, seed: 5 }).sim.hash).toBe(before.sim.hash);
  });

  it('stops a run over its event budget with a budget error, and keeps working', () => {
    const e = refusal(() => engine.result({ lab: LAB, variant: BEFORE, params: {}, seed: 1, options: { maxEvents: 10 } }));
    expect(e.status).toBe('budget');
    expect(e.message).toMatch(/\S/);
    expect(engine.healthy()).toBe(true);
    expect(engine.result({ lab: LAB, variant: BEFORE, params: {}, seed: 1 }).sim.halted).toBe(false);
  });
});
