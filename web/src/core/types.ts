/**
 * The typed mirror of wasm-core/include/jc_api.h. Every JSON string that
 * leaves the WASM module is parsed through these schemas in web/src/core, so
 * the rest of the app (and the CLI) only ever sees checked, plain data.
 */
import './zodConfig';
import { z } from 'zod';

export const CPU_STATES = ['idle', 'run', 'spin', 'sleep', 'io'] as const;
export type CpuState = (typeof CPU_STATES)[number];

/**
 * A kind of trace step and what its two integers are: `a` and `b` name
 * them ("bucket", "ino", ...), null where the kind leaves one unused (0).
 */
export const StepKind = z.object({
  kind: z.string().min(1),
  a: z.string().min(1).nullable(),
  b: z.string().min(1).nullable(),
});
export type StepKind = z.infer<typeof StepKind>;

export const LabInfo = z.object({
  id: z.string(),
  title: z.string(),
  variants: z.array(z.string()),
  source: z.string(),
  /** every step kind the lab's traces hold: the engine's and the lab's own */
  steps: z.array(StepKind),
});
export type LabInfo = z.infer<typeof LabInfo>;

const paramFields = {
  name: z.string(),
  unit: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  /** the default value; a choice's index */
  default: z.number().int(),
  help: z.string(),
};

/** A whole number from min to max. */
export const IntParamSpec = z.object({ ...paramFields, type: z.literal('int') });
export type IntParamSpec = z.infer<typeof IntParamSpec>;

/**
 * One of a few names: value i is named choices[i] (min is 0, max the last
 * index). The simulator takes the name or the index, and its results give
 * the name.
 */
export const ChoiceParamSpec = z.object({
  ...paramFields,
  type: z.literal('choice'),
  choices: z.array(z.string().min(1)).min(1),
  default_name: z.string(),
});
export type ChoiceParamSpec = z.infer<typeof ChoiceParamSpec>;

export const ParamSpec = z.discriminatedUnion('type', [IntParamSpec, ChoiceParamSpec]).superRefine((s, ctx) => {
  if (s.min > s.default || s.default > s.max)
    ctx.addIssue({ code: 'custom', path: ['default'], message: `default ${s.default} is outside ${s.min}..${s.max}` });
  if (s.type !== 'choice') return;
  if (s.min !== 0 || s.max !== s.choices.length - 1)
    ctx.addIssue({ code: 'custom', path: ['max'], message: `a choice of ${s.choices.length} names runs 0..${s.choices.length - 1}` });
  if (s.choices[s.default] !== s.default_name)
    ctx.addIssue({ code: 'custom', path: ['default_name'], message: `default_name is not choices[${s.default}]` });
});
export type ParamSpec = z.infer<typeof ParamSpec>;

/** A parameter's value: a number, or a choice parameter's name. */
export type ParamValue = number | string;

/**
 * jc_last_error_json(), as jc_check_params() leaves it: the message, the
 * parameter the input named (null when the error is about several, or none),
 * the lab's parameters it is about, and for a refused value what is allowed.
 */
export const ParamError = z.object({
  message: z.string(),
  param: z.string().nullable(),
  params: z.array(z.string()),
  type: z.enum(['int', 'choice']).optional(),
  got: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  allowed: z.array(z.string()).optional(),
});
export type ParamError = z.infer<typeof ParamError>;

/** What checking parameters answers: fine, or the simulator's structured refusal. */
export type ParamCheck = { ok: true } | ({ ok: false } & ParamError);

export const PaperRow = z.object({
  row: z.number(),
  label: z.string(),
  /** the row's parameters as numbers, a choice by its index */
  params: z.record(z.string(), z.number()),
  /**
   * the mail's two figures, and the variants they belong to (the simulator names them; absent: the first and last);
   * null where the mail gives no figures, only the change it states (change_pct, in %); the metric the figures are
   * (absent: the table's)
   */
  paper: z.object({
    before: z.number().nullable(),
    after: z.number().nullable(),
    before_variant: z.string().optional(),
    after_variant: z.string().optional(),
    metric: z.string().optional(),
    change_pct: z.number().nullable().optional(),
  }),
  note: z.string(),
});
export type PaperRow = z.infer<typeof PaperRow>;

export const Citation = z.object({
  author: z.string(),
  list: z.string(),
  date: z.string(),
  subject: z.string(),
  url: z.string(),
  commit: z.string(),
});
export type Citation = z.infer<typeof Citation>;

export const PaperRows = z.object({
  lab: z.string(),
  /** metric key in RunResult.metrics that the paper column compares with */
  metric: z.string(),
  /** unit of the paper numbers, e.g. "K creates/s" */
  unit: z.string(),
  /** paper value = metrics[metric] / scale */
  scale: z.number(),
  citation: Citation,
  rows: z.array(PaperRow),
  /** the sweep beyond the rows: every row again at each value of one parameter; null: the rows alone */
  sweep: z.object({ param: z.string(), values: z.array(z.number().int()).min(1) }).nullable(),
});
export type PaperRows = z.infer<typeof PaperRows>;

export const MetricInfo = z.object({ name: z.string(), unit: z.string(), help: z.string() });
export type MetricInfo = z.infer<typeof MetricInfo>;

export const SimInfo = z.object({
  events: z.number(),
  steps: z.number(),
  end_ns: z.number(),
  /** true when the run stopped at stop_step instead of finishing */
  halted: z.boolean(),
  mem_bytes: z.number(),
  /** 16 hex digits, identical natively and in WASM */
  hash: z.string(),
});

export const RunResult = z.object({
  lab: z.string(),
  variant: z.string(),
  seed: z.number(),
  /** the run's parameters, a choice by its name */
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  metrics: z.record(z.string(), z.number()),
  metric_info: z.array(MetricInfo),
  sim: SimInfo,
  cpus: z.number(),
});
export type RunResult = z.infer<typeof RunResult>;

export const Step = z.object({
  i: z.number(),
  t: z.number(),
  cpu: z.number(),
  task: z.number(),
  line: z.number(),
  kind: z.string(),
  a: z.number(),
  b: z.number(),
});
export type Step = z.infer<typeof Step>;

export const Steps = z.object({ from: z.number(), total: z.number(), steps: z.array(Step) });
export type Steps = z.infer<typeof Steps>;

/** One marked step (jc_marks_json): its number, its time in ns, its kind and its two arguments (the C table names them). */
export const Mark = z.object({ i: z.number(), t: z.number(), kind: z.string(), a: z.number(), b: z.number() });
export type Mark = z.infer<typeof Mark>;

/**
 * jc_marks_json(): the steps of the kinds a run asked to mark, over the whole
 * run, in step order. At most `max` are kept: per kind, `total` steps ran,
 * `kept` are held, every `every`-th of them (1: all), evenly spread.
 */
export const Marks = z.object({
  max: z.number(),
  kinds: z.array(z.object({ kind: z.string(), total: z.number(), kept: z.number(), every: z.number() })),
  marks: z.array(Mark),
});
export type Marks = z.infer<typeof Marks>;

export const Heatmap = z.object({
  cpus: z.number(),
  buckets: z.number(),
  bucket_ns: z.number(),
  states: z.array(z.enum(CPU_STATES)),
  /** [cpu][bucket][state] flattened; each (cpu, bucket) sums to <= 1 */
  data: z.array(z.number()),
});
export type Heatmap = z.infer<typeof Heatmap>;

/** Snapshot parts every lab shares. */
export const LockSnap = z.object({
  name: z.string(),
  holder: z.number(), // task id, -1 when free
  waiters: z.array(z.number()), // task ids in FIFO order
});
export const TaskSnap = z.object({
  id: z.number(),
  cpu: z.number(),
  name: z.string(),
  state: z.enum(['run', 'spin', 'sleep', 'io', 'ready', 'done']),
  line: z.number(), // model source line where the task stands
  fn: z.string(), // model function it is in
});
export type TaskSnap = z.infer<typeof TaskSnap>;

/** Options of one run (mirrors jc_run's opts string). */
export interface RunOptions {
  stopStep?: number;
  traceFrom?: number;
  traceMax?: number;
  heatBuckets?: number;
  maxEvents?: number;
  maxMemMb?: number;
  /** step kinds to mark over the whole run (jc_run's marks=a,b), for RunOutput.marks */
  marks?: string[];
  /** at most this many marks (jc_run's marks_max, 128 to 65536; 4096 by default) */
  marksMax?: number;
}

export interface RunRequest {
  lab: string;
  variant: string;
  params: Record<string, number>;
  seed: number;
  options?: RunOptions;
}

/** Everything one run hands back. */
export interface RunOutput {
  result: RunResult;
  steps: Steps;
  heatmap: Heatmap;
  /** raw snapshot JSON, parsed by the lab page with its own schema */
  snapshot: unknown;
  /** the marked steps, when the run asked for marks */
  marks?: Marks;
}

/** An error that came from the simulator's validation or budgets. */
export class SimError extends Error {
  constructor(
    message: string,
    readonly status: 'invalid' | 'budget' | 'internal',
  ) {
    super(message);
    this.name = 'SimError';
  }
}

export type LockSnap = z.infer<typeof LockSnap>;
