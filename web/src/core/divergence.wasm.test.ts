/**
 * The first divergence over the real WASM build: every lab's declared rule
 * holds to its C table, and the search walked in chunks through the stepper
 * finds what a comparison of the two whole traces finds, for every lab's
 * small pair (its lab.ts's engineRun).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { compileRule, divergenceRule, findDivergence, sameEvent, type CompiledRule } from './divergence';
import { loadEngine, newEngine } from './node';
import { createStepper, type FrameRun } from './stepper';
import type { Step } from './types';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';

let engine: Engine;
/* the whole traces come from an instance of their own */
let reference: Engine;

beforeAll(async () => {
  engine = await loadEngine();
  reference = await newEngine();
});

const SEED = 11;
const WINDOW = 100_000;

/** A run's events under `rule`, read whole, a trace window at a time. */
function events(req: FrameRun, rule: CompiledRule): { events: Step[]; total: number } {
  const out: Step[] = [];
  let from = 1;
  for (;;) {
    const o = reference.run({ ...req, options: { stopStep: from + WINDOW - 1, traceFrom: from, traceMax: WINDOW } });
    for (const s of o.steps.steps) if (rule.kinds.has(s.kind)) out.push(s);
    if (!o.result.sim.halted) return { events: out, total: o.result.sim.steps };
    from += WINDOW;
  }
}

/** The divergence as the two whole streams give it: the first index where they differ. */
function wholeDivergence(x: { events: Step[]; total: number }, y: { events: Step[]; total: number }, rule: CompiledRule) {
  const n = Math.min(x.events.length, y.events.length);
  let k = 0;
  while (k < n && sameEvent(rule, x.events[k]!, y.events[k]!)) k++;
  const [p, q] = [x.events[k], y.events[k]];
  if (!p && !q) return { found: false as const, same: k };
  const side = (s: Step | undefined, total: number) => ({ step: s?.i ?? total, event: s ?? null });
  return { found: true as const, step: Math.min(p?.i ?? Infinity, q?.i ?? Infinity), runs: [side(p, x.total), side(q, y.total)], same: k };
}

describe('every lab declares a rule its C table has', () => {
  it.each(LAB_IDS)('%s', (lab) => {
    const info = engine.labs().find((l) => l.id === lab)!;
    const rule = compileRule(info, divergenceRule(lab));
    expect(rule.kinds.size).toBeGreaterThan(0);
  });
});

describe.each(LAB_IDS)('the first divergence of %s', (lab) => {
  const { params, pair } = LAB_FACES[lab].engineRun;
  const runs = pair.map((variant) => ({ lab, variant, params: { ...params }, seed: SEED })) as [FrameRun, FrameRun];

  it('walked in chunks, is the one the whole traces give, and the frame at it shows the event', () => {
    const info = engine.labs().find((l) => l.id === lab)!;
    const rule = compileRule(info, divergenceRule(lab));
    const stepper = createStepper(engine);
    const got = findDivergence(stepper, engine.labs(), runs);
    const want = wholeDivergence(events(runs[0], rule), events(runs[1], rule), rule);
    /* every lab's pair is a before and an after: they differ */
    expect(want.found).toBe(true);
    expect(got).toMatchObject(want);
    if (!got.found) return;
    for (const r of got.runs) expect(r.text).toMatch(r.event ? new RegExp(`^T${r.event.task} ${r.event.kind}\\b.* at line ${r.event.line}$`) : /^ends at step \d+$/);
    /* each run's frame at its own event's step ends with that event */
    got.runs.forEach((side, k) => {
      if (!side.event) return;
      const frame = stepper.frame(runs[k]!, side.step, 4);
      expect(frame.steps.at(-1)).toEqual(side.event);
    });
  });

  it('says so when the bound comes first, and finds nothing between two runs of one variant', () => {
    const stepper = createStepper(engine);
    const got = findDivergence(stepper, engine.labs(), runs);
    if (got.found && got.step > 1) {
      const bound = got.step - 1;
      expect(findDivergence(createStepper(engine), engine.labs(), runs, { maxSteps: bound })).toMatchObject({ found: false, why: 'bound', maxSteps: bound });
    }
    const twice: [FrameRun, FrameRun] = [runs[0], { ...runs[0] }];
    const same = findDivergence(stepper, engine.labs(), twice);
    expect(same).toMatchObject({ found: false, why: 'same' });
    if (!same.found) expect(same.walked[0]).toBe(same.walked[1]);
  });

  it('refuses runs of two labs, and an unknown lab, with the labs it has', () => {
    const other = LAB_IDS.find((l) => l !== lab)!;
    expect(() => findDivergence(createStepper(engine), engine.labs(), [runs[0], { ...runs[1], lab: other }])).toThrow(
      `the divergence search compares two runs of one lab, not of ${lab} and ${other}`,
    );
    expect(() => findDivergence(createStepper(engine), engine.labs(), [{ ...runs[0], lab: 'nope' }, { ...runs[1], lab: 'nope' }])).toThrow(
      `unknown lab "nope" (labs: ${engine.labs().map((l) => l.id).join(', ')})`,
    );
  });
});
