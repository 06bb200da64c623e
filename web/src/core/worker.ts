/**
 * The simulator's Web Worker: owns the one WASM instance of the page and
 * answers the page's calls through comlink (see client.ts). Runs are
 * synchronous here, so the page's main thread never waits on the simulator.
 */
import './zodConfig';
import * as Comlink from 'comlink';
import createJournalclub from '@wasm-core/build/journalclub.mjs';
import wasmUrl from '@wasm-core/build/journalclub.wasm?url';
import { createEngine, type Engine, type ParamValues } from './engine';
import { failureOf, replyOf, type Reply } from './protocol';
import { createStepper, type FrameRun, type StepFrame, type Stepper, type StepperStats } from './stepper';
import { sweep, type SweepProgressFn, type SweepResult } from './sweep';
import {
  SimError,
  type LabInfo,
  type PaperRows,
  type ParamCheck,
  type ParamSpec,
  type RunOutput,
  type RunRequest,
} from './types';

/* The C models' own source, shown beside the animation; each file is fetched when first asked for. */
const sources = import.meta.glob<string>('@wasm-core/labs/*.c', { query: '?raw', import: 'default' });

let current: Promise<Engine> | null = null;

async function startEngine(): Promise<Engine> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`could not load the simulator (${wasmUrl}): HTTP ${response.status}`);
  return createEngine(createJournalclub, await response.arrayBuffer());
}

/* The engine, started on first use, and started again after a failed start or a crash. */
async function engine(): Promise<Engine> {
  if (current && !(await current.catch(() => null))?.healthy()) current = null;
  current ??= startEngine();
  return current;
}

async function answer<T>(work: (engine: Engine) => T | Promise<T>): Promise<Reply<T>> {
  try {
    return replyOf(await work(await engine()));
  } catch (e) {
    return failureOf(e);
  }
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
  /** The open runs' checkpoints: their bytes against the budget, and where each run stands. */
  frameStats: (): Promise<Reply<StepperStats>> => answer((e) => stepperOf(e).stats()),
  sweep: (lab: string, onProgress?: SweepProgressFn): Promise<Reply<SweepResult>> =>
    answer((e) => sweep(ownRuns(e), lab, onProgress)),
};

export type WorkerApi = typeof api;

Comlink.expose(api);
