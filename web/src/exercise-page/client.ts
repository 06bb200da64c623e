/**
 * The exercise page's handle on its worker (core/wasiWorker.ts): compile the
 * student's file, then run and animate `before`, `after` and `yours` on the
 * simulator it was linked into. One worker per page, started on first use.
 */
import * as Comlink from 'comlink';
import { unwrap } from '../core/protocol';
import type { FrameRun, StepFrame } from '../core/stepper';
import type { RunOutput, RunRequest } from '../core/types';
import type { CompileReply, DownloadProgress, WasiWorkerApi } from '../core/wasiWorker';

export type { CompileReply, DownloadProgress };

export interface ExerciseClient {
  compile(lab: string, source: string, onProgress?: (p: DownloadProgress) => void): Promise<CompileReply>;
  run(req: RunRequest): Promise<RunOutput>;
  frame(req: FrameRun, step: number, trailSteps: number, lengthHint?: number): Promise<StepFrame>;
}

let shared: ExerciseClient | null = null;

export function getExerciseClient(): ExerciseClient {
  if (shared) return shared;
  const worker = new Worker(new URL('../core/wasiWorker.ts', import.meta.url), { type: 'module', name: 'journalclub-clang' });
  const api = Comlink.wrap<WasiWorkerApi>(worker);
  const dead = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (event) => {
      reject(new Error(`the compiler's worker stopped${event.message ? `: ${event.message}` : ' (see the browser console)'}`));
      shared = null;
    }),
  );
  dead.catch(() => undefined);
  const call = async <T>(reply: Promise<import('../core/protocol').Reply<T>>): Promise<T> => unwrap(await Promise.race([reply, dead]));
  const client: ExerciseClient = {
    compile: (lab, source, onProgress) => call(api.compile(lab, source, onProgress ? Comlink.proxy(onProgress) : undefined)),
    run: (req) => call(api.run(req)),
    frame: (req, step, trail, hint) => call(api.frame(req, step, trail, hint)),
  };
  shared = client;
  return client;
}
