/**
 * The exercise page's Web Worker: clang for WebAssembly (@yowasp/clang,
 * loaded on the first compile), the lab's library of the model, and the
 * simulator the student's file was linked into. Its engine holds the whole
 * model, so `before`, `after` and `yours` all run here, on the one module,
 * under the same frames and checkpoints as the lab page's worker.
 *
 * The compiler's files (105 MB) keep the hashed names the build gives them;
 * the first download is stored in the Cache API, so a later visit, and the
 * static build with no network, compile without fetching them again.
 */
import './zodConfig';
import * as Comlink from 'comlink';
import flagsUrl from '@wasm-core/build/wasi/flags.json?url';
import includeUrl from '@wasm-core/build/wasi/include.json?url';
import { wrapModule, type Engine } from './engine';
import { findDivergence, type Divergence, type DivergenceOptions } from './divergence';
import { failureOf, replyOf, type Reply } from './protocol';
import { createStepper, type FrameRun, type StepFrame, type Stepper } from './stepper';
import type { LabInfo, ParamSpec, RunOutput, RunRequest } from './types';
import type { JcModule } from './engine';
import { StudentRunner, type BuildReply, type RunOutcome, type RunRequest as CheckRunRequest, type SimBuild } from './studentRunner';
import { compile, CompileError, instantiate, type Clang, type Diagnostic, type LabToolchain } from './wasi';

/* each lab's library, by file name (<lab>.a), emitted by the build with a hashed name */
const libraries = import.meta.glob<string>(['@wasm-core/build/wasi/*.a', '!**/model.a'], { query: '?url', import: 'default', eager: true });

/** The Cache API store of the compiler's and the libraries' files (their names carry their hash). */
export const CACHE_NAME = 'journalclub-clang-v1';

/**
 * fetch through the Cache API: a file once fetched is answered from the
 * cache; without the Cache API (an insecure origin) it is plain fetch.
 */
async function cachedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  if (typeof caches === 'undefined' || init?.method && init.method !== 'GET') return plainFetch(input, init);
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(url);
  if (hit) return hit;
  const response = await plainFetch(input, init);
  if (response.ok) await cache.put(url, response.clone());
  return response;
}
const plainFetch = globalThis.fetch.bind(globalThis);

export interface DownloadProgress {
  doneBytes: number;
  totalBytes: number;
}

let clangLoad: Promise<Clang> | null = null;

/* @yowasp/clang, imported on first use; its files are fetched (or read from the cache) on its first run */
function loadClang(onProgress?: (p: DownloadProgress) => void): Promise<Clang> {
  clangLoad ??= (async () => {
    /* the bundle takes globalThis.fetch when it is evaluated: the cache goes in first */
    globalThis.fetch = cachedFetch as typeof fetch;
    const { runClang } = await import('@yowasp/clang');
    /* run with no arguments: only the files are fetched and compiled */
    await runClang(undefined, {}, {
      fetchProgress: ({ totalLength, doneLength }: { totalLength: number; doneLength: number }) => onProgress?.({ doneBytes: doneLength, totalBytes: totalLength }),
    });
    return runClang as unknown as Clang;
  })();
  clangLoad.catch(() => (clangLoad = null));
  return clangLoad;
}

async function fetchBytes(url: string, what: string): Promise<Uint8Array> {
  const response = await cachedFetch(url);
  if (!response.ok) throw new Error(`could not load ${what} (${url}): HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchJson<T>(url: string, what: string): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await fetchBytes(url, what))) as T;
}

const toolchains = new Map<string, Promise<LabToolchain>>();

function toolchain(lab: string): Promise<LabToolchain> {
  let t = toolchains.get(lab);
  if (!t) {
    t = (async () => {
      const key = Object.keys(libraries).find((k) => k.endsWith(`/${lab}.a`));
      if (!key) {
        const labs = Object.keys(libraries).map((k) => k.replace(/^.*\//, '').replace(/\.a$/, '')).filter((l) => l !== 'model');
        throw new Error(`there is no exercise library for lab "${lab}" (labs: ${labs.join(', ')})`);
      }
      const [library, headers, flags] = await Promise.all([
        fetchBytes(libraries[key]!, `the ${lab} library`),
        fetchJson<Record<string, string>>(includeUrl, 'the headers'),
        fetchJson<{ flags: string[]; labs: Record<string, string> }>(flagsUrl, 'the compile flags'),
      ]);
      return { library, headers, flags: flags.flags, define: flags.labs[lab] };
    })();
    t.catch(() => toolchains.delete(lab));
    toolchains.set(lab, t);
  }
  return t;
}

/** What a compile answers: the timings of its parts, or clang's diagnostics. */
export type CompileReply =
  | { ok: true; warnings: Diagnostic[]; output: string; ms: { load: number; compile: number; instantiate: number }; variants: string[] }
  | { ok: false; diagnostics: Diagnostic[]; output: string; message: string };

let live: { engine: Engine; stepper: Stepper; module: WebAssembly.Module; lab: string } | null = null;

/*
 * The checker's runs go to an instance of their own, so that a run that
 * traps (a crash in the student's code) loses only that instance: the next
 * check run makes a new one, and the animation's runs are untouched.
 */
let checker: { module: WebAssembly.Module; mod: JcModule } | null = null;

async function checkerModule(): Promise<JcModule> {
  const { module } = current();
  if (checker?.module === module) return checker.mod;
  const mod = await instantiate(module, (line) => console.log(`[check] ${line}`));
  checker = { module, mod };
  return mod;
}

const callNumber = (mod: JcModule, name: string, types: ('number' | 'string')[] = [], args: (number | string)[] = []): number =>
  mod.ccall(name, 'number', types, args) as number;

/* a jc_*_json() output, or the error that its NULL leaves */
function jsonOf(mod: JcModule, name: string): BuildReply {
  const ptr = callNumber(mod, name);
  if (ptr) return { kind: 'json', json: mod.UTF8ToString(ptr) };
  return { kind: 'error', error: mod.UTF8ToString(callNumber(mod, 'jc_last_error_json')) };
}

/*
 * The page's build as the checker's runner sees it: each call on the
 * checker's own instance. A trap is the student's code crashing: that
 * instance is dropped, and the next call makes a new one.
 */
const pageBuild: SimBuild = {
  run: (lab, req, output) =>
    onChecker((mod) => {
      const status = callNumber(mod, 'jc_run', ['string', 'string', 'string', 'number', 'string'], [lab, req.variant, req.params, req.seed, req.opts ?? '']);
      if (status !== 0) return { kind: 'error', error: mod.UTF8ToString(callNumber(mod, 'jc_last_error_json')) };
      return jsonOf(mod, output === 'result' ? 'jc_result_json' : 'jc_steps_json');
    }),
  labs: () => onChecker((mod) => jsonOf(mod, 'jc_labs_json')),
};

async function onChecker(call: (mod: JcModule) => BuildReply): Promise<BuildReply> {
  const mod = await checkerModule();
  try {
    return call(mod);
  } catch (e) {
    checker = null;
    return {
      kind: 'died',
      failure: 'crash',
      message: `the program crashed (${e instanceof Error ? e.message : String(e)}): an access out of memory, or a call through a bad pointer, in your code?`,
    };
  }
}

/* the checker's runner of the current build, made again for each new build */
let runner: { module: WebAssembly.Module; lab: string; runner: StudentRunner } | null = null;

function runnerOf(lab: string): StudentRunner {
  const { module } = current();
  if (runner?.module !== module || runner.lab !== lab) runner = { module, lab, runner: new StudentRunner(pageBuild, lab) };
  return runner.runner;
}

function current(): NonNullable<typeof live> {
  if (!live) throw new Error('nothing is compiled yet: press Run');
  if (!live.engine.healthy()) throw new Error('the simulator stopped after a crash in the last run: press Run to start it again');
  return live;
}

async function answer<T>(work: () => T | Promise<T>): Promise<Reply<T>> {
  try {
    return replyOf(await work());
  } catch (e) {
    return failureOf(e);
  }
}

const api = {
  /**
   * Compile `source` for `lab`, link it with the lab's library and start its
   * simulator: from then on every call runs on it. `fileName`: the file as
   * the student saved it, as clang's diagnostics name it. `onProgress`: the
   * compiler's download, on the first compile.
   */
  async compile(lab: string, source: string, fileName: string, onProgress?: (p: DownloadProgress) => void): Promise<Reply<CompileReply>> {
    return answer(async () => {
      const t0 = performance.now();
      const [clang, tools] = await Promise.all([loadClang(onProgress), toolchain(lab)]);
      const t1 = performance.now();
      let built;
      try {
        built = await compile(clang, source, tools, fileName);
      } catch (e) {
        if (e instanceof CompileError) return { ok: false, diagnostics: e.diagnostics, output: e.output, message: e.message } as const;
        throw e;
      }
      const t2 = performance.now();
      const module = await WebAssembly.compile(built.wasm as Uint8Array<ArrayBuffer>);
      const engine = wrapModule(await instantiate(module, (line) => console.log(`[${lab}] ${line}`)));
      const info = engine.labs().find((l) => l.id === lab);
      if (!info) throw new Error(`the linked simulator has no lab ${lab}`);
      live?.stepper.release();
      live = { engine, stepper: createStepper(engine), module, lab };
      const t3 = performance.now();
      return {
        ok: true,
        warnings: built.warnings,
        output: built.output,
        ms: { load: t1 - t0, compile: t2 - t1, instantiate: t3 - t2 },
        variants: info.variants,
      } as const;
    });
  },
  labs: (): Promise<Reply<LabInfo[]>> => answer(() => current().engine.labs()),
  params: (lab: string): Promise<Reply<ParamSpec[]>> => answer(() => current().engine.params(lab)),
  run: (req: RunRequest): Promise<Reply<RunOutput>> =>
    answer(() => {
      const { engine, stepper } = current();
      stepper.release();
      return engine.run(req);
    }),
  /** One run of the exercise's checker on the student's build (studentRunner.ts's ExerciseRunner). */
  checkRun: (lab: string, req: CheckRunRequest): Promise<Reply<RunOutcome>> => answer(() => runnerOf(lab).run(req)),
  frame: (req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<Reply<StepFrame>> =>
    answer(() => current().stepper.frame(req, step, trailSteps, lengthHint)),
  /** The first divergence of two runs on the student's build (divergence.ts), walking its open runs. */
  divergence: (runs: [FrameRun, FrameRun], options?: DivergenceOptions): Promise<Reply<Divergence>> =>
    answer(() => {
      const { engine, stepper } = current();
      return findDivergence(stepper, engine.labs(), runs, options);
    }),
};

export type WasiWorkerApi = typeof api;

Comlink.expose(api);
