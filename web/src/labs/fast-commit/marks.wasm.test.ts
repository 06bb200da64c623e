/**
 * Marks over the real WASM build, on fast-commit's default run (its commits
 * a rare kind, its locks and walk visits frequent): the steps of chosen kinds over a whole run,
 * held to the trace of the same run, bounded with an even spread per kind,
 * out of the hash, and refused for a kind the lab has not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { SimError, type Marks, type Steps } from '../../core/types';
import { LESSON_PARAMS } from './preset';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

/* the trace's steps of `kind`, every `every`-th from the first */
function spread(steps: Steps, kind: string, every: number) {
  return steps.steps
    .filter((s) => s.kind === kind)
    .filter((_, n) => n % every === 0)
    .map((s) => ({ i: s.i, t: s.t, kind, a: s.a, b: s.b }));
}

function ofKind(marks: Marks, kind: string) {
  return marks.marks.filter((m) => m.kind === kind);
}

describe('marks', () => {
  const base = { lab: 'fast-commit', variant: 'before', params: {}, seed: 1 };

  it('are the trace steps of the kinds asked for, over the whole run', () => {
    const kinds = ['commit_start', 'commit_end'];
    const out = engine.run({ ...base, options: { traceMax: 100_000, marks: kinds } });
    expect(out.steps.steps.length).toBe(out.result.sim.steps);
    const marks = out.marks!;
    expect(marks.kinds.map((k) => k.kind)).toEqual(kinds);
    for (const kind of kinds) {
      const info = marks.kinds.find((k) => k.kind === kind)!;
      expect(info.every).toBe(1);
      expect(ofKind(marks, kind)).toEqual(spread(out.steps, kind, 1));
      expect(info.total).toBeGreaterThan(5);
    }
    expect(marks.marks.map((m) => m.i)).toEqual([...marks.marks.map((m) => m.i)].sort((a, b) => a - b));
  });

  it('stay within their bound, each kind evenly spread, a rare kind whole', () => {
    const out = engine.run({ ...base, options: { traceMax: 100_000, marks: ['lock', 'unlock', 'commit_start'], marksMax: 128 } });
    const marks = out.marks!;
    expect(marks.max).toBe(128);
    expect(marks.marks.length).toBeLessThanOrEqual(128);
    for (const info of marks.kinds) {
      expect(Math.log2(info.every) % 1).toBe(0);
      expect(info.total).toBe(out.steps.steps.filter((s) => s.kind === info.kind).length);
      expect(info.kept).toBe(Math.ceil(info.total / info.every));
      expect(ofKind(marks, info.kind)).toEqual(spread(out.steps, info.kind, info.every));
    }
    expect(marks.kinds.find((k) => k.kind === 'lock')!.every).toBeGreaterThanOrEqual(4);
    expect(marks.kinds.find((k) => k.kind === 'commit_start')!.every).toBe(1);
  });

  it('leave the hash and metrics alone; runs without them carry none', () => {
    const plain = engine.run(base);
    expect(plain.marks).toBeUndefined();
    const marked = engine.run({ ...base, options: { marks: ['lock', 'visit'] } });
    expect(marked.result.sim.hash).toBe(plain.result.sim.hash);
    expect(marked.result.metrics).toEqual(plain.result.metrics);
    expect(marked.marks!.marks.length).toBeGreaterThan(100);
  });

  it('follow a run through checkpoints and advances', () => {
    const straight = engine.run({ ...base, options: { marks: ['lock', 'commit_end'], marksMax: 200 } }).marks;
    engine.run({ ...base, options: { stopStep: 500, marks: ['lock', 'commit_end'], marksMax: 200 } });
    const cp = engine.checkpoint();
    engine.run(base);
    engine.restore(cp);
    expect(engine.advance(0).marks).toEqual(straight);
  });

  it('refuse a kind the lab has not, naming the kinds it has', () => {
    let err: unknown;
    try {
      engine.run({ ...base, options: { marks: ['commit_start', 'shrink_begin'] } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SimError);
    expect((err as SimError).status).toBe('invalid');
    expect((err as SimError).message).toMatch(/no step kind 'shrink_begin'.*commit_start.*fallback/);
    expect(() => engine.run({ ...base, options: { marks: ['a;b'] } })).toThrow(/marks must name step kinds/);
  });
});

describe("the lesson's pair", () => {
  it("runs the mail's row 7 at its own size, as the C table has it", () => {
    const row = engine.rows('fast-commit').rows.find((r) => r.row === 7);
    expect(row, 'the table has row 7').toBeDefined();
    expect(LESSON_PARAMS).toEqual(Object.fromEntries(Object.entries(row!.params).filter(([k]) => k in LESSON_PARAMS)));
    expect(Object.keys(row!.params).sort()).toEqual(Object.keys(LESSON_PARAMS).sort());
  });
});
