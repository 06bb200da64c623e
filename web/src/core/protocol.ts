/**
 * What crosses the worker boundary. A worker call answers with a Reply rather
 * than throwing, so that a SimError keeps its status on the way to the page.
 */
import { SimError } from './types';

export type Reply<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; status: SimError['status'] | null };

export function replyOf<T>(value: T): Reply<T> {
  return { ok: true, value };
}

export function failureOf(e: unknown): Reply<never> {
  if (e instanceof SimError) return { ok: false, message: e.message, status: e.status };
  return { ok: false, message: e instanceof Error ? e.message : String(e), status: null };
}

/** Unwrap a Reply: the value, or the error it carried (a SimError when it came from the simulator). */
export function unwrap<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw reply.status ? new SimError(reply.message, reply.status) : new Error(reply.message);
}
