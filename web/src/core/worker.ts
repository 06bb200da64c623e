/**
 * The simulator's Web Worker: owns the one WASM instance of the page and
 * answers the page's calls through comlink (see client.ts). Runs are
 * synchronous here, so the page's main thread never waits on the simulator.
 */
import './zodConfig';
import * as Comlink from 'comlink';
import createJournalclub from '@wasm-core/build/journalclub.mjs';
import wasmUrl from '@wasm-core/build/journalclub.wasm?url';
import { createEngine, type Engine, type JcModule, type ParamValues } from './engine';
import { failureOf, replyOf, type Reply, type SimFault, type SimMemory } from './protocol';
import type { TraceWindow } from './chromeTrace';
import type { Divergence, DivergenceOptions } from './divergence';
import type { TraceFile } from './chromeTraceSchema';
import { createStepper, type FrameRun, type StepFrame, type Stepper, type StepperStats } from './stepper';
import type { SweepProgressFn, SweepResult } from './sweep';
import {
  SimError,
  type LabInfo,
  type PaperRows,
  type ParamCheck,
  type ParamSpec,
  type RunOutput,
  type RunRequest,
} from './types';

/*
 * The C models' own source (the mechanism, wasm-core/labs/<id>/<id>.c, not its output code or its tests), shown
 * beside the animation; each file is fetched when first asked for.
 */
const sources = import.meta.glob<string>(['@wasm-core/labs/*/*.c', '!@wasm-core/labs/*/test-*.c', '!@wasm-core/labs/*/*-output.c'], {
  query: '?raw',
  import: 'default',
});

let current: Promise<Engine> | null = null;
/* the module under the current engine, for its memory's size, and its own ccall (which never aborts on demand) */
let module: { mod: JcModule; ccall: JcModule['ccall'] } | null = null;
let starts = 0;
/* set by crash('abort'): the next simulator call traps */
let abortNext = false;

async function startEngine(): Promise<Engine> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`could not load the simulator (${wasmUrl}): HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  return createEngine(async (options) => {
    const mod = await createJournalclub(options);
    const ccall = mod.ccall.bind(mod);
    mod.ccall = (...args) => {
      if (abortNext) {
        abortNext = false;
        throw new WebAssembly.RuntimeError('Aborted(the simulator was made to abort)');
      }
      return ccall(...args);
    };
    module = { mod, ccall };
    starts++;
    return mod;
  }, bytes);
}

/* The engine, started on first use, and started again after a failed start or a crash. */
async function engine(): Promise<Engine> {
  if (current && !(await current.catch(() => null))?.healthy()) current = null;
  current ??= startEngine();
  return current;
}

/* A call's reply; a failure that left the engine crashed says so, for the page to tell the user. */
async function answer<T>(work: (engine: Engine) => T | Promise<T>): Promise<Reply<T>> {
  let e: Engine | null = null;
  try {
    e = await engine();
    return replyOf(await work(e));
  } catch (err) {
    const crashed = e !== null && !e.healthy();
    /* its open runs and checkpoints are copies of a memory not to be trusted again */
    if (crashed) {
      if (frames?.engine === e) frames = null;
      /* a new simulator, started now, takes the next call */
      void engine().catch(() => undefined);
    }
    return failureOf(err, crashed);
  }
}

function memory(): SimMemory {
  const stats = frames?.stepper.stats();
  const heap = module?.mod.HEAPU8;
  let heapTop = 0;
  try {
    if (module && heap) heapTop = (module.ccall('jc_heap_top', 'number', [], []) as number) >>> 0;
  } catch {
    /* a module that crashed, its successor not started yet: its heap top is not known */
  }
  return {
    wasmBytes: heap?.length ?? 0,
    heapTop,
    checkpointBytes: stats?.bytes ?? 0,
    checkpointBudget: stats?.budget ?? 0,
    openRuns: stats?.runs.length ?? 0,
    starts,
  };
}

/* The faults a worker meets by itself, on demand: see SimFault. ('terminate' is the page's to do.) */
function crash(fault: SimFault): Reply<null> {
  if (fault === 'throw')
    setTimeout(() => {
      throw new Error('the simulator worker was made to throw');
    });
  else if (fault === 'abort') abortNext = true;
  else return failureOf(new Error(`the worker cannot ${fault} itself; the page terminates it`));
  return replyOf(null);
}

/* The animation's open runs, on the engine they were opened on (a new engine after a crash starts none). */
let frames: { engine: Engine; stepper: Stepper } | null = null;

function stepperOf(engine: Engine): Stepper {
  if (frames?.engine !== engine) frames = { engine, stepper: createStepper(engine) };
  return frames.stepper;
}

/* Work that starts runs of its own: the open run the engine holds is saved first. */
function ownRuns(engine: Engine): Engine {
  if (frames?.engine === engine) frames.stepper.release();
  return engine;
}

async function modelSource(engine: Engine, lab: string): Promise<string> {
  const info = engine.labs().find((l) => l.id === lab);
  if (!info) throw new SimError(`unknown lab "${lab}"`, 'invalid');
  const key = Object.keys(sources).find((k) => k.endsWith(`/${info.source}`));
  const load = key ? sources[key] : undefined;
  if (!load) throw new Error(`the model source ${info.source} of lab ${lab} is not in the build`);
  return load();
}

const api = {
  labs: (): Promise<Reply<LabInfo[]>> => answer((e) => e.labs()),
  params: (lab: string): Promise<Reply<ParamSpec[]>> => answer((e) => e.params(lab)),
  rows: (lab: string): Promise<Reply<PaperRows>> => answer((e) => e.rows(lab)),
  checkParams: (lab: string, params: ParamValues): Promise<Reply<ParamCheck>> => answer((e) => e.checkParams(lab, params)),
  source: (lab: string): Promise<Reply<string>> => answer((e) => modelSource(e, lab)),
  run: (req: RunRequest): Promise<Reply<RunOutput>> => answer((e) => ownRuns(e).run(req)),
  /**
   * The animation's frame of `req` at `step`, with the last `trailSteps` trace steps: its run is kept open
   * between frames (stepper.ts). `lengthHint`: the run's step total when known.
   */
  frame: (req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<Reply<StepFrame>> =>
    answer((e) => stepperOf(e).frame(req, step, trailSteps, lengthHint)),
  /** The first step where two runs of a lab differ as the lab counts it (divergence.ts, fetched when first asked for), their open runs walked on. */
  divergence: (runs: [FrameRun, FrameRun], options?: DivergenceOptions): Promise<Reply<Divergence>> =>
    answer(async (e) => (await import('./divergence')).findDivergence(stepperOf(e), e.labs(), runs, options)),
  /** The open runs' checkpoints: their bytes against the budget, and where each run stands. */
  frameStats: (): Promise<Reply<StepperStats>> => answer((e) => stepperOf(e).stats()),
  /** A Chrome trace of `runs` (one lab's), each run to the window's end: chromeTrace.ts, fetched when first asked for. */
  trace: (runs: FrameRun[], window: TraceWindow): Promise<Reply<TraceFile>> =>
    answer(async (e) => (await import('./chromeTrace')).traceRuns(ownRuns(e), runs, window)),
  sweep: (lab: string, onProgress?: SweepProgressFn, seeds?: number[]): Promise<Reply<SweepResult>> =>
    /* fetched when first asked for: it reads the mails' figures for its verdicts, which a page's first view does not need */
    answer(async (e) => (await import('./sweep')).sweep(ownRuns(e), lab, onProgress, seeds ? { seeds } : {})),
  /** The worker's memory now (starting no simulator). */
  memory: (): Reply<SimMemory> => replyOf(memory()),
  /** Make the worker fail as it would by itself: for tests and the console. */
  crash,
};

export type WorkerApi = typeof api;

Comlink.expose(api);
