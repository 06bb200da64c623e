/**
 * The page's handle on the simulator: one Web Worker per page, reached
 * through comlink. Every method answers with plain, checked data, or rejects
 * with the simulator's own message (a SimError when the simulator refused).
 */
import * as Comlink from 'comlink';
import { unwrap, type Reply, type SimFault, type SimMemory } from './protocol';
import type { SweepProgressFn, SweepResult } from './sweep';
import type { ParamValues } from './engine';
import type { FrameRun, StepFrame, StepperStats } from './stepper';
import type { TraceWindow } from './chromeTrace';
import type { Divergence, DivergenceOptions } from './divergence';
import type { TraceFile } from './chromeTraceSchema';
import type { LabInfo, PaperRows, ParamCheck, ParamSpec, RunOutput, RunRequest } from './types';
import type { WorkerApi } from './worker';

export interface SimClient {
  labs(): Promise<LabInfo[]>;
  params(lab: string): Promise<ParamSpec[]>;
  rows(lab: string): Promise<PaperRows>;
  /** The parameters checked by the simulator without a run: fine, or what it refused and what it takes. */
  checkParams(lab: string, params: ParamValues): Promise<ParamCheck>;
  /** The C model's source text (wasm-core/labs/<lab>/<lab>.c). */
  source(lab: string): Promise<string>;
  run(req: RunRequest): Promise<RunOutput>;
  /**
   * The animation's frame of a run at `step` (snapshot, the last `trailSteps` trace steps, hash), from a run the
   * worker keeps open: going on, stepping back and seeking cost at most a checkpoint interval, not the run from 0.
   * `lengthHint`: the run's step total when known, to space its checkpoints.
   */
  frame(req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<StepFrame>;
  /**
   * The first step where two runs of one lab differ in the events the lab counts (its LabFace's divergence),
   * walking both in chunks from the worker's open runs; or, within options.maxSteps steps of each, that there is none.
   */
  divergence(runs: [FrameRun, FrameRun], options?: DivergenceOptions): Promise<Divergence>;
  /** The animation's open runs and their checkpoints' bytes against the budget (the stepper's stats). */
  frameStats(): Promise<StepperStats>;
  /** A Chrome trace JSON (for Perfetto) of runs of one lab, a process each, within a window of steps. */
  trace(runs: FrameRun[], window: TraceWindow): Promise<TraceFile>;
  /**
   * The lab's sweep, every variant, every point with `seeds` (the default seeds when absent); onProgress is
   * called after every run, with the point's row when that run was its last.
   */
  sweep(lab: string, onProgress?: SweepProgressFn, seeds?: number[]): Promise<SweepResult>;
  /** The worker's memory: the module's, its heap top and the checkpoints' (for long sessions to be measured). */
  memory(): Promise<SimMemory>;
  /** Make the simulator fail as it would by itself (for tests and the console): see SimFault. */
  crash(fault: SimFault): Promise<void>;
}

/** The simulator died under the page and a new one took its place. */
export interface SimRestart {
  /** 'worker': the worker died (an uncaught error, terminated); 'simulator': the module crashed inside a call */
  cause: 'worker' | 'simulator';
  /** what happened, in a sentence */
  message: string;
}

const restartListeners = new Set<(r: SimRestart) => void>();

/** Be told when the simulator died and was started again; returns the unsubscribe. */
export function onSimRestart(listener: (r: SimRestart) => void): () => void {
  restartListeners.add(listener);
  return () => restartListeners.delete(listener);
}

function restarted(r: SimRestart): void {
  for (const l of [...restartListeners]) l(r);
}

/** A SimClient that can be stopped: its worker terminated, every pending and later call rejected. */
export interface StoppableSimClient extends SimClient {
  stop(reason: string): void;
}

let shared: StoppableSimClient | null = null;

/** The page's simulator, started on first use. */
export function getSim(): SimClient {
  if (!shared) {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'journalclub-sim' });
    const client = wrapWorker(
      worker,
      (restart) => {
        if (shared === client) shared = null;
        if (!restart) return;
        /* started at once, so that the page can say a new one is there */
        getSim();
        restarted(restart);
      },
      restarted,
    );
    shared = client;
    /* the page's simulator, reachable from the console and by the benchmark (bench/scale.ts) */
    (globalThis as { journalclubSim?: SimClient }).journalclubSim = client;
  }
  return shared;
}

/**
 * Stop whatever the simulator is doing. A run cannot be interrupted inside
 * WebAssembly, so the worker is terminated: every call under way rejects
 * with a CancelledError saying `reason`, and the next call starts a new
 * worker (open runs and checkpoints go with the old one).
 */
export function cancelSim(reason: string): void {
  const client = shared;
  shared = null;
  client?.stop(reason);
}

/** What a call of a stopped simulator rejects with. */
export class CancelledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CancelledError';
  }
}

/**
 * A SimClient over a worker running worker.ts. When the worker dies (it
 * could not load, threw outside a call, or was terminated under the page),
 * it is terminated for good, every pending and later call rejects, and
 * onDead lets the owner start a new one, with what happened (null after
 * stop(): the owner asked for it). A simulator that crashed inside a call
 * is started again by the worker itself at its next call: onRestart says so.
 */
export function wrapWorker(
  worker: Worker,
  onDead?: (restart: SimRestart | null) => void,
  onRestart?: (restart: SimRestart) => void,
): StoppableSimClient {
  const api = Comlink.wrap<WorkerApi>(worker);
  let kill: (e: Error) => void = () => undefined;
  let over = false;
  const die = (error: Error, restart: SimRestart | null) => {
    if (over) return;
    over = true;
    worker.terminate();
    kill(error);
    onDead?.(restart);
  };
  const dead = new Promise<never>((_, reject) => {
    kill = reject;
  });
  dead.catch(() => undefined);
  worker.addEventListener('error', (event) => {
    /* handled here: the page says what happened, in its own words */
    event.preventDefault();
    const detail = event.message ? `: ${event.message}` : '';
    const message = `the simulator worker stopped${detail}`;
    die(new Error(message), { cause: 'worker', message });
  });
  const call = async <T>(reply: Promise<Reply<T>>): Promise<T> => {
    const r = await Promise.race([reply, dead]);
    if (!r.ok && r.crashed) onRestart?.({ cause: 'simulator', message: r.message });
    return unwrap(r);
  };
  return {
    labs: () => call(api.labs()),
    params: (lab) => call(api.params(lab)),
    rows: (lab) => call(api.rows(lab)),
    checkParams: (lab, params) => call(api.checkParams(lab, params)),
    source: (lab) => call(api.source(lab)),
    run: (req) => call(api.run(req)),
    frame: (req, step, trailSteps, lengthHint) => call(api.frame(req, step, trailSteps, lengthHint)),
    divergence: (runs, options) => call(api.divergence(runs, options)),
    frameStats: () => call(api.frameStats()),
    trace: (runs, window) => call(api.trace(runs, window)),
    sweep: (lab, onProgress, seeds) => call(api.sweep(lab, onProgress ? Comlink.proxy(onProgress) : undefined, seeds)),
    memory: () => call(api.memory()),
    async crash(fault) {
      if (fault === 'terminate') {
        const message = 'the simulator worker was terminated';
        die(new Error(message), { cause: 'worker', message });
        return;
      }
      await call(api.crash(fault));
    },
    stop(reason) {
      die(new CancelledError(reason), null);
    },
  };
}
