/**
 * The stepper over the real WASM build: every frame, however it was reached
 * (forward by one, far jumps either way, two variants taking turns), is the
 * run straight from step 0 to its step; and its checkpoints keep to the
 * budget, however small.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { loadEngine, newEngine } from './node';
import { createStepper, runKey, type FrameRun, type StepFrame } from './stepper';
import { rng } from './testing/rng';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';

/** The stepper's engine, and another instance for the straight runs, so that they do not disturb its open runs. */
let engine: Engine;
let reference: Engine;

beforeAll(async () => {
  engine = await loadEngine();
  reference = await newEngine();
});

/** Every lab's small run (its lab.ts's engineRun), in two variants. */
const CASES: { lab: string; variants: [string, string]; params: Record<string, number> }[] = LAB_IDS.map((lab) => {
  const { pair, params } = LAB_FACES[lab].engineRun;
  return { lab, variants: [...pair], params: { ...params } };
});

const SEED = 11;
const TRAIL = 16;


/** The frame as a run straight to `step` would give it. */
function straight(req: FrameRun, step: number, trail: number): StepFrame {
  const from = Math.max(1, step - trail + 1);
  const o = reference.run({ ...req, options: { stopStep: step, traceFrom: from, traceMax: step - from + 1, heatBuckets: 2 } });
  return { step: o.result.sim.steps, snapshot: o.snapshot, steps: o.steps.steps, hash: o.result.sim.hash, ended: !o.result.sim.halted };
}

function total(req: FrameRun): number {
  return reference.result({ ...req, options: { traceMax: 0 } }).sim.steps;
}

/** A walk of steps: forward by one, far jumps forward and back, in a seeded order. */
function walk(next: () => number, length: number, count: number): number[] {
  const out: number[] = [];
  let s = 1;
  for (let i = 0; i < count; i++) {
    const r = next();
    if (r < 0.5) s += 1;
    else if (r < 0.6) s += 1 + Math.floor(next() * 5);
    else if (r < 0.8) s += Math.floor(next() * length * 0.4);
    else s -= Math.floor(next() * length * 0.6);
    s = Math.min(length, Math.max(1, s));
    out.push(s);
  }
  return out;
}

describe.each(CASES)('frames of $lab', (c) => {
  it('are the runs straight to their steps, two variants in turn, checkpoints every few hundred steps', () => {
    const reqs = c.variants.map((variant) => ({ lab: c.lab, variant, params: c.params, seed: SEED }));
    const totals = reqs.map(total);
    const stepper = createStepper(engine, { minInterval: Math.max(50, Math.floor(Math.min(...totals) / 20)) });
    const next = rng(totals[0]!);
    const walks = reqs.map((_, v) => walk(next, totals[v]!, 60));
    for (let i = 0; i < 60; i++) {
      for (let v = 0; v < reqs.length; v++) {
        /* the second variant now and then runs two frames alone */
        if (v === 1 && i % 7 === 3) continue;
        const step = walks[v]![i]!;
        const got = stepper.frame(reqs[v]!, step, TRAIL);
        const want = straight(reqs[v]!, step, TRAIL);
        expect(got, `${reqs[v]!.variant} frame ${i} at step ${step}`).toEqual(want);
      }
    }
    const stats = stepper.stats();
    expect(stats.runs.length).toBe(2);
    expect(stats.runs.some((r) => r.checkpoints.length > 1)).toBe(true);
    expect(stats.bytes).toBeLessThanOrEqual(stats.budget);
  });
});

describe('the budget', () => {
  const c = CASES[0]!;
  const reqs = c.variants.map((variant) => ({ lab: c.lab, variant, params: c.params, seed: SEED }));

  it('thins the checkpoints evenly when the run is longer than it allows, and the frames stay right', () => {
    const probe = createStepper(engine, { minInterval: 50 });
    probe.frame(reqs[0]!, 60, TRAIL);
    const one = probe.stats().bytes;
    expect(one).toBeGreaterThan(0);
    /* room for four checkpoints: a run of many intervals must thin to fit */
    const stepper = createStepper(engine, { minInterval: 50, budget: one * 4 + 1 });
    const length = total(reqs[0]!);
    for (let s = 1; s <= length; s += 37) stepper.frame(reqs[0]!, s, TRAIL);
    const stats = stepper.stats();
    expect(stats.bytes).toBeLessThanOrEqual(stats.budget);
    const run = stats.runs[0]!;
    expect(run.interval).toBeGreaterThan(50);
    expect(run.checkpoints.length).toBeGreaterThan(1);
    const gaps = run.checkpoints.slice(1).map((s, i) => s - run.checkpoints[i]!);
    for (const g of gaps) expect(g).toBeLessThan(run.interval * 2);
    for (const s of [length - 1, 3, Math.floor(length / 2), 200, length]) {
      expect(stepper.frame(reqs[0]!, s, TRAIL), `step ${s}`).toEqual(straight(reqs[0]!, s, TRAIL));
    }
  });

  it('sets a run\'s first interval from its share: the whole budget alone, half beside its other variant', () => {
    const probe = createStepper(engine, { minInterval: 10 });
    probe.frame(reqs[0]!, 20, TRAIL);
    const one = probe.stats().bytes;
    const length = total(reqs[0]!);
    const budget = one * 40;
    const fits = Math.floor((budget * 15) / 16 / one);

    const alone = createStepper(engine, { minInterval: 10, budget });
    alone.frame(reqs[0]!, 5, TRAIL, length);
    alone.frame(reqs[0]!, length, TRAIL, length);
    const a = alone.stats();
    expect(a.runs[0]!.interval).toBe(Math.ceil(length / fits));
    expect(a.bytes).toBeLessThanOrEqual(budget);

    /* the first variant took the whole budget before the second opened: the second takes half, and both fit */
    const side = createStepper(engine, { minInterval: 10, budget });
    const length1 = total(reqs[1]!);
    side.frame(reqs[0]!, length, TRAIL, length);
    side.frame(reqs[1]!, length1, TRAIL, length1);
    const b = side.stats();
    expect(b.runs.find((r) => r.key === runKey(reqs[1]!))!.interval).toBe(Math.ceil(length1 / Math.floor(fits / 2)));
    expect(b.bytes).toBeLessThanOrEqual(budget);
    expect(side.frame(reqs[0]!, length - 3, TRAIL)).toEqual(straight(reqs[0]!, length - 3, TRAIL));
    expect(side.frame(reqs[1]!, length1 - 3, TRAIL)).toEqual(straight(reqs[1]!, length1 - 3, TRAIL));
  });

  it('of almost nothing still gives the right frames, from step 0', () => {
    const stepper = createStepper(engine, { minInterval: 50, budget: 1 });
    const next = rng(5);
    const length = total(reqs[0]!);
    for (let i = 0; i < 30; i++) {
      const v = i % 2;
      const step = 1 + Math.floor(next() * (length - 1));
      expect(stepper.frame(reqs[v]!, step, TRAIL), `step ${step}`).toEqual(straight(reqs[v]!, step, TRAIL));
      expect(stepper.stats().bytes).toBe(0);
    }
  });

  it('survives other runs on the engine between frames when told (release)', () => {
    const stepper = createStepper(engine, { minInterval: 50 });
    stepper.frame(reqs[0]!, 400, TRAIL);
    stepper.release();
    engine.run({ ...reqs[1]!, options: { stopStep: 300 } });
    expect(stepper.frame(reqs[0]!, 401, TRAIL)).toEqual(straight(reqs[0]!, 401, TRAIL));
  });

  it('stops for checkpoints without reading outputs: a frame reads its snapshot and steps once', () => {
    const calls: Record<string, number> = {};
    const counted = new Proxy(engine, {
      get(target, name: string) {
        const fn = target[name as keyof Engine] as unknown;
        if (typeof fn !== 'function') return fn;
        return (...args: unknown[]) => {
          calls[name] = (calls[name] ?? 0) + 1;
          return (fn as (...a: unknown[]) => unknown)(...args);
        };
      },
    });
    const stepper = createStepper(counted, { minInterval: 50 });
    const length = total(reqs[0]!);
    for (const s of [length - 10, 7, Math.floor(length / 2), Math.floor(length / 2) + 1]) {
      for (const k of Object.keys(calls)) delete calls[k];
      expect(stepper.frame(reqs[0]!, s, TRAIL), `step ${s}`).toEqual(straight(reqs[0]!, s, TRAIL));
      expect(calls.snapshot, `step ${s}`).toBe(1);
      expect(calls.steps, `step ${s}`).toBe(1);
      for (const full of ['run', 'advance', 'outputs', 'result']) expect(calls[full], `${full} at step ${s}`).toBeUndefined();
    }
    /* the far step stopped in every interval on its way: those stops were light */
    expect(stepper.stats().runs[0]!.checkpoints.length).toBeGreaterThan(3);
  });

  it('a step past the end is the run\'s end', () => {
    const stepper = createStepper(engine, { minInterval: 50 });
    const length = total(reqs[0]!);
    const f = stepper.frame(reqs[0]!, length + 100, TRAIL);
    expect(f.ended).toBe(true);
    expect(f.step).toBe(length);
    expect(stepper.frame(reqs[0]!, length - 5, TRAIL)).toEqual(straight(reqs[0]!, length - 5, TRAIL));
  });
});
