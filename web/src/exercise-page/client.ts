/**
 * The exercise page's handle on its worker (core/wasiWorker.ts): compile the
 * student's file, then run and animate `before`, `after` and `yours` on the
 * simulator it was linked into. One worker per page, started on first use.
 */
import * as Comlink from 'comlink';
import { unwrap } from '../core/protocol';
import type { Divergence, DivergenceOptions } from '../core/divergence';
import type { FrameRun, StepFrame } from '../core/stepper';
import type { RunOutput, RunRequest } from '../core/types';
import type { CompileReply, DownloadProgress, WasiWorkerApi } from '../core/wasiWorker';
import type { ExerciseRunner, RunOutcome, RunRequest as CheckRunRequest } from '../core/studentRunner';

export type { CompileReply, DownloadProgress };

export interface ExerciseClient {
  /** `fileName`: the file as the student saves it, which clang's diagnostics name */
  compile(lab: string, source: string, fileName: string, onProgress?: (p: DownloadProgress) => void): Promise<CompileReply>;
  run(req: RunRequest): Promise<RunOutput>;
  frame(req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<StepFrame>;
  /** the first step where two runs on the last build differ (core/divergence.ts) */
  divergence(runs: [FrameRun, FrameRun], options?: DivergenceOptions): Promise<Divergence>;
  /** one run of the exercise's checker on the last build */
  checkRun(lab: string, req: CheckRunRequest): Promise<RunOutcome>;
  /**
   * Terminate the worker (a run cannot be interrupted inside WebAssembly:
   * an endless loop in the student's file holds it): every call under way
   * rejects with `reason`, and getExerciseClient() then starts a new one.
   */
  stop(reason: string): void;
}

/** The exercise checker's runner over the page's last build of the student's file. */
export function browserRunner(client: ExerciseClient, lab: string): ExerciseRunner {
  return { run: (req) => client.checkRun(lab, req) };
}

let shared: ExerciseClient | null = null;

export function getExerciseClient(): ExerciseClient {
  if (shared) return shared;
  const worker = new Worker(new URL('../core/wasiWorker.ts', import.meta.url), { type: 'module', name: 'journalclub-clang' });
  const api = Comlink.wrap<WasiWorkerApi>(worker);
  let kill: (e: Error) => void = () => undefined;
  const dead = new Promise<never>((_, reject) => {
    kill = reject;
    worker.addEventListener('error', (event) => {
      reject(new Error(`the compiler's worker stopped${event.message ? `: ${event.message}` : ' (see the browser console)'}`));
      if (shared === client) shared = null;
    });
  });
  dead.catch(() => undefined);
  const call = async <T>(reply: Promise<import('../core/protocol').Reply<T>>): Promise<T> => unwrap(await Promise.race([reply, dead]));
  const client: ExerciseClient = {
    compile: (lab, source, fileName, onProgress) => call(api.compile(lab, source, fileName, onProgress ? Comlink.proxy(onProgress) : undefined)),
    run: (req) => call(api.run(req)),
    frame: (req, step, trail, hint) => call(api.frame(req, step, trail, hint)),
    divergence: (runs, options) => call(api.divergence(runs, options)),
    checkRun: (lab, req) => call(api.checkRun(lab, req)),
    stop(reason) {
      worker.terminate();
      kill(new Error(reason));
      if (shared === client) shared = null;
    },
  };
  shared = client;
  return client;
}
