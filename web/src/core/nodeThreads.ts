/// <reference types="node" />
/**
 * Simulations on worker threads in Node, so that a sweep's runs (each
 * independent: its own seed and parameters) use the machine's cores. Each
 * thread loads its own engine from the same build (nodeThread.mjs); a run's
 * answer crosses as protocol.ts's Reply, so a refused run rejects with the
 * simulator's SimError as on the main thread.
 */
import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { failureOf, replyOf, unwrap, type Reply } from './protocol';
import type { Engine } from './engine';
import { loadEngine, wasmBuildDir } from './node';
import { sweep, sweepPlan, sweepRunCount, sweepSeeds, type SweepProgressFn, type SweepResult } from './sweep';
import type { RunRequest, RunResult } from './types';

export interface SimThreads {
  /** how many threads run simulations */
  readonly size: number;
  /** one run, on the first thread free */
  result(req: RunRequest): Promise<RunResult>;
  /** stop every thread; runs still pending reject */
  close(): Promise<void>;
}

/** A run asked of a thread, and its answer. */
interface Job {
  id: number;
  req: RunRequest;
}
interface Answer {
  id: number;
  reply: Reply<RunResult>;
}

/**
 * The thread's side (nodeThread.mjs calls it): load the engine from the
 * build folder the thread was given and answer every run with a Reply.
 */
export function serveSimThread(): void {
  const port = parentPort;
  if (!port) throw new Error('serveSimThread() runs on a worker thread');
  const engine = loadEngine((workerData as { dir: string }).dir);
  port.on('message', async ({ id, req }: Job) => {
    let reply: Reply<RunResult>;
    try {
      reply = replyOf((await engine).result(req));
    } catch (e) {
      reply = failureOf(e);
    }
    port.postMessage({ id, reply } satisfies Answer);
  });
}

/** How many threads a sweep of `runs` runs is worth on this machine. */
export function threadsFor(runs: number): number {
  return Math.max(1, Math.min(availableParallelism(), runs));
}

interface Pending {
  resolve(result: RunResult): void;
  reject(e: unknown): void;
}

/** Start `count` simulator threads on the build in `dir`. */
export function startSimThreads(count: number, dir: string = wasmBuildDir()): SimThreads {
  const url = new URL('./nodeThread.mjs', import.meta.url);
  const threads = Array.from({ length: Math.max(1, count) }, () => ({
    worker: new Worker(url, { workerData: { dir } }),
    busy: false,
  }));
  const pending = new Map<number, Pending>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  const dispatch = (): void => {
    for (const t of threads) {
      if (t.busy || queue.length === 0) continue;
      const job = queue.shift()!;
      t.busy = true;
      t.worker.postMessage(job);
    }
  };

  const failAll = (e: unknown): void => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    queue.length = 0;
  };

  for (const t of threads) {
    t.worker.on('message', ({ id, reply }: Answer) => {
      t.busy = false;
      const p = pending.get(id);
      pending.delete(id);
      try {
        p?.resolve(unwrap(reply));
      } catch (e) {
        p?.reject(e);
      }
      dispatch();
    });
    t.worker.on('error', (e) => {
      if (!closed) failAll(new Error(`a simulator thread stopped: ${e instanceof Error ? e.message : String(e)}`));
    });
  }

  return {
    size: threads.length,
    result(req) {
      if (closed) return Promise.reject(new Error('the simulator threads are closed'));
      return new Promise<RunResult>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        queue.push({ id, req });
        dispatch();
      });
    },
    async close() {
      closed = true;
      failAll(new Error('the simulator threads were closed'));
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

/**
 * A lab's sweep as `journalclub sweep` runs it: with more than one core, on
 * as many threads as it has (at most one per run), the engine's own thread
 * only reading the plan and gathering the results.
 */
export async function sweepOnThreads(
  engine: Pick<Engine, 'labs' | 'params' | 'rows' | 'result'>,
  lab: string,
  onProgress?: SweepProgressFn,
  seeds: readonly number[] = sweepSeeds(),
): Promise<SweepResult> {
  const lanes = threadsFor(sweepRunCount(engine, lab, sweepPlan(engine.rows(lab), engine.params(lab)).length, seeds.length));
  if (lanes === 1) return sweep(engine, lab, onProgress, { seeds });
  const threads = startSimThreads(lanes);
  try {
    return await sweep(engine, lab, onProgress, { seeds, lanes, run: (req) => threads.result(req) });
  } finally {
    await threads.close();
  }
}
