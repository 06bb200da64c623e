/**
 * The subset of the Trace Event Format (the JSON that chrome://tracing and
 * Perfetto open) that chromeTrace.ts writes, as zod schemas: the tests hold
 * every exported trace to it. Times are in microseconds, fractions allowed.
 * See "Trace Event Format" (Google, 2016) for the whole format.
 */
import { z } from 'zod';

/** What every slice and instant of ours says about where it comes from. */
export const StepArgs = z
  .object({
    /** the trace step it begins at (its number in the run) */
    step: z.number().int().nonnegative(),
    /** the C model's line of that step */
    line: z.number().int().nonnegative(),
  })
  .catchall(z.union([z.number(), z.string(), z.boolean(), z.null()]));

const base = {
  name: z.string().min(1),
  pid: z.number().int().nonnegative(),
  tid: z.number().int().nonnegative(),
};

/** A complete slice: ts and dur in microseconds. */
export const CompleteEvent = z.object({
  ...base,
  ph: z.literal('X'),
  cat: z.string().min(1),
  ts: z.number().nonnegative(),
  dur: z.number().nonnegative(),
  args: StepArgs,
});

/** An instant on its thread's track. */
export const InstantEvent = z.object({
  ...base,
  ph: z.literal('i'),
  cat: z.string().min(1),
  ts: z.number().nonnegative(),
  s: z.literal('t'),
  args: StepArgs,
});

/** A counter sample: every member of args is a series, drawn as a number. */
export const CounterEvent = z.object({
  ...base,
  ph: z.literal('C'),
  cat: z.string().min(1),
  ts: z.number().nonnegative(),
  args: z.record(z.string(), z.number().nonnegative()),
});

/** Names and order of processes and threads. */
export const MetadataEvent = z.discriminatedUnion('name', [
  z.object({ ...base, ph: z.literal('M'), name: z.literal('process_name'), args: z.object({ name: z.string().min(1) }) }),
  z.object({ ...base, ph: z.literal('M'), name: z.literal('thread_name'), args: z.object({ name: z.string().min(1) }) }),
  z.object({
    ...base,
    ph: z.literal('M'),
    name: z.literal('process_sort_index'),
    args: z.object({ sort_index: z.number().int() }),
  }),
  z.object({
    ...base,
    ph: z.literal('M'),
    name: z.literal('thread_sort_index'),
    args: z.object({ sort_index: z.number().int() }),
  }),
]);

export const TraceEvent = z.union([CompleteEvent, InstantEvent, CounterEvent, MetadataEvent]);
export type TraceEvent = z.infer<typeof TraceEvent>;
export type CompleteEvent = z.infer<typeof CompleteEvent>;
export type InstantEvent = z.infer<typeof InstantEvent>;
export type CounterEvent = z.infer<typeof CounterEvent>;
export type MetadataEvent = z.infer<typeof MetadataEvent>;

/** The JSON Object Format: events, the unit the viewer shows, and free metadata. */
export const TraceFile = z.object({
  traceEvents: z.array(TraceEvent),
  displayTimeUnit: z.enum(['ms', 'ns']),
  metadata: z.record(z.string(), z.unknown()),
});
export type TraceFile = z.infer<typeof TraceFile>;
