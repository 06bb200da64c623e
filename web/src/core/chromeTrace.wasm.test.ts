/**
 * The Chrome trace of real runs (the first lab's, and every lab's rules):
 * it is the Trace Event Format (the schema beside it), and every lock
 * acquire, lab phase, sleep and I/O of the steps is exactly one slice, at
 * the step it began at.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';
import { chromeTrace, labRules, nestLanes, rulesContract, TRACE_STEPS_MAX } from './chromeTrace';
import { TraceFile, type CompleteEvent } from './chromeTraceSchema';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { contractProblems } from './steps';
import type { LabInfo, RunOutput } from './types';

const LAB = LAB_IDS[0];
const [BEFORE, AFTER] = LAB_FACES[LAB].engineRun.pair;

let engine: Engine;
let first: LabInfo;
let run: RunOutput;

beforeAll(async () => {
  engine = await loadEngine();
  first = engine.labs().find((l) => l.id === LAB)!;
  /* the lab's default run without the patch, whole (some thousands of steps) */
  run = engine.run({ lab: LAB, variant: BEFORE, params: {}, seed: 1, options: { traceMax: TRACE_STEPS_MAX } });
});

const slicesOf = (trace: TraceFile) => trace.traceEvents.filter((e): e is CompleteEvent => e.ph === 'X');

describe('chromeTrace', () => {
  it('holds every rule to the labs\' C step tables', () => {
    expect(engine.labs().map((l) => l.id).sort()).toEqual([...LAB_IDS].sort());
    for (const lab of engine.labs()) {
      expect(contractProblems(rulesContract(lab.id), lab.steps), lab.id).toEqual([]);
    }
  });

  it('writes the Trace Event Format, a process per run and a track per CPU', () => {
    const after = engine.run({ lab: LAB, variant: AFTER, params: {}, seed: 1, options: { traceMax: TRACE_STEPS_MAX } });
    const trace = chromeTrace(first, [
      { result: run.result, steps: run.steps.steps, snapshot: run.snapshot },
      { result: after.result, steps: after.steps.steps, snapshot: after.snapshot },
    ]);
    const parsed = TraceFile.safeParse(JSON.parse(JSON.stringify(trace)));
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    const names = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => e.args);
    expect(names).toEqual([{ name: `${LAB} ${BEFORE} (seed 1)` }, { name: `${LAB} ${AFTER} (seed 1)` }]);
    for (const pid of [1, 2]) {
      const threads = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid);
      const cpus = threads.map((e) => (e.args as { name: string }).name).filter((n) => /^CPU \d+$/.test(n));
      expect(cpus).toEqual(Array.from({ length: run.result.cpus }, (_, i) => `CPU ${i}`));
    }
  });

  it("draws every lock acquire, lab phase, sleep and I/O of a known run as exactly one slice", () => {
    const steps = run.steps.steps;
    expect(steps.length).toBe(run.result.sim.steps);
    const trace = chromeTrace(first, [{ result: run.result, steps, snapshot: run.snapshot }]);
    const slices = slicesOf(trace);
    const byStep = (prefix: string) => {
      const m = new Map<number, number>();
      for (const s of slices) if (s.name.startsWith(prefix)) m.set(s.args.step, (m.get(s.args.step) ?? 0) + 1);
      return m;
    };
    const expectOnePer = (kind: string, prefix: string) => {
      const want = steps.filter((s) => s.kind === kind).map((s) => s.i);
      expect(want.length, kind).toBeGreaterThan(0);
      const got = byStep(prefix);
      expect([...got.keys()].sort((x, y) => x - y), kind).toEqual(want);
      expect([...got.values()].every((n) => n === 1), kind).toBe(true);
    };
    expectOnePer('lock', 'hold ');
    expectOnePer('sleep', 'sleep');
    expectOnePer('io', 'io');
    /* a phase's slice ends at its own end step, of the same task */
    for (const phase of labRules(LAB).phases) {
      expectOnePer(phase.begin, phase.name);
      for (const s of slices.filter((e) => e.name === phase.name)) {
        const end = steps.find((x) => x.i === s.args.end_step)!;
        expect(end.kind).toBe(phase.end);
        expect(end.task).toBe(s.args.task);
      }
    }
    /* the whole run is in the window: nothing open, nothing from before it, no wait ended by guess */
    expect(slices.filter((s) => s.args.open || s.args.before_window || s.args.inferred)).toEqual([]);
  });

  it('ends a contended wait where the holder hands the lock over, and a hold at its unlock', () => {
    const trace = chromeTrace(first, [{ result: run.result, steps: run.steps.steps, snapshot: run.snapshot }]);
    const steps = new Map(run.steps.steps.map((s) => [s.i, s]));
    const waits = slicesOf(trace).filter((s) => s.name.startsWith('wait '));
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) {
      const end = steps.get(w.args.end_step as number)!;
      expect(end.kind).toBe('unlock');
      expect(end.task).not.toBe(w.args.task);
      expect(end.a).toBe(steps.get(w.args.step)!.a);
    }
    for (const h of slicesOf(trace).filter((s) => s.name.startsWith('hold '))) {
      const end = steps.get(h.args.end_step as number)!;
      expect([end.kind, end.task]).toEqual(['unlock', h.args.task]);
    }
  });

  it("replays a page lock as the engine runs it: an unlock wakes its waiter, whose own next lock step takes it or queues again", () => {
    const step = (i: number, t: number, task: number, kind: string, a = 0, b = 0) => ({ i, t, cpu: task, task, line: 1, kind, a, b });
    /* task 1 waits behind 0; 2 steals the lock before 1 runs; 1 queues again and takes it after 2's unlock */
    const steps = [
      step(1, 100, 0, 'lock'),
      step(2, 200, 1, 'lock'),
      step(3, 300, 0, 'unlock'),
      step(4, 310, 2, 'lock'),
      step(5, 400, 1, 'lock'),
      step(6, 500, 2, 'unlock'),
      step(7, 600, 1, 'lock'),
      step(8, 700, 1, 'unlock'),
    ];
    const snapshot = { locks: [{ name: 'folio_lock', kind: 'page_lock' }] };
    const slices = slicesOf(chromeTrace(first, [{ result: run.result, steps, snapshot }]));
    const holds = slices.filter((s) => s.name === 'hold folio_lock').map((s) => [s.args.task, s.args.step, s.args.end_step]);
    expect(holds).toEqual([
      [0, 1, 3],
      [2, 4, 6],
      [1, 7, 8],
    ]);
    const waits = slices.filter((s) => s.name === 'wait folio_lock').map((s) => [s.args.task, s.args.step, s.args.end_step]);
    expect(waits).toEqual([
      [1, 2, 5],
      [1, 5, 7],
    ]);
    expect(slices.filter((s) => s.args.inferred)).toEqual([]);
  });

  it('puts the step number and C line on every slice and instant, and counts no queue below zero', () => {
    const trace = chromeTrace(first, [{ result: run.result, steps: run.steps.steps, snapshot: run.snapshot }]);
    const steps = new Map(run.steps.steps.map((s) => [s.i, s]));
    let counters = 0;
    for (const e of trace.traceEvents) {
      if (e.ph === 'X' || e.ph === 'i') {
        expect(steps.get(e.args.step)?.line).toBe(e.args.line);
      } else if (e.ph === 'C') {
        counters++;
        for (const v of Object.values(e.args)) expect(v).toBeGreaterThanOrEqual(0);
      }
    }
    expect(counters).toBeGreaterThan(0);
  });

  it.each(LAB_IDS)('nests the slices of every track of a %s run, as a viewer needs', (lab) => {
    const info = engine.labs().find((l) => l.id === lab)!;
    const out = engine.run({ lab, variant: LAB_FACES[lab].engineRun.pair[0], params: {}, seed: 1, options: { traceMax: 20_000 } });
    const trace = chromeTrace(info, [{ result: out.result, steps: out.steps.steps, snapshot: out.snapshot }]);
    const tracks = new Map<number, CompleteEvent[]>();
    for (const s of slicesOf(trace)) tracks.set(s.tid, [...(tracks.get(s.tid) ?? []), s]);
    for (const list of tracks.values()) {
      const asNs = list.map((s) => ({ startNs: Math.round(s.ts * 1000), endNs: Math.round((s.ts + s.dur) * 1000) }));
      expect(nestLanes(asNs).length).toBe(1);
    }
  });

  it('keeps at most stepsMax steps of a run and says so', () => {
    const trace = chromeTrace(first, [{ result: run.result, steps: run.steps.steps, snapshot: run.snapshot }], { stepsMax: 1000 });
    const meta = (trace.metadata.runs as { truncated: unknown; window: { steps: number } }[])[0]!;
    expect(meta.truncated).toEqual({ steps_given: run.steps.steps.length, steps_kept: 1000 });
    expect(meta.window.steps).toBe(1000);
    expect(Math.max(...trace.traceEvents.flatMap((e) => (e.ph === 'X' || e.ph === 'i' ? [e.args.step] : [])))).toBeLessThanOrEqual(1000);
    expect(() => chromeTrace(first, [], { stepsMax: TRACE_STEPS_MAX + 1 })).toThrow(/stepsMax must be a whole number from 1 to 100000/);
  });
});

describe('nestLanes', () => {
  it('moves a slice that overlaps without nesting to a lane of its own', () => {
    const lanes = nestLanes([
      { startNs: 0, endNs: 10 },
      { startNs: 2, endNs: 5 },
      { startNs: 8, endNs: 12 },
      { startNs: 10, endNs: 11 },
    ]);
    expect(lanes).toEqual([
      [
        { startNs: 0, endNs: 10 },
        { startNs: 2, endNs: 5 },
        { startNs: 10, endNs: 11 },
      ],
      [{ startNs: 8, endNs: 12 }],
    ]);
  });
});
