/**
 * What crosses the worker boundary. A worker call answers with a Reply rather
 * than throwing, so that a SimError keeps its status on the way to the page.
 */
import { SimError } from './types';

export type Reply<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      message: string;
      status: SimError['status'] | null;
      /** the simulator crashed in this call (a trap or abort of the module): the next call starts a new one */
      crashed?: true;
    };

export function replyOf<T>(value: T): Reply<T> {
  return { ok: true, value };
}

export function failureOf(e: unknown, crashed = false): Reply<never> {
  const reply: Reply<never> =
    e instanceof SimError
      ? { ok: false, message: e.message, status: e.status }
      : { ok: false, message: e instanceof Error ? e.message : String(e), status: null };
  if (crashed) reply.crashed = true;
  return reply;
}

/** Unwrap a Reply: the value, or the error it carried (a SimError when it came from the simulator). */
export function unwrap<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw reply.status ? new SimError(reply.message, reply.status) : new Error(reply.message);
}

/**
 * The worker's memory as it stands, for long sessions to be measured: the
 * module's linear memory (it grows and never shrinks), the simulator's heap
 * top within it, and the animation's checkpoints (copies of that memory).
 */
export interface SimMemory {
  /** WebAssembly.Memory's byte length; 0 before the simulator has started */
  wasmBytes: number;
  /** jc_heap_top(): the end of the malloc heap */
  heapTop: number;
  /** bytes the animation's checkpoints hold, and their budget */
  checkpointBytes: number;
  checkpointBudget: number;
  /** the animation's open runs */
  openRuns: number;
  /** simulators this worker has started (more than one after a crash) */
  starts: number;
}

/** How a test (or the console) can make the simulator fail as it would by itself. */
export type SimFault =
  /** an uncaught error in the worker, outside any call */
  | 'throw'
  /** the next simulator call traps as an abort of the module does (a WebAssembly.RuntimeError) */
  | 'abort'
  /** the worker terminated under the page, as the browser may kill it */
  | 'terminate';
