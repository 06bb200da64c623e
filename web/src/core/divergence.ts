/**
 * The first divergence of two runs: the first step at which one run has done
 * an event the other does not do at that point of its own sequence, events
 * being the steps the lab counts (its LabFace's `divergence`, by default the
 * kind, task, a and b of every step of its own kinds). The two streams are
 * compared event by event, not step by step: steps the lab leaves out (the
 * engine's lock and sleep steps by default, and always the time, the CPU and
 * the line) may make one run's steps run ahead of the other's without a
 * difference.
 *
 * The runs are walked in chunks of steps (a trace window of the simulator at
 * a time, never a whole trace), the run that is behind in events first, and
 * only the events not yet compared are held; the walk stops at a bound of
 * steps per run and says so when the runs agree that far.
 */
import { TRACE_STEPS_MAX } from './chromeTrace';
import type { FrameRun, Stepper } from './stepper';
import { argText, ENGINE_STEP_ARGS } from './steps';
import { SimError, type LabInfo, type Step, type StepKind } from './types';
import { isLabId, LAB_FACES } from '../labs/registry.gen';

/** A field of a step that can be compared besides its kind. */
export type DivergenceField = 'task' | 'a' | 'b';

export const DIVERGENCE_FIELDS: readonly DivergenceField[] = ['task', 'a', 'b'];

/**
 * What of two runs' steps a lab counts as a difference (LabFace.divergence).
 * Absent, or a field of it absent: every step of the lab's own kinds, each
 * compared by its task, a and b; none of the engine's.
 */
export interface DivergenceRule {
  /** the lab's own step kinds compared (default: all of them) */
  kinds?: readonly string[];
  /** the engine's step kinds compared too (lock, unlock, sleep, wake, io, rcu_sync; default: none) */
  engineKinds?: readonly string[];
  /** per kind, the fields that are noise there (a time, a duration) */
  noise?: Readonly<Record<string, readonly DivergenceField[]>>;
}

/** The most steps of each run walked by default before the search gives up. */
export const DIVERGENCE_MAX_STEPS = 250_000;

/** The first chunk of steps read of a run; each next one is twice as long, up to a trace window. */
export const FIRST_CHUNK = 4_096;

/** Where one run stands at the divergence. */
export interface DivergentRun {
  /** the step of its event there, or its last step when it ended without one */
  step: number;
  /** its event there; null: the run ended, and never does it */
  event: Step | null;
  /** the event in words, its arguments named as the lab names them: "T5 visit (dentry_idx 0, inode_idx 0) at line 520" */
  text: string;
}

export type Divergence =
  | {
      found: true;
      /** the first step where the runs differ: the earlier of the two events' steps */
      step: number;
      /** each run's side of it, in the order the runs were given */
      runs: [DivergentRun, DivergentRun];
      /** the events that were the same before it */
      same: number;
    }
  | {
      found: false;
      /** same: both runs ended with the same events; bound: no difference within maxSteps steps of each */
      why: 'same' | 'bound';
      /** the events compared, all the same */
      same: number;
      /** the steps walked of each run */
      walked: [number, number];
      maxSteps: number;
    };

/** The steps from `from` to `to` of a run: `at` is the last step it reached (below `to` when it ended). */
export interface StepChunk {
  steps: readonly Step[];
  at: number;
  ended: boolean;
}

/** Reads a run's steps from `from` to `to` (from 1, `from` the step after the last read). */
export type ChunkReader = (from: number, to: number) => StepChunk;

/** A rule made ready for a lab: the kinds compared and, per kind, the fields. */
export interface CompiledRule {
  kinds: ReadonlySet<string>;
  fields: ReadonlyMap<string, readonly DivergenceField[]>;
  /** every step kind of the lab, for the events' words */
  names: ReadonlyMap<string, StepKind>;
}

/**
 * `rule` checked against the lab's step kinds (its C table, LabInfo.steps):
 * a kind it does not have (or the engine's among its own, or its own among
 * the engine's), a field that is not one of task, a and b, or noise of a kind
 * not compared is refused with what the lab has.
 */
export function compileRule(info: LabInfo, rule: DivergenceRule = {}): CompiledRule {
  const engine = new Set(Object.keys(ENGINE_STEP_ARGS));
  const own = info.steps.map((k) => k.kind).filter((k) => !engine.has(k));
  const refuse = (what: string) => new SimError(`the divergence rule of ${info.id}: ${what}`, 'invalid');
  for (const k of rule.kinds ?? [])
    if (!own.includes(k)) throw refuse(`"${k}" is not one of its own step kinds (${own.join(', ')})`);
  for (const k of rule.engineKinds ?? [])
    if (!engine.has(k)) throw refuse(`"${k}" is not one of the engine's step kinds (${[...engine].join(', ')})`);
  const kinds = [...(rule.kinds ?? own), ...(rule.engineKinds ?? [])];
  if (kinds.length === 0) throw refuse('it compares no step kind');
  const fields = new Map<string, readonly DivergenceField[]>();
  for (const k of kinds) fields.set(k, DIVERGENCE_FIELDS);
  for (const [k, noise] of Object.entries(rule.noise ?? {})) {
    if (!fields.has(k)) throw refuse(`it gives noise of step kind "${k}", which it does not compare (it compares: ${kinds.join(', ')})`);
    const bad = noise.find((f) => !DIVERGENCE_FIELDS.includes(f));
    if (bad !== undefined) throw refuse(`"${bad}" of ${k} is not a field (fields: ${DIVERGENCE_FIELDS.join(', ')})`);
    fields.set(k, DIVERGENCE_FIELDS.filter((f) => !noise.includes(f)));
  }
  return { kinds: new Set(kinds), fields, names: new Map(info.steps.map((k) => [k.kind, k])) };
}

/** The rule a lab declares (its lab.ts), the default for one that declares none. */
export function divergenceRule(lab: string): DivergenceRule {
  return (isLabId(lab) ? LAB_FACES[lab].divergence : undefined) ?? {};
}

/** Whether two events are the same under `rule`. */
export function sameEvent(rule: CompiledRule, x: Step, y: Step): boolean {
  if (x.kind !== y.kind) return false;
  for (const f of rule.fields.get(x.kind) ?? DIVERGENCE_FIELDS) if (x[f] !== y[f]) return false;
  return true;
}

/** One run's walk: its events not yet compared (from `head` on), how far it was read, how it stands. */
interface Walk {
  read: ChunkReader;
  queue: Step[];
  head: number;
  at: number;
  ended: boolean;
  chunk: number;
}

/**
 * The first divergence of the two runs `readers` read, under `rule`, walking
 * each at most `maxSteps` steps.
 */
export function firstDivergence(readers: [ChunkReader, ChunkReader], rule: CompiledRule, maxSteps = DIVERGENCE_MAX_STEPS): Divergence {
  if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) throw new SimError(`the divergence search walks 1 or more steps of each run, not ${maxSteps}`, 'invalid');
  const walks: [Walk, Walk] = [
    { read: readers[0], queue: [], head: 0, at: 0, ended: false, chunk: FIRST_CHUNK },
    { read: readers[1], queue: [], head: 0, at: 0, ended: false, chunk: FIRST_CHUNK },
  ];
  const pending = (w: Walk) => w.queue.length - w.head;
  const bounded = (w: Walk) => !w.ended && w.at >= maxSteps;
  let same = 0;
  for (;;) {
    const [a, b] = walks;
    while (pending(a) > 0 && pending(b) > 0) {
      const x = a.queue[a.head]!;
      const y = b.queue[b.head]!;
      if (!sameEvent(rule, x, y)) return { found: true, step: Math.min(x.i, y.i), runs: [side(rule, x, a.at), side(rule, y, b.at)], same };
      a.head++;
      b.head++;
      same++;
    }
    /* a run out of events to compare is read on, the one behind first */
    const readable = walks.filter((w) => pending(w) === 0 && !w.ended && w.at < maxSteps).sort((p, q) => p.at - q.at)[0];
    if (readable) {
      readChunk(readable, rule, maxSteps);
      continue;
    }
    if (walks.some((w) => pending(w) === 0 && bounded(w))) return { found: false, why: 'bound', same, walked: [a.at, b.at], maxSteps };
    /* every run out of events has ended: the other's next event is one it never does */
    const [x, y] = [a.queue[a.head], b.queue[b.head]];
    if (!x && !y) return { found: false, why: 'same', same, walked: [a.at, b.at], maxSteps };
    return { found: true, step: (x ?? y)!.i, runs: [side(rule, x, a.at), side(rule, y, b.at)], same };
  }
}

/** A run's side of the divergence: its event, or its end (`end`, its last step) when it has none. */
function side(rule: CompiledRule, event: Step | undefined, end: number): DivergentRun {
  if (!event) return { step: end, event: null, text: `ends at step ${end}` };
  const args = argText(event, rule.names.get(event.kind));
  return { step: event.i, event, text: `T${event.task} ${event.kind}${args ? ` (${args})` : ''} at line ${event.line}` };
}

/* The next chunk of a run, its events kept: compared events are dropped first. */
function readChunk(w: Walk, rule: CompiledRule, maxSteps: number): void {
  const from = w.at + 1;
  const to = Math.min(maxSteps, w.at + w.chunk);
  w.chunk = Math.min(TRACE_STEPS_MAX, w.chunk * 2);
  const got = w.read(from, to);
  w.queue = w.queue.slice(w.head);
  w.head = 0;
  for (const s of got.steps) if (s.i >= from && s.i <= to && rule.kinds.has(s.kind)) w.queue.push(s);
  if (got.at < w.at) throw new SimError(`a run read from step ${from} stood at step ${got.at}, before it`, 'internal');
  w.at = got.at;
  w.ended = got.ended;
  /* a run that neither ended nor moved would be read for ever */
  if (!got.ended && got.at < to) throw new SimError(`a run read to step ${to} stopped at step ${got.at} without ending`, 'internal');
}

/** A run's steps read through the stepper's open run: each chunk a frame whose trail is the chunk. */
export function stepperReader(stepper: Stepper, req: FrameRun, lengthHint?: number): ChunkReader {
  return (from, to) => {
    const frame = stepper.frame(req, to, to - from + 1, lengthHint);
    return { steps: frame.steps, at: frame.step, ended: frame.ended };
  };
}

export interface DivergenceOptions {
  /** the most steps walked of each run (DIVERGENCE_MAX_STEPS) */
  maxSteps?: number;
  /** each run's step total, when known, for its checkpoints' spacing */
  lengthHints?: readonly [number | undefined, number | undefined];
}

/**
 * The first divergence of two runs of one lab on `stepper`'s engine, under
 * the lab's rule (`labs`: the engine's labs, with their step kinds): their
 * open runs are walked on, so that the seek to the step found starts from a
 * checkpoint near it.
 */
export function findDivergence(
  stepper: Stepper,
  labs: readonly LabInfo[],
  runs: readonly [FrameRun, FrameRun],
  options: DivergenceOptions = {},
): Divergence {
  const [a, b] = runs;
  if (a.lab !== b.lab) throw new SimError(`the divergence search compares two runs of one lab, not of ${a.lab} and ${b.lab}`, 'invalid');
  const info = labs.find((l) => l.id === a.lab);
  if (!info) throw new SimError(`unknown lab "${a.lab}" (labs: ${labs.map((l) => l.id).join(', ')})`, 'invalid');
  const rule = compileRule(info, divergenceRule(info.id));
  const hints = options.lengthHints ?? [undefined, undefined];
  return firstDivergence([stepperReader(stepper, a, hints[0]), stepperReader(stepper, b, hints[1])], rule, options.maxSteps);
}
