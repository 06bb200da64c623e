/**
 * The page's handle on the simulator: one Web Worker per page, reached
 * through comlink. Every method answers with plain, checked data, or rejects
 * with the simulator's own message (a SimError when the simulator refused).
 */
import * as Comlink from 'comlink';
import { unwrap, type Reply } from './protocol';
import type { SweepProgressFn, SweepResult } from './sweep';
import type { ParamValues } from './engine';
import type { FrameRun, StepFrame, StepperStats } from './stepper';
import type { LabInfo, PaperRows, ParamCheck, ParamSpec, RunOutput, RunRequest } from './types';
import type { WorkerApi } from './worker';

export interface SimClient {
  labs(): Promise<LabInfo[]>;
  params(lab: string): Promise<ParamSpec[]>;
  rows(lab: string): Promise<PaperRows>;
  /** The parameters checked by the simulator without a run: fine, or what it refused and what it takes. */
  checkParams(lab: string, params: ParamValues): Promise<ParamCheck>;
  /** The C model's source text (wasm-core/labs/<lab>.c). */
  source(lab: string): Promise<string>;
  run(req: RunRequest): Promise<RunOutput>;
  /**
   * The animation's frame of a run at `step` (snapshot, the last `trailSteps` trace steps, hash), from a run the
   * worker keeps open: going on, stepping back and seeking cost at most a checkpoint interval, not the run from 0.
   * `lengthHint`: the run's step total when known, to space its checkpoints.
   */
  frame(req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<StepFrame>;
  /** The animation's open runs and their checkpoints' bytes against the budget (the stepper's stats). */
  frameStats(): Promise<StepperStats>;
  /** The lab's sweep, before and after, every point with the default seeds; onProgress is called after every run. */
  sweep(lab: string, onProgress?: SweepProgressFn): Promise<SweepResult>;
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
    const client = wrapWorker(worker, () => {
      if (shared === client) shared = null;
    });
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
 * could not load, or threw outside a call), every pending and later call
 * rejects, and onDead lets the owner start a new one.
 */
export function wrapWorker(worker: Worker, onDead?: () => void): StoppableSimClient {
  const api = Comlink.wrap<WorkerApi>(worker);
  let kill: (e: Error) => void = () => undefined;
  const dead = new Promise<never>((_, reject) => {
    kill = reject;
    worker.addEventListener('error', (event) => {
      const detail = event.message ? `: ${event.message}` : ' (see the browser console)';
      reject(new Error(`the simulator worker stopped${detail}`));
      onDead?.();
    });
  });
  dead.catch(() => undefined);
  const call = async <T>(reply: Promise<Reply<T>>): Promise<T> => unwrap(await Promise.race([reply, dead]));
  return {
    labs: () => call(api.labs()),
    params: (lab) => call(api.params(lab)),
    rows: (lab) => call(api.rows(lab)),
    checkParams: (lab, params) => call(api.checkParams(lab, params)),
    source: (lab) => call(api.source(lab)),
    run: (req) => call(api.run(req)),
    frame: (req, step, trailSteps, lengthHint) => call(api.frame(req, step, trailSteps, lengthHint)),
    frameStats: () => call(api.frameStats()),
    sweep: (lab, onProgress) => call(api.sweep(lab, onProgress ? Comlink.proxy(onProgress) : undefined)),
    stop(reason) {
      worker.terminate();
      kill(new CancelledError(reason));
      onDead?.();
    },
  };
}
