/** Chrome trace files as `journalclub trace` writes them, read for the node tests. */
import assert from 'node:assert/strict';
import { TraceFile } from '../../web/src/core/chromeTraceSchema';

export function traceOf(value: unknown): TraceFile {
  const parsed = TraceFile.safeParse(value);
  assert.ok(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
  return parsed.data;
}

export const processNames = (trace: TraceFile) =>
  trace.traceEvents.flatMap((e) => (e.ph === 'M' && e.name === 'process_name' ? [e.args.name] : []));

export const stepsOf = (trace: TraceFile) => trace.traceEvents.flatMap((e) => (e.ph === 'X' || e.ph === 'i' ? [e.args.step] : []));
