/**
 * An open run over the real WASM build: advance() goes on from where a run
 * halted, checkpoint() and restore() copy the whole simulator state, and a
 * seek (the nearest checkpoint below a step, then an advance) is the run
 * replayed from step 0, for every lab.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './testing/refusal';
import type { Checkpoint, Engine } from './engine';
import { loadEngine, newEngine } from './node';
import type { RunOutput, RunRequest } from './types';
import { rng } from './testing/rng';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

/** The raw module under an otherEngine(), for what the Engine does not reach. */
interface RawModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
}

/** A second module instance beside loadEngine()'s. */
const otherEngine = (onModule?: (mod: RawModule) => void): Promise<Engine> =>
  newEngine(undefined, onModule as ((mod: unknown) => void) | undefined);

/** Every lab's small run (its lab.ts's engineRun), as the C tests (test_advance.c) run them. */
const CASES: Omit<RunRequest, 'seed'>[] = LAB_IDS.map((lab) => ({ lab, variant: LAB_FACES[lab].engineRun.variant, params: { ...LAB_FACES[lab].engineRun.params } }));

const SEED = 11;

/** The run of case `c` straight to `stopStep` (0: its end), from step 0. */
function straight(c: Omit<RunRequest, 'seed'>, stopStep = 0): RunOutput {
  return engine.run({ ...c, seed: SEED, options: { stopStep, traceMax: 0, heatBuckets: 16 } });
}

/** What must match: the hash, the metrics, where the run stands and the whole snapshot. */
function state(o: RunOutput) {
  const { hash, steps, events, end_ns, halted, mem_bytes } = o.result.sim;
  return { hash, steps, events, end_ns, halted, mem_bytes, metrics: o.result.metrics, snapshot: o.snapshot, heat: o.heatmap };
}


describe.each(CASES)('an open run of $lab $variant', (c) => {
  let total = 0;

  beforeAll(() => {
    total = straight(c).result.sim.steps;
    expect(total).toBeGreaterThan(500);
  });

  it('advanced in chunks is the run straight to each stop, and to its end', () => {
    const stops = [Math.floor(total / 5), Math.floor(total / 5) + 1, Math.floor(total / 2), total - 3];
    const want = stops.map((s) => state(straight(c, s)));
    const first = engine.run({ ...c, seed: SEED, options: { stopStep: stops[0], traceMax: 0, heatBuckets: 16 } });
    expect(state(first)).toEqual(want[0]);
    for (let i = 1; i < stops.length; i++) expect(state(engine.advance(stops[i]!)), `step ${stops[i]}`).toEqual(want[i]);
    const end = engine.advance(0);
    expect(end.result.sim.halted).toBe(false);
    expect(state(end)).toEqual(state(straight(c)));
  });

  it('advanced lightly (runTo, advanceTo: where it stands, no outputs) reaches the state of the full advance', () => {
    const stops = [Math.floor(total / 7), Math.floor(total / 3), Math.floor(total / 3) + 1, total - 2];
    const want = stops.map((s) => state(straight(c, s)));
    const opts = { traceMax: 0, heatBuckets: 16 };
    const first = engine.runTo({ ...c, seed: SEED, options: { stopStep: stops[0], ...opts } });
    expect(first).toEqual({ steps: stops[0], halted: true, hash: want[0]!.hash });
    let cp: Checkpoint | null = null;
    for (let i = 1; i < stops.length; i++) {
      const pos = engine.advanceTo(stops[i]!);
      expect(pos, `step ${stops[i]}`).toEqual({ steps: stops[i], halted: true, hash: want[i]!.hash });
      expect(engine.position()).toEqual(pos);
      if (i === 1) cp = engine.checkpoint();
    }
    /* the outputs read after light stops are those of the run straight there */
    expect(state(engine.outputs())).toEqual(want.at(-1));
    expect(cp!.step).toBe(stops[1]);
    const end = engine.advanceTo(0);
    const full = straight(c);
    expect(end).toEqual({ steps: full.result.sim.steps, halted: false, hash: full.result.sim.hash });
    /* a restore, then a light advance and the frame's own outputs: the frame of a full advance */
    engine.restore(cp!);
    const mid = stops[1]! + 5;
    engine.advanceTo(mid, { traceFrom: mid - 3, traceMax: 4 });
    const snapshot = engine.snapshot();
    const steps = engine.steps();
    expect(steps.steps.map((k) => k.i)).toEqual([mid - 3, mid - 2, mid - 1, mid]);
    const direct = engine.run({ ...c, seed: SEED, options: { stopStep: mid, traceFrom: mid - 3, traceMax: 4, heatBuckets: 16 } });
    expect(snapshot).toEqual(direct.snapshot);
    expect(steps).toEqual(direct.steps);
  });

  it('restores a checkpoint: advancing from it again reaches the same state', () => {
    const a = Math.floor(total / 3);
    const b = Math.floor((total * 2) / 3);
    straight(c, a);
    const cp = engine.checkpoint();
    expect(cp.step).toBe(a);
    const first = state(engine.advance(b));
    engine.advance(0);
    engine.restore(cp);
    expect(state(engine.advance(b))).toEqual(first);
    engine.restore(cp);
    expect(state(engine.advance(b))).toEqual(first);
  });

  it('seeks: the nearest checkpoint below a step, advanced to it, is the replay from step 0', () => {
    const every = Math.max(1, Math.floor(total / 8));
    const cps: Checkpoint[] = [];
    straight(c, every);
    cps.push(engine.checkpoint());
    for (let s = 2 * every; s < total; s += every) {
      engine.advance(s);
      cps.push(engine.checkpoint());
    }
    const next = rng(total);
    for (let i = 0; i < 5; i++) {
      let target = every + 1 + Math.floor(next() * (total - every - 1));
      if (target % every === 0) target++;
      const cp = cps.filter((k) => k.step < target).at(-1)!;
      engine.restore(cp);
      const seek = state(engine.advance(target));
      expect(seek, `seek to ${target} from ${cp.step}`).toEqual(state(straight(c, target)));
    }
  });
});

describe('checkpoints', () => {
  const firstCase = CASES[0]!;

  it('hold linear memory up to the heap top less the C stack: static data and the heap at its highest', async () => {
    /* a fresh instance: the heap never shrinks (Emscripten's dlmalloc cannot trim), so it holds every earlier run's high-water mark */
    const fresh = await otherEngine();
    fresh.run({ ...firstCase, seed: SEED, options: { stopStep: 100 } });
    const small = fresh.checkpoint();
    /* the run that holds the most memory by step 50,000 */
    const big = CASES.map((c) => ({ c, mem: straight(c, 50_000).result.sim.mem_bytes })).sort((x, y) => y.mem - x.mem)[0]!.c;
    const o = fresh.run({ ...big, seed: SEED, options: { stopStep: 50000, heatBuckets: 16 } });
    const large = fresh.checkpoint();
    fresh.run({ ...firstCase, seed: SEED, options: { stopStep: 100 } });
    const after = fresh.checkpoint();
    for (const cp of [small, large, after]) {
      expect(cp.bytes).toBeGreaterThan(0);
      expect(cp.bytes).toBeLessThan(cp.heapTop);
    }
    /* seen: 0.34 MiB for the small run; 2.7 MiB once the biggest, a 2.4 MiB run, has been in it, and after it */
    expect(small.bytes).toBeLessThan(1 << 20);
    expect(large.bytes - small.bytes).toBeLessThan(o.result.sim.mem_bytes * 2 + (256 << 10));
    expect(after.bytes).toBe(large.bytes);
    console.log(`checkpoint bytes: small ${small.bytes}, with a ${o.result.sim.mem_bytes}-byte run ${large.bytes}, after it ${after.bytes}`);
  });

  it('bring a run back after another run started: the checkpoint is the whole state', () => {
    straight(firstCase, 400);
    const cp = engine.checkpoint();
    const want = state(straight(firstCase, 900));
    straight(CASES[1]!, 300);
    engine.restore(cp);
    expect(state(engine.advance(900))).toEqual(want);
    expect(engine.healthy()).toBe(true);
  });

  it('restore into memory that has grown since', async () => {
    let raw: RawModule | undefined;
    const fresh = await otherEngine((m) => (raw = m));
    fresh.run({ ...firstCase, seed: SEED, options: { stopStep: 400 } });
    const cp = fresh.checkpoint();
    const want = state(fresh.run({ ...firstCase, seed: SEED, options: { stopStep: 900, traceMax: 0, heatBuckets: 16 } }));
    const before = raw!.HEAPU8.length;
    const big = raw!._malloc(64 << 20);
    expect(big).not.toBe(0);
    expect(raw!.HEAPU8.length).toBeGreaterThan(before);
    fresh.restore(cp);
    const o = fresh.advance(900);
    expect(o.result.sim.hash).toBe(want.hash);
    expect(o.snapshot).toEqual(want.snapshot);
  });

  it('of another instance are refused', async () => {
    const other = await otherEngine();
    other.run({ ...firstCase, seed: SEED, options: { stopStep: 200 } });
    const cp = other.checkpoint();
    straight(firstCase, 300);
    const e = refusal(() => engine.restore(cp));
    expect(e.status).toBe('invalid');
    expect(e.message).toContain('not taken by this simulator instance');
    expect(engine.advance(301).result.sim.steps).toBe(301);
  });
});

describe('advance refuses', () => {
  const firstCase = CASES[0]!;

  it('a run that has ended, a step not ahead, naming what is allowed', () => {
    straight(firstCase);
    let e = refusal(() => engine.advance(10));
    expect(e.status).toBe('invalid');
    expect(e.message).toContain('the run has ended');
    straight(firstCase, 100);
    e = refusal(() => engine.advance(100));
    expect(e.message).toContain("option 'stop_step' must be after the step the run stands at, 100, or 0 for the end");
    e = refusal(() => engine.advance(-1));
    expect(e.message).toContain('stop_step must be a whole number >= 0');
    expect(engine.advance(101).result.sim.steps).toBe(101);
    expect(engine.healthy()).toBe(true);
  });

  it('lightly, as the full advance refuses', async () => {
    straight(firstCase);
    let e = refusal(() => engine.advanceTo(10));
    expect(e.status).toBe('invalid');
    expect(e.message).toContain('the run has ended');
    straight(firstCase, 100);
    e = refusal(() => engine.advanceTo(100));
    expect(e.message).toContain("option 'stop_step' must be after the step the run stands at, 100, or 0 for the end");
    e = refusal(() => engine.advanceTo(1.5));
    expect(e.message).toContain('stop_step must be a whole number >= 0');
    expect(engine.position().steps).toBe(100);
    engine.run({ ...firstCase, seed: SEED, options: { stopStep: 100, maxEvents: 300 } });
    e = refusal(() => engine.advanceTo(0));
    expect(e.status).toBe('budget');
    e = refusal(() => engine.runTo({ ...firstCase, variant: 'sideways', seed: SEED }));
    const variants = engine.labs().find((l) => l.id === firstCase.lab)!.variants;
    expect(e.message).toContain(`unknown variant 'sideways' for lab ${firstCase.lab} (variants: ${variants.join(', ')})`);
    /* a fresh instance has no run: where it stands is refused, saying so */
    const other = await otherEngine();
    e = refusal(() => other.position());
    expect(e.message).toContain('no run: call jc_run first');
    e = refusal(() => other.advanceTo(5));
    expect(e.message).toContain('no run to advance: call jc_run first');
    expect(engine.healthy()).toBe(true);
  });

  it('past the run budgets, as a budget error', () => {
    engine.run({ ...firstCase, seed: SEED, options: { stopStep: 100, maxEvents: 300 } });
    const e = refusal(() => engine.advance(0));
    expect(e.status).toBe('budget');
    expect(e.message).toContain('event budget of 300 events exceeded');
  });

  it('records the steps of a trail window it runs', () => {
    straight(firstCase, 300);
    const o = engine.advance(600, { traceFrom: 591, traceMax: 10 });
    const want = engine.run({ ...firstCase, seed: SEED, options: { stopStep: 600, traceFrom: 591, traceMax: 10, heatBuckets: 16 } });
    expect(o.steps).toEqual(want.steps);
    expect(o.steps.steps.map((s) => s.i)).toEqual([591, 592, 593, 594, 595, 596, 597, 598, 599, 600]);
  });
});
