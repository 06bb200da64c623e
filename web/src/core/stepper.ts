/**
 * Frames of the animation from open runs: instead of replaying a run from
 * step 0 for every frame, the stepper keeps each run open on the engine and
 * goes on from where it stands (Engine.advance), and keeps checkpoints of it
 * (Engine.checkpoint) to step back or seek: restore the nearest one below the
 * step and advance from there.
 *
 * Runs are keyed by lab, variant, parameters and seed. Several runs share the
 * one engine (the side-by-side variants take turns): the run the engine holds
 * is saved as a checkpoint when another takes its place, and restored when its
 * turn comes back, so each continues where it stood.
 *
 * Every frame is what `engine.run` with stopStep at its step gives: the same
 * snapshot, trace steps and hash (advance.wasm.test.ts and stepper.wasm.test.ts
 * hold the engine and the stepper to that).
 */
import type { Checkpoint, Engine, Position } from './engine';
import type { RunRequest, Step } from './types';

/** What a frame is asked of: a run without its options. */
export type FrameRun = Omit<RunRequest, 'options'>;

export interface StepFrame {
  /** the step the frame shows: the one asked for, or the run's last when it ended before it */
  step: number;
  /** the lab's snapshot at `step` */
  snapshot: unknown;
  /** the last trace steps up to `step` (as many as asked for, fewer near step 1) */
  steps: Step[];
  /** the run's hash at `step` (jc_result_json's sim.hash) */
  hash: string;
  /** true when the run ended at `step` (there is no step after it) */
  ended: boolean;
}

export interface StepperOptions {
  /** bytes the checkpoints of all runs may hold together (default 256 MiB) */
  budget?: number;
  /** the fewest steps between two checkpoints of a run (default MIN_INTERVAL) */
  minInterval?: number;
  /** how many runs are kept open at most; the least recently used is dropped beyond it */
  maxRuns?: number;
}

export interface StepperStats {
  /** bytes held by checkpoints now, never above the budget */
  bytes: number;
  budget: number;
  /** open runs and their checkpoints */
  runs: { key: string; interval: number; checkpoints: number[]; liveStep: number }[];
}

export const DEFAULT_BUDGET = 256 << 20;

/**
 * The fewest steps between checkpoints. A checkpoint costs a copy of the
 * simulator's memory (3-4 ms for a 2.9 MB model at the mail's size),
 * about the time the simulator takes to run some 100,000 steps: checkpoints
 * closer than that would cost more to take than the replay they save.
 */
export const MIN_INTERVAL = 100_000;

/** The part of a run's share of the budget its first interval is set for. */
const BUDGET_USE = 15 / 16;

/** The heat buckets a frame's runs keep (a frame shows no heatmap). */
const FRAME_HEAT_BUCKETS = 2;

interface OpenRun {
  key: string;
  req: FrameRun;
  /**
   * Steps between checkpoints: at most one checkpoint in each [n*K, (n+1)*K).
   * It starts at the smallest interval whose checkpoints, over the whole run
   * (when its length is known) fit its share of the budget, so that a seek
   * replays as few steps as memory allows (at most about 2K); it doubles,
   * dropping every other checkpoint, whenever the budget is short, which
   * keeps the ones left evenly spread over the run.
   */
  interval: number;
  /** by step, ascending */
  checkpoints: Checkpoint[];
  /** where the run stood after its last frame; null: not known (start again) */
  live: { step: number; ended: boolean; frame: StepFrame; trailFrom: number } | null;
  /** the live state saved when another run took the engine; null while the engine holds it */
  liveCp: Checkpoint | null;
  /** a length the caller told (the run's step total), for the first interval */
  lengthHint: number;
  used: number;
}

export interface Stepper {
  /**
   * The frame of `req` at `step` (from 1) with the last `trailSteps` trace steps up to it.
   * @param lengthHint the run's total steps if known: sets its checkpoint interval from the start
   */
  frame(req: FrameRun, step: number, trailSteps: number, lengthHint?: number): StepFrame;
  /** Save what the engine holds before something else runs on it (a full run, a sweep). */
  release(): void;
  /** Drop every run and checkpoint. */
  clear(): void;
  stats(): StepperStats;
}

export function runKey(req: FrameRun): string {
  const params = Object.keys(req.params)
    .sort()
    .map((k) => [k, req.params[k]]);
  return JSON.stringify([req.lab, req.variant, params, req.seed]);
}

export function createStepper(engine: Engine, options: StepperOptions = {}): Stepper {
  const budget = options.budget ?? DEFAULT_BUDGET;
  const minInterval = Math.max(1, options.minInterval ?? MIN_INTERVAL);
  const maxRuns = Math.max(1, options.maxRuns ?? 8);
  const runs = new Map<string, OpenRun>();
  /* the run the engine holds now, as its live state says */
  let owner: OpenRun | null = null;
  let clock = 0;

  function bytesOf(run: OpenRun): number {
    let n = 0;
    for (const cp of run.checkpoints) n += cp.bytes;
    if (run.liveCp && !run.checkpoints.includes(run.liveCp)) n += run.liveCp.bytes;
    return n;
  }

  function totalBytes(): number {
    let n = 0;
    for (const run of runs.values()) n += bytesOf(run);
    return n;
  }

  /* Keep to the budget: thin the densest run, then drop saved live states, then the last checkpoints, least recent first. */
  function enforce(): void {
    let total = totalBytes();
    while (total > budget) {
      const all = [...runs.values()];
      const dense = all.filter((r) => r.checkpoints.length >= 2).sort((a, b) => b.checkpoints.length - a.checkpoints.length)[0];
      if (dense) {
        thin(dense);
      } else {
        const byAge = all.sort((a, b) => a.used - b.used);
        const saved = byAge.find((r) => r.liveCp && !r.checkpoints.includes(r.liveCp));
        if (saved) {
          saved.liveCp = null;
          saved.live = null;
        } else {
          const last = byAge.find((r) => r.checkpoints.length > 0);
          if (!last) break;
          last.checkpoints = [];
          if (last.liveCp) {
            last.liveCp = null;
            last.live = null;
          }
        }
      }
      total = totalBytes();
    }
  }

  /* Double the interval, keeping the first checkpoint of each new cell: an even spread. */
  function thin(run: OpenRun): void {
    run.interval *= 2;
    const kept: Checkpoint[] = [];
    let cell = -1;
    for (const cp of run.checkpoints) {
      const c = Math.floor(cp.step / run.interval);
      if (c !== cell) kept.push(cp);
      cell = c;
    }
    run.checkpoints = kept;
  }

  function hasCell(run: OpenRun, step: number): boolean {
    const cell = Math.floor(step / run.interval);
    return run.checkpoints.some((cp) => Math.floor(cp.step / run.interval) === cell);
  }

  /* How many open runs share the budget with `run`: its variants (same lab, parameters and seed), itself included. */
  function sharing(run: OpenRun): number {
    const same = runKey({ ...run.req, variant: '' });
    let n = 0;
    for (const r of runs.values()) if (runKey({ ...r.req, variant: '' }) === same) n++;
    return Math.max(1, n);
  }

  /* A checkpoint of what the engine holds now, at `step`, if its cell has none. */
  function maybeCheckpoint(run: OpenRun, step: number): void {
    if (hasCell(run, step)) return;
    const cp = engine.checkpoint();
    if (run.checkpoints.length === 0 && run.lengthHint > 0) {
      /*
       * The interval whose checkpoints over the whole run fit its share of the budget: shared with the
       * variants of the same run open beside it, less a sixteenth for checkpoints a little larger than
       * this one. A variant opened later takes its share by thinning (enforce), so a run alone on the page
       * gets the whole budget and seeks replay half as far as at half of it.
       */
      const share = sharing(run);
      const count = Math.max(1, Math.floor((budget * BUDGET_USE) / share / Math.max(1, cp.bytes)));
      run.interval = Math.max(run.interval, Math.ceil(run.lengthHint / count));
      if (hasCell(run, step)) return;
    }
    const at = run.checkpoints.findIndex((k) => k.step > step);
    if (at < 0) run.checkpoints.push(cp);
    else run.checkpoints.splice(at, 0, cp);
    enforce();
  }

  /* Save the engine's live run aside, so that another can use the engine. */
  function release(): void {
    if (!owner) return;
    const run = owner;
    owner = null;
    if (!run.live || !runs.has(run.key)) return;
    const cp = run.checkpoints.find((k) => k.step === run.live!.step);
    run.liveCp = cp ?? engine.checkpoint();
    enforce();
  }

  function openRun(req: FrameRun, lengthHint: number): OpenRun {
    const key = runKey(req);
    let run = runs.get(key);
    if (!run) {
      run = { key, req, interval: minInterval, checkpoints: [], live: null, liveCp: null, lengthHint, used: 0 };
      runs.set(key, run);
      while (runs.size > maxRuns) {
        const oldest = [...runs.values()].filter((r) => r !== run).sort((a, b) => a.used - b.used)[0]!;
        if (owner === oldest) owner = null;
        runs.delete(oldest.key);
      }
    } else if (lengthHint > 0) {
      run.lengthHint = lengthHint;
    }
    run.used = ++clock;
    return run;
  }

  function frame(req: FrameRun, step: number, trailSteps: number, lengthHint = 0): StepFrame {
    if (!Number.isSafeInteger(step) || step < 1) throw new RangeError(`a frame's step is a whole number from 1, got ${step}`);
    if (!Number.isSafeInteger(trailSteps) || trailSteps < 1)
      throw new RangeError(`a frame's trail is a whole number of steps from 1, got ${trailSteps}`);
    const run = openRun(req, lengthHint);
    const need = Math.max(1, step - trailSteps + 1);
    const live = run.live;

    /* the frame already shown, or the run ended before the step */
    if (live && (live.step === step || (live.ended && step >= live.step)) && live.trailFrom <= need) return live.frame;

    /* Where to go on from: the live state (forward, with its trail whole), else the nearest checkpoint at or below the trail's start. */
    let base: { step: number; trail: Step[]; cp: Checkpoint | null } | null = null;
    if (live && !live.ended && live.step < step && (live.step < need || live.trailFrom <= need)) {
      if (owner === run) base = { step: live.step, trail: live.frame.steps, cp: null };
      else if (run.liveCp) base = { step: live.step, trail: live.frame.steps, cp: run.liveCp };
    }
    /* a checkpoint nearer the step than the live state is the shorter way (a restore is a copy, well under a millisecond) */
    const cp = run.checkpoints.filter((k) => k.step < need).at(-1);
    if (cp && (!base || cp.step > base.step)) base = { step: cp.step, trail: [], cp };
    const window = { traceFrom: need, traceMax: step - need + 1 };

    if (owner !== run) release();
    if (base?.cp) engine.restore(base.cp);
    /* from here the engine is this run's; if anything throws, its state is not known */
    owner = run;
    run.live = null;
    run.liveCp = null;

    const from = base ?? { step: 0, trail: [], cp: null };
    let at = from.step;
    for (;;) {
      /*
       * On to the step, stopping for a checkpoint in each cell below the trail that has none. A stop reads
       * only where the run stands: the outputs are written and read once, at the frame's own step.
       */
      const next = nextStop(run, at, step, need);
      const pos =
        base === null && at === 0
          ? engine.runTo({ ...req, options: { stopStep: next, ...window, heatBuckets: FRAME_HEAT_BUCKETS } })
          : engine.advanceTo(next, window);
      at = pos.steps;
      if (!pos.halted || at >= step) return finish(run, pos, from, need);
      maybeCheckpoint(run, at);
    }
  }

  function nextStop(run: OpenRun, at: number, step: number, need: number): number {
    const k = run.interval;
    for (let m = (Math.floor(at / k) + 1) * k; m < need; m += k) if (!hasCell(run, m)) return m;
    return step;
  }

  /* The frame where the engine stands: its snapshot and steps are the only outputs a frame reads. */
  function finish(run: OpenRun, pos: Position, base: { step: number; trail: Step[] }, need: number): StepFrame {
    const at = pos.steps;
    const ended = !pos.halted;
    const fresh = engine.steps().steps;
    const firstFresh = fresh[0]?.i ?? at + 1;
    const kept = base.trail.filter((s) => s.i >= need && s.i < firstFresh);
    const steps = kept.concat(fresh);
    const frame: StepFrame = { step: at, snapshot: engine.snapshot(), steps, hash: pos.hash, ended };
    /* the trail is whole from `need` when the base was below it or its own trail reached back to it */
    run.live = { step: at, ended, frame, trailFrom: need };
    if (!ended) maybeCheckpoint(run, at);
    return frame;
  }

  return {
    frame,
    release,
    clear() {
      runs.clear();
      owner = null;
    },
    stats() {
      return {
        bytes: totalBytes(),
        budget,
        runs: [...runs.values()].map((r) => ({
          key: r.key,
          interval: r.interval,
          checkpoints: r.checkpoints.map((k) => k.step),
          liveStep: r.live?.step ?? 0,
        })),
      };
    },
  };
}
