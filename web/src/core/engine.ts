/**
 * The typed wrapper over the raw Emscripten exports of wasm-core (jc_api.h).
 *
 * Layers, innermost first: the module factory's raw `_jc_*` exports, this
 * Engine (strings in, zod-checked plain data out, failures as SimError), and
 * the Worker API in worker.ts. Nothing outside web/src/core calls the module.
 *
 * An Engine is synchronous: every call runs to completion in the simulator.
 * Strings returned by the library are copied out at once, because they are
 * only valid until the next jc_* call.
 */
import { z } from 'zod';
import {
  Heatmap,
  LabInfo,
  PaperRows,
  ParamError,
  ParamSpec,
  RunResult,
  SimError,
  Steps,
  Marks,
  type ParamCheck,
  type ParamValue,
  type RunOptions,
  type RunOutput,
  type RunRequest,
} from './types';

/** The part of the Emscripten module the engine uses. */
export interface JcModule {
  ccall(
    ident: string,
    returnType: 'number' | 'string' | null,
    argTypes: ('number' | 'string')[],
    args: (number | string)[],
  ): unknown;
  UTF8ToString(ptr: number): string;
  /** Linear memory as bytes; Emscripten replaces the view when memory grows. */
  HEAPU8?: Uint8Array;
}

/**
 * A copy of the whole simulator state, taken between two calls: in
 * WebAssembly the labs' static data, the malloc heap with the run in it and
 * the heap's own top (sbrk's variable, a static of Emscripten's libc) all lie
 * in linear memory below the heap top, so bytes [0, heapTop) are everything.
 * The C stack inside that range holds no live frame between calls and is
 * left out.
 */
export interface Checkpoint {
  /** Bytes held: linear memory up to heapTop, less the C stack. */
  readonly bytes: number;
  /** The heap top when it was taken. */
  readonly heapTop: number;
  /** The step the live run stood at, as jc_result_json's sim.steps said (0: no run). */
  readonly step: number;
}

/**
 * Where the live run stands, as jc_position_json() says: the values of
 * jc_result_json()'s sim.steps, sim.halted and sim.hash.
 */
export interface Position {
  steps: number;
  /** true: stopped at its stop step, it can go on; false: it ended */
  halted: boolean;
  hash: string;
}

const PositionSchema = z.object({ steps: z.number(), halted: z.boolean(), hash: z.string() });

/** What an advance records (jc_advance's trace_from and trace_max); absent: jc_run's window goes on. */
export interface AdvanceOptions {
  traceFrom?: number;
  traceMax?: number;
}

/** Options handed to the module factory. */
export interface JcModuleOptions {
  /** The .wasm bytes, read by the caller: Emscripten 3.1.6 cannot find them by itself in Node. */
  wasmBinary: ArrayBuffer | Uint8Array;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

/** The default export of wasm-core/build/journalclub.mjs. */
export type JcFactory = (options: JcModuleOptions) => Promise<JcModule>;

/**
 * Parameter values as a caller may have them: numbers from the UI, a choice
 * parameter's name, or the user's text from the command line, which the
 * simulator validates itself so that its message names the parameter and
 * what it takes.
 */
export type ParamValues = Record<string, ParamValue>;

/** A RunRequest whose parameter values may still be text. */
export type RawRunRequest = Omit<RunRequest, 'params'> & { params: ParamValues };

export interface Engine {
  /** jc_version(): the simulator's version string. */
  version(): string;
  labs(): LabInfo[];
  params(lab: string): ParamSpec[];
  rows(lab: string): PaperRows;
  /**
   * jc_check_params(): the parameters checked as a run would check them (each
   * value, then the lab's cross-parameter check), without running anything.
   * A refusal names the parameter and what it takes; a bad lab throws.
   */
  checkParams(lab: string, params: ParamValues): ParamCheck;
  /** One run with everything it produced: metrics, recorded steps, heatmap, snapshot. */
  run(req: RunRequest | RawRunRequest): RunOutput;
  /** One run, metrics only (what sweeps and the CLI need). */
  result(req: RunRequest | RawRunRequest): RunResult;
  /**
   * jc_advance(): take the last run(), halted at its stop step, on to step
   * `stopStep` (after the current one; 0: its end), going on from where it
   * stands instead of replaying it. What it returns is what run() returns
   * for a run straight to `stopStep`: the same hash, snapshot and metrics.
   */
  advance(stopStep: number, options?: AdvanceOptions): RunOutput;
  /** jc_marks_json(): the live run's marked steps so far (none unless it asked with options.marks). */
  marks(): Marks;
  /**
   * run() without its outputs: the run starts (to `options.stopStep`, or
   * its end) and only where it stands is read. The outputs stay in the
   * simulator until outputs(), snapshot() or steps() asks for them.
   */
  runTo(req: RunRequest | RawRunRequest): Position;
  /** advance() without its outputs: what a stop to checkpoint, or to go on from, needs. */
  advanceTo(stopStep: number, options?: AdvanceOptions): Position;
  /** Where the live run stands (jc_position_json): its steps, whether it halted, its hash. */
  position(): Position;
  /** Every output of the live run as it stands: what run() or advance() returns. */
  outputs(): RunOutput;
  /** The live run's snapshot alone (jc_snapshot_json). */
  snapshot(): unknown;
  /** The live run's recorded steps alone (jc_steps_json). */
  steps(): Steps;
  /**
   * A copy of the simulator's whole state now (the live run and its outputs
   * included), for restore(). Its size grows with the run's memory.
   */
  checkpoint(): Checkpoint;
  /**
   * Put the state of `cp` back: the run it held is live again, as it stood,
   * whatever ran since (another run() included). Refuses a checkpoint of
   * another engine, or one that does not fit in memory as it is now.
   */
  restore(cp: Checkpoint): void;
  /** False once the module has trapped: its memory is not to be trusted again. */
  healthy(): boolean;
}

const SEED_MAX = 0xffff_ffff;

const STATUS: Record<number, SimError['status']> = { 1: 'invalid', 2: 'budget', 3: 'internal' };

/** jc_run's option names, in the order jc_api.h lists them. */
const OPTION_KEYS: [Exclude<keyof RunOptions, 'marks'>, string][] = [
  ['stopStep', 'stop_step'],
  ['traceFrom', 'trace_from'],
  ['traceMax', 'trace_max'],
  ['heatBuckets', 'heat_buckets'],
  ['maxEvents', 'max_events'],
  ['maxMemMb', 'max_mem_mb'],
  ['marksMax', 'marks_max'],
];

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Encode parameters as jc_run's "name=value;name=value". Values are passed on
 * as written; only text that would break the syntax itself is refused here.
 */
export function encodeParams(params: ParamValues): string {
  return Object.entries(params)
    .map(([name, value]) => encodeParam(name, value))
    .join(';');
}

/** One name=value of encodeParams(). */
function encodeParam(name: string, value: ParamValue): string {
  if (!NAME_RE.test(name)) throw new SimError(`unknown parameter "${name}"`, 'invalid');
  const text = typeof value === 'number' ? numberText(name, value) : value.trim();
  if (text === '' || /[;=\s]/.test(text))
    throw new SimError(`parameter ${name}: "${value}" is not a number or a name`, 'invalid');
  return `${name}=${text}`;
}

function numberText(name: string, value: number): string {
  if (!Number.isFinite(value)) throw new SimError(`parameter ${name}: ${value} is not a number`, 'invalid');
  return String(value);
}

/**
 * Encode RunOptions as jc_run's opts string; every option is a whole number >= 0
 * but marks, step kind names (the simulator refuses one its lab has not).
 */
export function encodeOptions(options: RunOptions = {}): string {
  const parts: string[] = [];
  if (options.marks !== undefined) {
    const bad = options.marks.find((k) => !NAME_RE.test(k));
    if (bad !== undefined || options.marks.length === 0)
      throw new SimError(`option marks must name step kinds, got "${bad ?? ''}"`, 'invalid');
    parts.push(`marks=${options.marks.join(',')}`);
  }
  for (const [key, cname] of OPTION_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0)
      throw new SimError(`option ${cname} must be a whole number >= 0, got ${value}`, 'invalid');
    parts.push(`${cname}=${value}`);
  }
  return parts.join(';');
}

/** Check a seed: jc_run takes any 32-bit unsigned value. */
export function checkSeed(seed: number): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > SEED_MAX)
    throw new SimError(`seed must be a whole number from 0 to ${SEED_MAX}, got ${seed}`, 'invalid');
  return seed;
}

/** Parse JSON text from the library with a schema; a mismatch is an internal error naming the path. */
export function parseJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SimError(`${what} returned invalid JSON: ${(e as Error).message}`, 'internal');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    throw new SimError(`${what} returned unexpected JSON at ${where}: ${issue?.message ?? 'invalid'}`, 'internal');
  }
  return parsed.data;
}

/** Parse JSON text whose shape belongs to someone else (the lab snapshot). */
function parseAny(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new SimError(`${what} returned invalid JSON: ${(e as Error).message}`, 'internal');
  }
}

const LabList = LabInfo.array();
const ParamList = ParamSpec.array();

/**
 * Instantiate the module and wrap it.
 * @param factory    the default export of journalclub.mjs
 * @param wasmBinary the bytes of journalclub.wasm
 */
export async function createEngine(
  factory: JcFactory,
  wasmBinary: ArrayBuffer | Uint8Array,
  options: Omit<JcModuleOptions, 'wasmBinary'> = {},
): Promise<Engine> {
  let mod: JcModule;
  try {
    mod = await factory({ ...options, wasmBinary });
  } catch (e) {
    throw new SimError(`could not start the simulator: ${errorText(e)}`, 'internal');
  }
  return wrapModule(mod);
}

/** Wrap an instantiated module (exported for tests with a stand-in module). */
export function wrapModule(mod: JcModule): Engine {
  let crashed: string | null = null;
  /* the step the live run stood at when its result was last read */
  let liveStep = 0;
  /* whether the live run asked for marks, so that its outputs carry them */
  let liveMarked = false;
  let labsCache: LabInfo[] | null = null;
  const paramsCache = new Map<string, ParamSpec[]>();
  const rowsCache = new Map<string, PaperRows>();

  /* Every call goes through here: after a trap the module's memory is not trusted again. */
  function call(name: string, argTypes: ('number' | 'string')[], args: (number | string)[]): number {
    if (crashed !== null) throw new SimError(`the simulator stopped after an earlier crash: ${crashed}`, 'internal');
    try {
      return mod.ccall(name, 'number', argTypes, args) as number;
    } catch (e) {
      crashed = errorText(e);
      throw new SimError(`the simulator crashed in ${name}: ${crashed}`, 'internal');
    }
  }

  function lastError(): string {
    const ptr = call('jc_last_error', [], []);
    return ptr ? mod.UTF8ToString(ptr) : '';
  }

  /* A jc_*_json() call: NULL means failure, explained by jc_last_error(). */
  function text(name: string, argTypes: ('number' | 'string')[] = [], args: (number | string)[] = []): string {
    const ptr = call(name, argTypes, args);
    if (!ptr) {
      const msg = lastError();
      throw new SimError(msg || `${name} failed`, msg ? 'invalid' : 'internal');
    }
    return mod.UTF8ToString(ptr);
  }

  function labs(): LabInfo[] {
    labsCache ??= parseJson(LabList, text('jc_labs_json'), 'jc_labs_json');
    return labsCache;
  }

  function checkLab(lab: string): void {
    const ids = labs().map((l) => l.id);
    if (!ids.includes(lab)) throw new SimError(`unknown lab "${lab}" (labs: ${ids.join(', ')})`, 'invalid');
  }

  /* A lab's static table, read from the module once. */
  function perLab<T>(cache: Map<string, T>, lab: string, load: () => T): T {
    checkLab(lab);
    let value = cache.get(lab);
    if (value === undefined) {
      value = load();
      cache.set(lab, value);
    }
    return value;
  }

  function start(req: RunRequest | RawRunRequest): void {
    liveStep = 0;
    liveMarked = false;
    const params = encodeParams(req.params);
    const opts = encodeOptions(req.options);
    const seed = checkSeed(req.seed);
    const status = call(
      'jc_run',
      ['string', 'string', 'string', 'number', 'string'],
      [req.lab, req.variant, params, seed, opts],
    );
    if (status === 0) {
      liveMarked = req.options?.marks !== undefined;
      return;
    }
    const kind = STATUS[status] ?? 'internal';
    throw new SimError(lastError() || `jc_run failed with status ${status}`, kind);
  }

  /* a jc_status other than JC_OK as a SimError naming what went wrong */
  function statusError(name: string, status: number): SimError {
    return new SimError(lastError() || `${name} failed with status ${status}`, STATUS[status] ?? 'internal');
  }

  /* jc_result_json(), and the step the live run stands at for checkpoint() */
  function resultNow(): RunResult {
    const result = parseJson(RunResult, text('jc_result_json'), 'jc_result_json');
    liveStep = result.sim.steps;
    return result;
  }

  /* Everything the live run says where it stands; its marks when it asked for them. */
  function outputs(): RunOutput {
    const out: RunOutput = {
      result: resultNow(),
      steps: parseJson(Steps, text('jc_steps_json'), 'jc_steps_json'),
      heatmap: parseJson(Heatmap, text('jc_heatmap_json'), 'jc_heatmap_json'),
      snapshot: parseAny(text('jc_snapshot_json'), 'jc_snapshot_json'),
    };
    if (liveMarked) out.marks = marks();
    return out;
  }

  function marks(): Marks {
    return parseJson(Marks, text('jc_marks_json'), 'jc_marks_json');
  }

  function position(): Position {
    const pos = parseJson(PositionSchema, text('jc_position_json'), 'jc_position_json');
    liveStep = pos.steps;
    return pos;
  }

  /* jc_advance(), its outputs left unread */
  function advanceTo(stopStep: number, options: AdvanceOptions = {}): Position {
    const opts = encodeOptions({ stopStep, traceFrom: options.traceFrom, traceMax: options.traceMax });
    const status = call('jc_advance', ['string'], [opts]);
    if (status !== 0) throw statusError('jc_advance', status);
    return position();
  }

  function advance(stopStep: number, options: AdvanceOptions = {}): RunOutput {
    advanceTo(stopStep, options);
    return outputs();
  }

  /* Checkpoints: the bytes live here, out of reach of callers, by identity. */
  const saved = new WeakMap<Checkpoint, { data: Uint8Array; stackLow: number; stackHigh: number; marked: boolean }>();

  function memory(): Uint8Array {
    const heap = mod.HEAPU8;
    if (!heap) throw new SimError('this simulator build does not export its memory (HEAPU8)', 'internal');
    return heap;
  }

  /* [stackLow, stackHigh): the C stack, between the static data and the heap in Emscripten's layout. */
  function layout(): { heapTop: number; stackLow: number; stackHigh: number } {
    const heapTop = call('jc_heap_top', [], []) >>> 0;
    let stackLow = call('emscripten_stack_get_end', [], []) >>> 0;
    let stackHigh = call('emscripten_stack_get_base', [], []) >>> 0;
    if (!(stackLow <= stackHigh && stackHigh <= heapTop)) stackLow = stackHigh = heapTop;
    return { heapTop, stackLow, stackHigh };
  }

  function checkpoint(): Checkpoint {
    if (crashed !== null) throw new SimError(`the simulator stopped after an earlier crash: ${crashed}`, 'internal');
    const { heapTop, stackLow, stackHigh } = layout();
    const heap = memory();
    const data = new Uint8Array(heapTop - (stackHigh - stackLow));
    data.set(heap.subarray(0, stackLow), 0);
    data.set(heap.subarray(stackHigh, heapTop), stackLow);
    const cp: Checkpoint = Object.freeze({ bytes: data.length, heapTop, step: liveStep });
    saved.set(cp, { data, stackLow, stackHigh, marked: liveMarked });
    return cp;
  }

  function restore(cp: Checkpoint): void {
    if (crashed !== null) throw new SimError(`the simulator stopped after an earlier crash: ${crashed}`, 'internal');
    const copy = saved.get(cp);
    if (!copy) throw new SimError('this checkpoint was not taken by this simulator instance', 'invalid');
    const heap = memory();
    if (heap.length < cp.heapTop)
      throw new SimError(`the checkpoint needs ${cp.heapTop} bytes of memory; the simulator has ${heap.length}`, 'invalid');
    const now = layout();
    if (now.stackLow !== copy.stackLow || now.stackHigh !== copy.stackHigh)
      throw new SimError('the checkpoint was taken with another memory layout', 'invalid');
    heap.set(copy.data.subarray(0, copy.stackLow), 0);
    heap.set(copy.data.subarray(copy.stackLow), copy.stackHigh);
    const top = call('jc_heap_top', [], []) >>> 0;
    if (top !== cp.heapTop) {
      crashed = `restoring a checkpoint left the heap top at ${top}, not ${cp.heapTop}`;
      throw new SimError(crashed, 'internal');
    }
    liveStep = cp.step;
    liveMarked = copy.marked;
  }

  /* jc_params_json(lab), read once per lab */
  const loadParams = (lab: string) => () =>
    parseJson(ParamList, text('jc_params_json', ['string'], [lab]), 'jc_params_json');

  function checkParams(lab: string, params: ParamValues): ParamCheck {
    checkLab(lab);
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(params)) {
      try {
        pairs.push(encodeParam(name, value));
      } catch (e) {
        /* text that cannot even be written as name=value, refused here */
        const known = perLab(paramsCache, lab, loadParams(lab)).some((s) => s.name === name);
        return { ok: false, message: errorText(e), param: name, params: known ? [name] : [] };
      }
    }
    const status = call('jc_check_params', ['string', 'string'], [lab, pairs.join(';')]);
    if (status === 0) return { ok: true };
    if (status !== 1) throw new SimError(lastError() || `jc_check_params failed with status ${status}`, STATUS[status] ?? 'internal');
    return { ok: false, ...parseJson(ParamError, text('jc_last_error_json'), 'jc_last_error_json') };
  }

  return {
    version: () => text('jc_version'),
    labs,
    params: (lab) => perLab(paramsCache, lab, loadParams(lab)),
    rows: (lab) => perLab(rowsCache, lab, () => parseJson(PaperRows, text('jc_rows_json', ['string'], [lab]), 'jc_rows_json')),
    checkParams,
    run(req) {
      start(req);
      return outputs();
    },
    result(req) {
      start(req);
      return resultNow();
    },
    advance,
    runTo(req) {
      start(req);
      return position();
    },
    advanceTo,
    position,
    outputs,
    snapshot: () => parseAny(text('jc_snapshot_json'), 'jc_snapshot_json'),
    steps: () => parseJson(Steps, text('jc_steps_json'), 'jc_steps_json'),
    marks,
    checkpoint,
    restore,
    healthy: () => crashed === null,
  };
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
