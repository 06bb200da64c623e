/**
 * A run's trace steps as a Chrome trace (the Trace Event Format's JSON
 * object), which Perfetto and chrome://tracing open: one process per run,
 * a track per CPU named "CPU n", a track per task, slices for lock waits and
 * holds, sleeps, I/O and each lab's phases, instants for the other steps,
 * and counters for queue lengths.
 *
 * The steps are all there is to go on, so some edges are reconstructed, and
 * the slices say so in their args:
 *  - A lock step is the request (sim.h's __LOCK_OP steps before it asks).
 *    The lock is granted at once when free, else the task waits in the lock's
 *    FIFO until a holder's unlock step hands it over (sim.c's lock_grant():
 *    the first waiter, or the readers at the head of the queue). A wait
 *    that the replay has not ended by the task's next step ends there, as
 *    the task cannot step before it holds the lock ("inferred": true).
 *  - A sleep, I/O, synchronize_rcu() or a lab's wait ends at the task's next
 *    step: nothing else marks the wake-up of that one task.
 *  - What was open before the window's first step starts at its first step
 *    ("before_window": true); what is still open after its last ends there
 *    ("open": true).
 * Spinlocks and rwlocks are taken and held on a CPU (the holder is not
 * preempted), so their waits and holds are drawn on the CPU's track; the
 * sleeping locks' on the task's. Every slice and instant carries the step
 * number it begins at (args.step) and its C line (args.line).
 */
import { z } from 'zod';
import type { CompleteEvent, CounterEvent, InstantEvent, MetadataEvent, TraceEvent, TraceFile } from './chromeTraceSchema';
import type { Engine, RawRunRequest } from './engine';
import { SimError, type LabInfo, type RunResult, type Step } from './types';
import { isLabId, LAB_FACES } from '../labs/registry.gen';

/** The most steps of one run that a trace holds, as many as the simulator records in one window (jc_run's trace_max); the rest is left out, and its metadata says so. */
export const TRACE_STEPS_MAX = 100_000;

/** One run to draw: its result, its recorded steps and (for lock and task names) a snapshot of it. */
export interface TraceRun {
  result: RunResult;
  steps: readonly Step[];
  snapshot?: unknown;
}

export interface TraceOptions {
  /** steps per run kept, at most TRACE_STEPS_MAX (the default) */
  stepsMax?: number;
}

/* The snapshot parts read here: the lock table (a lock step's a is an index in it) and the task names. */
const SnapshotNames = z.object({
  locks: z.array(z.object({ name: z.string(), kind: z.string().optional() })).optional(),
  tasks: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});

/** A begin step and an end step of one task: a phase of the lab. */
export interface PhaseRule {
  begin: string;
  end: string;
  name: string;
  /** the argument that ties the end to its begin, when a task can have several open, and its name in the C table */
  key?: { arg: 'a' | 'b'; name: string };
}

/** A step that starts a wait that ends at the task's next step. */
export interface WaitRule {
  kind: string;
  name: string;
}

/** Steps that carry a queue's length: a counter per rule, each series read from a or b and named as the C table names it. */
export interface CounterRule {
  kind: string;
  name: string;
  series: Record<string, 'a' | 'b'>;
}

/** A state machine of an object other than a task: a slice per state, from one state step to its next. */
export interface ChainRule {
  kind: string;
  /** the track the states are drawn on */
  track: string;
  /** the argument naming the object (a transaction), and its name in the C table */
  key: { arg: 'a' | 'b'; name: string };
  /** the argument holding the state, an index into names, and its name in the C table */
  state: { arg: 'a' | 'b'; name: string };
  names: readonly string[];
  /** the state after which the object is done: its step closes the chain */
  last: number;
}

export interface LabRules {
  phases: PhaseRule[];
  waits: WaitRule[];
  counters: CounterRule[];
  chains: ChainRule[];
}

/* The engine's own steps (sim.h), in every lab. */
const ENGINE_WAITS: WaitRule[] = [
  { kind: 'sleep', name: 'sleep' },
  { kind: 'io', name: 'io' },
  { kind: 'rcu_sync', name: 'synchronize_rcu' },
];

const NO_RULES: LabRules = { phases: [], waits: [], counters: [], chains: [] };

/**
 * What a lab's own steps mean for the trace, as its lab.ts declares them
 * with the kinds and argument names of its C table (chromeTrace.wasm.test.ts
 * checks them); none for a lab the registry does not list.
 */
export function labRules(lab: string): LabRules {
  return isLabId(lab) ? LAB_FACES[lab].trace : NO_RULES;
}

/** The step kinds and argument names the rules read, as [a, b] (for the contract test). */
export function rulesContract(lab: string): Record<string, [string | null, string | null]> {
  const rules = labRules(lab);
  const out: Record<string, [string | null, string | null]> = {};
  const need = (kind: string, read?: { arg: 'a' | 'b'; name: string }) => {
    const entry = (out[kind] ??= [null, null]);
    if (read) entry[read.arg === 'a' ? 0 : 1] = read.name;
  };
  for (const p of rules.phases) {
    need(p.begin, p.key);
    need(p.end, p.key);
  }
  for (const w of rules.waits) need(w.kind);
  for (const c of rules.counters) for (const [name, arg] of Object.entries(c.series)) need(c.kind, { arg, name });
  for (const c of rules.chains) {
    need(c.kind, c.key);
    need(c.kind, c.state);
  }
  return out;
}

/* Where a slice is drawn, before tracks are split into lanes that nest. */
type TrackKey = string;
const cpuTrack = (cpu: number): TrackKey => `cpu:${cpu}`;
const taskTrack = (task: number): TrackKey => `task:${task}`;
const labTrack = (name: string): TrackKey => `lab:${name}`;

interface Slice {
  track: TrackKey;
  name: string;
  cat: string;
  startNs: number;
  endNs: number;
  args: Record<string, number | string | boolean | null> & { step: number; line: number };
}

interface Waiter {
  task: number;
  shared: boolean;
  step: Step;
}

interface LockState {
  owner: number | null;
  readers: Set<number>;
  queue: Waiter[];
  /* the hold's first step, by holder */
  holds: Map<number, { step: Step; grantNs: number; inferred: boolean }>;
}

const us = (ns: number): number => Math.round(ns) / 1000;

/**
 * The trace of `runs` (each a process, in order) of lab `lab`. Each run's
 * steps beyond `stepsMax` are left out, and metadata.runs[i].truncated says
 * how many.
 */
export function chromeTrace(lab: LabInfo, runs: readonly TraceRun[], options: TraceOptions = {}): TraceFile {
  const stepsMax = options.stepsMax ?? TRACE_STEPS_MAX;
  if (!Number.isSafeInteger(stepsMax) || stepsMax < 1 || stepsMax > TRACE_STEPS_MAX)
    throw new RangeError(`stepsMax must be a whole number from 1 to ${TRACE_STEPS_MAX}, got ${stepsMax}`);
  const events: TraceEvent[] = [];
  const meta = runs.map((run, index) => traceRun(lab, run, index + 1, stepsMax, events));
  const order = (e: TraceEvent) => (e.ph === 'M' ? -1 : e.ts);
  events.sort((x, y) => order(x) - order(y));
  return {
    traceEvents: events,
    displayTimeUnit: 'ns',
    metadata: {
      generator: 'journalclub',
      lab: lab.id,
      steps_max_per_run: stepsMax,
      runs: meta,
      conventions:
        'ts and dur in microseconds of virtual time; args.step is the step a slice begins at, args.line its line in ' +
        `${lab.source}; steps are replayed in the order of their times; lock waits end at the holder's unlock step ` +
        '(FIFO handoff) or, "inferred", at the waiter\'s next step; a page lock\'s wait ends at the waiter\'s next step, ' +
        'its own lock step again when it was woken without the lock; ' +
        'sleeps, I/O and waits end at the task\'s next step; "before_window" and "open" slices are cut at the window\'s ends',
    },
  };
}

function traceRun(lab: LabInfo, run: TraceRun, pid: number, stepsMax: number, out: TraceEvent[]) {
  const rules = labRules(lab.id);
  const names = SnapshotNames.safeParse(run.snapshot ?? {});
  const lockInfo = (names.success && names.data.locks) || [];
  const taskNames = new Map((names.success && names.data.tasks ? names.data.tasks : []).map((t) => [t.id, t.name]));
  const argNames = new Map(lab.steps.map((k) => [k.kind, k]));
  /*
   * A step's time is its task's own clock (sim.h's sim_clock(): the engine's
   * time plus what the task has charged and not yet let pass), and its
   * request is served at that time: so steps are replayed in the order of
   * their times, which is not always the order of their numbers.
   */
  const kept = run.steps.slice(0, stepsMax);
  const steps = [...kept].sort((x, y) => x.t - y.t || x.i - y.i);
  const slices: Slice[] = [];
  const instants: InstantEvent[] = [];
  const counters: CounterEvent[] = [];
  const firstNs = steps.length > 0 ? steps[0]!.t : 0;
  const lastNs = steps.length > 0 ? steps[steps.length - 1]!.t : 0;

  const lockName = (id: number) => (id >= 0 ? (lockInfo[id]?.name ?? `lock ${id}`) : 'unlisted lock');
  /* spinlocks and rwlocks are held on a CPU; the sleeping ones, and any the snapshot does not name, by a task */
  const onCpu = (id: number) => {
    const kind = lockInfo[id]?.kind;
    return kind === 'spinlock' || kind === 'rwlock';
  };
  const stepArgs = (s: Step): Slice['args'] => {
    const k = argNames.get(s.kind);
    const args: Slice['args'] = { step: s.i, line: s.line, task: s.task, cpu: s.cpu };
    if (k?.a) args[k.a] = s.a;
    if (k?.b) args[k.b] = s.b;
    return args;
  };
  const slice = (track: TrackKey, name: string, cat: string, from: Step, startNs: number, end: Step | null, extra = {}) => {
    const endNs = end ? end.t : lastNs;
    slices.push({
      track,
      name,
      cat,
      startNs,
      endNs: Math.max(startNs, endNs),
      args: { ...stepArgs(from), ...(end ? { end_step: end.i } : { open: true }), ...extra },
    });
  };
  const counter = (name: string, ts: number, args: Record<string, number>) =>
    counters.push({ name, cat: 'queue', ph: 'C', pid, tid: 0, ts: us(ts), args });

  /* ---- locks: a FIFO replay from the lock and unlock steps ---- */
  const locks = new Map<number, LockState>();
  const waitingOn = new Map<number, number>();
  const lockOf = (id: number): LockState => {
    let l = locks.get(id);
    if (!l) {
      l = { owner: null, readers: new Set(), queue: [], holds: new Map() };
      locks.set(id, l);
    }
    return l;
  };
  const lockTrack = (id: number, s: Step) => (onCpu(id) ? cpuTrack(s.cpu) : taskTrack(s.task));
  const waitersShown = new Map<number, number>();
  const countWaiters = (id: number, l: LockState, ns: number) => {
    if (waitersShown.get(id) === l.queue.length) return;
    waitersShown.set(id, l.queue.length);
    counter(`waiters ${lockName(id)}`, ns, { waiters: l.queue.length });
  };
  const grant = (l: LockState, w: Waiter, ns: number, inferred: boolean) => {
    if (w.shared) l.readers.add(w.task);
    else l.owner = w.task;
    l.holds.set(w.task, { step: w.step, grantNs: ns, inferred });
  };
  const closeWait = (id: number, w: Waiter, end: Step, inferred: boolean) => {
    slice(lockTrack(id, w.step), `wait ${lockName(id)}`, 'lock wait', w.step, w.step.t, end, {
      lock: lockName(id),
      shared: w.shared,
      ...(inferred ? { inferred: true } : {}),
    });
    waitingOn.delete(w.task);
  };
  const endWait = (id: number, l: LockState, w: Waiter, end: Step, inferred: boolean) => {
    closeWait(id, w, end, inferred);
    grant(l, w, Math.max(w.step.t, end.t), inferred);
  };
  /*
   * sim.c's page lock (folio_lock): an unlock wakes its first waiter without
   * handing it the lock, and the waiter takes it, or queues again, with a
   * lock step of its own; after five steals it is handed the lock, and its
   * next step is then not a lock step
   */
  const wakesOnly = (id: number) => lockInfo[id]?.kind === 'page_lock';
  /* sim.c's lock_grant(): the first waiter; readers at the head of the queue together (an rw_semaphore's all) */
  const handOver = (id: number, l: LockState, at: Step) => {
    const sem = lockInfo[id]?.kind === 'rw_semaphore';
    while (!wakesOnly(id) && l.owner === null && l.queue.length > 0) {
      const head = l.queue[0]!;
      if (!head.shared) {
        if (l.readers.size > 0) break;
        l.queue.shift();
        endWait(id, l, head, at, false);
        break;
      }
      const readers = sem ? l.queue.filter((w) => w.shared) : [head];
      l.queue = l.queue.filter((w) => !readers.includes(w));
      for (const w of readers) endWait(id, l, w, at, false);
    }
    countWaiters(id, l, at.t);
  };
  const canTake = (l: LockState, shared: boolean) =>
    l.owner === null && (shared ? l.queue.length === 0 : l.readers.size === 0);
  const unlisted = new Map<number, Step[]>();

  /* ---- per task: what ends at its next step, and the phases it has open ---- */
  const untilNext = new Map<number, { step: Step; name: string; cat: string }[]>();
  const phasesOpen = new Map<string, Step>();
  const chainsOpen = new Map<string, Step>();
  const phaseByBegin = new Map(rules.phases.map((p) => [p.begin, p]));
  const phaseByEnd = new Map(rules.phases.map((p) => [p.end, p]));
  const waitByKind = new Map([...ENGINE_WAITS, ...rules.waits].map((w) => [w.kind, w]));
  const phaseKey = (p: PhaseRule, s: Step) => `${p.name}/${s.task}/${p.key ? s[p.key.arg] : ''}`;
  const firstStep = steps[0];

  for (const s of steps) {
    for (const w of untilNext.get(s.task) ?? []) slice(taskTrack(s.task), w.name, w.cat, w.step, w.step.t, s);
    untilNext.delete(s.task);
    const waiting = waitingOn.get(s.task);
    if (waiting !== undefined) {
      const l = lockOf(waiting);
      const w = l.queue.find((q) => q.task === s.task)!;
      l.queue = l.queue.filter((q) => q !== w);
      if (wakesOnly(waiting) && s.kind === 'lock' && s.a === waiting) closeWait(waiting, w, s, false);
      else endWait(waiting, l, w, s, !wakesOnly(waiting));
      countWaiters(waiting, l, s.t);
    }
    let consumed = false;

    if (s.kind === 'lock') {
      consumed = true;
      const shared = s.b === 1;
      if (s.a < 0) {
        unlisted.set(s.task, [...(unlisted.get(s.task) ?? []), s]);
      } else {
        const l = lockOf(s.a);
        const w = { task: s.task, shared, step: s };
        if (canTake(l, shared)) {
          grant(l, w, s.t, false);
        } else {
          l.queue.push(w);
          waitingOn.set(s.task, s.a);
          countWaiters(s.a, l, s.t);
        }
      }
    } else if (s.kind === 'unlock') {
      consumed = true;
      if (s.a < 0) {
        const open = unlisted.get(s.task) ?? [];
        const from = open.pop();
        if (from) slice(taskTrack(s.task), `hold ${lockName(-1)}`, 'lock hold', from, from.t, s, { lock: lockName(-1) });
      } else {
        const l = lockOf(s.a);
        const hold = l.holds.get(s.task);
        const name = `hold ${lockName(s.a)}`;
        if (hold) {
          slice(lockTrack(s.a, hold.step), name, 'lock hold', hold.step, hold.grantNs, s, {
            lock: lockName(s.a),
            ...(hold.inferred ? { inferred: true } : {}),
          });
          l.holds.delete(s.task);
        } else if (firstStep) {
          /* taken before the window: from its first step */
          slice(lockTrack(s.a, s), name, 'lock hold', s, firstNs, s, { lock: lockName(s.a), before_window: true });
        }
        if (l.owner === s.task) l.owner = null;
        l.readers.delete(s.task);
        handOver(s.a, l, s);
      }
    }

    const wait = waitByKind.get(s.kind);
    if (wait) {
      consumed = true;
      untilNext.set(s.task, [...(untilNext.get(s.task) ?? []), { step: s, name: wait.name, cat: 'wait' }]);
    }
    const begin = phaseByBegin.get(s.kind);
    if (begin) {
      consumed = true;
      phasesOpen.set(phaseKey(begin, s), s);
    }
    const end = phaseByEnd.get(s.kind);
    if (end) {
      consumed = true;
      const key = phaseKey(end, s);
      const from = phasesOpen.get(key);
      phasesOpen.delete(key);
      if (from) slice(taskTrack(s.task), end.name, 'phase', from, from.t, s);
      else slice(taskTrack(s.task), end.name, 'phase', s, firstNs, s, { before_window: true });
    }
    for (const c of rules.chains) {
      if (c.kind !== s.kind) continue;
      consumed = true;
      const key = `${c.track}/${s[c.key.arg]}`;
      const prev = chainsOpen.get(key);
      if (prev) slice(labTrack(c.track), c.names[prev[c.state.arg]] ?? `state ${prev[c.state.arg]}`, 'state', prev, prev.t, s);
      if (s[c.state.arg] === c.last) {
        chainsOpen.delete(key);
        instants.push(instant(pid, s, c.names[c.last] ?? s.kind, stepArgs(s)));
      } else chainsOpen.set(key, s);
    }
    for (const c of rules.counters) {
      if (c.kind !== s.kind) continue;
      const values: Record<string, number> = {};
      for (const [series, arg] of Object.entries(c.series)) values[series] = Math.max(0, s[arg]);
      counter(c.name, s.t, values);
    }
    if (!consumed) instants.push(instant(pid, s, s.kind, stepArgs(s)));
  }

  /* what the window's last step leaves open */
  for (const list of untilNext.values()) for (const w of list) slice(taskTrack(w.step.task), w.name, w.cat, w.step, w.step.t, null);
  for (const [id, l] of locks) {
    for (const w of l.queue) slice(lockTrack(id, w.step), `wait ${lockName(id)}`, 'lock wait', w.step, w.step.t, null, { lock: lockName(id), shared: w.shared });
    for (const h of l.holds.values()) slice(lockTrack(id, h.step), `hold ${lockName(id)}`, 'lock hold', h.step, h.grantNs, null, { lock: lockName(id) });
  }
  for (const list of unlisted.values()) for (const s of list) slice(taskTrack(s.task), `hold ${lockName(-1)}`, 'lock hold', s, s.t, null);
  for (const [key, s] of phasesOpen) slice(taskTrack(s.task), key.split('/')[0]!, 'phase', s, s.t, null);
  for (const c of rules.chains)
    for (const [key, s] of chainsOpen)
      if (key.startsWith(`${c.track}/`)) slice(labTrack(c.track), c.names[s[c.state.arg]] ?? `state ${s[c.state.arg]}`, 'state', s, s.t, null);

  const cpus = new Set<number>(Array.from({ length: run.result.cpus }, (_, i) => i));
  const tasks = new Set<number>(steps.map((s) => s.task));
  out.push(...layout(pid, run.result, cpus, tasks, taskNames, slices, instants), ...counters);
  const last = kept[kept.length - 1];
  return {
    pid,
    variant: run.result.variant,
    seed: run.result.seed,
    params: run.result.params,
    steps_in_run: run.result.sim.steps,
    window: { from_step: kept[0]?.i ?? null, to_step: last?.i ?? null, steps: kept.length },
    truncated: run.steps.length > kept.length ? { steps_given: run.steps.length, steps_kept: kept.length } : null,
  };
}

function instant(pid: number, s: Step, name: string, args: Slice['args']): InstantEvent {
  /* tid is set by layout() from the task's track */
  return { name, cat: 'step', ph: 'i', s: 't', pid, tid: s.task, ts: us(s.t), args };
}

/**
 * The tracks of one process: a track per CPU and per task (in that order),
 * then the lab's own. Slices on one thread must nest for a viewer to draw
 * them; where two overlap without nesting (a lock held past the end of the
 * phase it was taken in), the later goes to a further lane of the same
 * track, named "CPU 3 (2)".
 */
function layout(
  pid: number,
  result: RunResult,
  cpus: Set<number>,
  tasks: Set<number>,
  taskNames: Map<number, string>,
  slices: Slice[],
  instants: InstantEvent[],
): TraceEvent[] {
  const byTrack = new Map<TrackKey, Slice[]>();
  for (const c of [...cpus].sort((x, y) => x - y)) byTrack.set(cpuTrack(c), []);
  for (const t of [...tasks].sort((x, y) => x - y)) byTrack.set(taskTrack(t), []);
  for (const s of slices) {
    if (!byTrack.has(s.track)) byTrack.set(s.track, []);
    byTrack.get(s.track)!.push(s);
  }
  const trackName = (key: TrackKey) => {
    const [kind, id] = key.split(':') as [string, string];
    if (kind === 'cpu') return `CPU ${id}`;
    if (kind === 'task') return `task ${id}${taskNames.has(Number(id)) ? ` ${taskNames.get(Number(id))}` : ''}`;
    return id;
  };
  const out: TraceEvent[] = [
    { name: 'process_name', ph: 'M', pid, tid: 0, args: { name: `${result.lab} ${result.variant} (seed ${result.seed})` } },
    { name: 'process_sort_index', ph: 'M', pid, tid: 0, args: { sort_index: pid } },
  ];
  let tid = 0;
  const taskTid = new Map<number, number>();
  for (const [key, list] of byTrack) {
    const lanes = nestLanes(list);
    const count = Math.max(1, lanes.length);
    for (let lane = 0; lane < count; lane++) {
      tid++;
      if (lane === 0 && key.startsWith('task:')) taskTid.set(Number(key.slice(5)), tid);
      const name = lane === 0 ? trackName(key) : `${trackName(key)} (${lane + 1})`;
      const meta: MetadataEvent[] = [
        { name: 'thread_name', ph: 'M', pid, tid, args: { name } },
        { name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: tid } },
      ];
      out.push(...meta);
      for (const s of lanes[lane] ?? []) out.push(complete(pid, tid, s));
    }
  }
  for (const i of instants) out.push({ ...i, tid: taskTid.get(i.tid) ?? 0 });
  return out;
}

function complete(pid: number, tid: number, s: Slice): CompleteEvent {
  return { name: s.name, cat: s.cat, ph: 'X', pid, tid, ts: us(s.startNs), dur: us(s.endNs) - us(s.startNs), args: s.args };
}

/**
 * Slices split into lanes in which every two either nest or do not
 * overlap: longest first among those starting together, each into the
 * first lane whose open slices contain it.
 */
export function nestLanes<T extends { startNs: number; endNs: number }>(slices: readonly T[]): T[][] {
  const sorted = [...slices].sort((x, y) => x.startNs - y.startNs || y.endNs - x.endNs);
  const lanes: T[][] = [];
  const stacks: T[][] = [];
  for (const s of sorted) {
    let lane = 0;
    for (; lane < stacks.length; lane++) {
      const stack = stacks[lane]!;
      while (stack.length > 0 && stack[stack.length - 1]!.endNs <= s.startNs) stack.pop();
      const top = stack[stack.length - 1];
      if (!top || top.endNs >= s.endNs) break;
    }
    if (lane === stacks.length) {
      stacks.push([]);
      lanes.push([]);
    }
    stacks[lane]!.push(s);
    lanes[lane]!.push(s);
  }
  return lanes;
}

/** A window of steps: the first step recorded, and how many. */
export interface TraceWindow {
  from: number;
  max: number;
}

/**
 * Run each of `runs` (one lab's) on `engine` until the window's last step,
 * recording the window, and draw them as one trace, a process each.
 */
export function traceRuns(engine: Engine, runs: readonly Omit<RawRunRequest, 'options'>[], window: TraceWindow): TraceFile {
  const { from, max } = window;
  if (!Number.isSafeInteger(max) || max < 1 || max > TRACE_STEPS_MAX)
    throw new SimError(`a trace holds 1 to ${TRACE_STEPS_MAX} steps of a run, not ${max}`, 'invalid');
  if (!Number.isSafeInteger(from) || from < 0) throw new SimError(`a trace starts at a step from 0 on, not ${from}`, 'invalid');
  const labs = new Set(runs.map((r) => r.lab));
  if (labs.size !== 1) throw new SimError(`a trace holds runs of one lab, not of ${labs.size}`, 'invalid');
  const id = runs[0]!.lab;
  const info = engine.labs().find((l) => l.id === id);
  if (!info) throw new SimError(`unknown lab "${id}" (labs: ${engine.labs().map((l) => l.id).join(', ')})`, 'invalid');
  const traced = runs.map((req) => {
    /* the run goes no further than the window's last step */
    const out = engine.run({ ...req, options: { traceFrom: from, traceMax: max, stopStep: from + max } });
    return { result: out.result, steps: out.steps.steps, snapshot: out.snapshot };
  });
  return chromeTrace(info, traced, { stepsMax: max });
}
