/**
 * The one runner of a student's build of the simulator, for the command line
 * (the native build with sanitizers, a sandboxed process a run:
 * cli/exercise/sandbox.ts) and the exercise page (the build clang made in the
 * tab: core/wasiWorker.ts). A build (SimBuild) only runs: it answers with the
 * simulator's JSON, the engine's structured error (jc_last_error_json()), or
 * how the program itself died. The runner reads every JSON text against its
 * schema, classifies a failure by the engine's jc_status (never by its
 * message), and adds the steps that led to a model's failure.
 */
import { z } from 'zod';
import { parseJsonAs } from '../../../lib/parse-json';
import { argText } from './steps';
import { LabInfo, ParamError, RunResult, Steps, type StepKind } from './types';

/** jc_status (wasm-core/include/jc_api.h). */
export const JC_STATUS = { OK: 0, EINVAL: 1, EBUDGET: 2, EINTERNAL: 3 } as const;

/**
 * jc_last_error_json(): the error's jc_status, its message (without the run
 * it names), the step the run failed at and the check that refused it (null
 * where there is none), beside what a refused parameter was (ParamError).
 */
export const JcError = ParamError.extend({
  status: z.number().int().min(JC_STATUS.OK).max(JC_STATUS.EINTERNAL),
  step: z.number().int().positive().nullable(),
  check: z.string().min(1).nullable(),
});
export type JcError = z.infer<typeof JcError>;

/** One run of a student's build. */
export interface RunRequest {
  variant: string;
  /** "name=value;..." as `journalclub run --set` and jc_run take them */
  params: string;
  seed: number;
  /** jc_run's options, e.g. "check_every=1" */
  opts?: string;
}

/** How a run failed, as a checker sees it. */
export type RunFailure = 'invariant' | 'budget' | 'crash' | 'timeout' | 'invalid';

/** How a run of the simulator ended, as a checker sees it. */
export type RunOutcome =
  | {
      ok: true;
      variant: string;
      params: string;
      seed: number;
      metrics: Record<string, number>;
      hash: string;
    }
  | {
      ok: false;
      variant: string;
      params: string;
      seed: number;
      /**
       * invariant: the model's invariant checker, an engine rule or the
       * interface's own check refused the state (JC_EINTERNAL: a bug);
       * budget: the run needed more events, steps or memory than its budget
       * (JC_EBUDGET); invalid: the parameters or options were refused
       * (JC_EINVAL); crash: the program died (a sanitizer's report, a
       * signal, a trap); timeout: it ran past its time limit
       */
      failure: RunFailure;
      message: string;
      /** the step the run failed at, when the simulator knows it */
      step?: number;
      /** the simulator's check that refused the run (jc_last_error_json()'s "check") */
      refusedBy?: string;
      /** the last steps before it, one readable line each, oldest first */
      lastSteps?: string[];
    };

/** Runs the simulator built with the student's code. It never throws for a run that fails: it says how. */
export interface ExerciseRunner {
  run(req: RunRequest): Promise<RunOutcome>;
}

/** What one call of a build answered: the JSON asked for, the engine's error, or the program's death. */
export type BuildReply =
  | { kind: 'json'; json: string }
  /** jc_last_error_json()'s text, as jc --error-json prints it */
  | { kind: 'error'; error: string }
  /** the program stopped before it could say: a crash (sanitizer, signal, trap) or its time limit */
  | { kind: 'died'; failure: 'crash' | 'timeout'; message: string };

/** A student's build of the simulator: what it runs, not how it is read. */
export interface SimBuild {
  /** jc_run(@lab, @req's variant, params, seed and options), then jc_result_json() or jc_steps_json() */
  run(lab: string, req: RunRequest, output: 'result' | 'steps'): Promise<BuildReply>;
  /** jc_labs_json() */
  labs(): Promise<BuildReply>;
}

/** The RunOutcome failure of each jc_status but JC_OK. */
export const FAILURE_OF_STATUS: Record<number, RunFailure> = {
  [JC_STATUS.EINVAL]: 'invalid',
  [JC_STATUS.EBUDGET]: 'budget',
  [JC_STATUS.EINTERNAL]: 'invariant',
};

/** How many steps before a model's failure a report shows. */
export const STEPS_BEFORE = 12;

/** @text read as @what (a jc_*_json() output) against @schema: the data, or what was wrong with it. */
function read<S extends z.ZodType>(schema: S, text: string, what: string): { ok: true; data: z.infer<S> } | { ok: false; why: string } {
  try {
    return { ok: true, data: parseJsonAs(schema, text, what, 'the JSON it should write') };
  } catch (e) {
    return { ok: false, why: (e as Error).message };
  }
}

/** A step as a report line: "step 41  12.345 us  cpu 1  task 3  fc_lock (ino 7)  line 530". */
export function stepLine(s: z.infer<typeof Steps>['steps'][number], kind: StepKind | undefined): string {
  const args = argText(s, kind);
  return `step ${s.i}  ${(s.t / 1000).toFixed(3)} us  cpu ${s.cpu}  task ${s.task}  ${s.kind}${args ? ` (${args})` : ''}  line ${s.line}`;
}

/** The runner of lab @lab's student build @build. */
export class StudentRunner implements ExerciseRunner {
  private kinds: Promise<Map<string, StepKind>> | undefined;

  constructor(
    private readonly build: SimBuild,
    private readonly lab: string,
  ) {}

  async run(req: RunRequest): Promise<RunOutcome> {
    const base = { variant: req.variant, params: req.params, seed: req.seed };
    const reply = await this.build.run(this.lab, req, 'result');
    if (reply.kind === 'died') return { ok: false, ...base, failure: reply.failure, message: reply.message };
    if (reply.kind === 'json') {
      const r = read(RunResult, reply.json, 'jc_result_json()');
      if (!r.ok) return { ok: false, ...base, failure: 'crash', message: `the run printed no result (its output was cut or corrupted): ${r.why}` };
      return { ok: true, ...base, metrics: r.data.metrics, hash: r.data.sim.hash };
    }
    const e = read(JcError, reply.error, 'jc_last_error_json()');
    if (!e.ok) return { ok: false, ...base, failure: 'crash', message: `the run failed and its error could not be read: ${e.why}` };
    const failure = FAILURE_OF_STATUS[e.data.status];
    if (!failure) return { ok: false, ...base, failure: 'crash', message: `the run failed with no error said: ${e.data.message || 'nothing'}` };
    const out: RunOutcome = { ok: false, ...base, failure, message: e.data.message };
    if (e.data.step !== null) out.step = e.data.step;
    if (e.data.check !== null) out.refusedBy = e.data.check;
    if (failure === 'invariant' && e.data.step !== null) {
      const steps = await this.stepsBefore(req, e.data.step);
      if (steps) out.lastSteps = steps;
    }
    return out;
  }

  /** the steps before @step, one line each, from a run stopped just before it; undefined when they cannot be had */
  private async stepsBefore(req: RunRequest, step: number, n = STEPS_BEFORE): Promise<string[] | undefined> {
    if (step <= 1) return undefined;
    const opts = `stop_step=${step - 1};trace_from=${Math.max(1, step - n)};trace_max=${n}`;
    const reply = await this.build.run(this.lab, { ...req, opts }, 'steps');
    if (reply.kind !== 'json') return undefined;
    const r = read(Steps, reply.json, 'jc_steps_json()');
    if (!r.ok) return undefined;
    const kinds = await this.kindsOf();
    return r.data.steps.map((s) => stepLine(s, kinds.get(s.kind)));
  }

  /* the lab's step kinds, read once: a step's line names its arguments (none if they cannot be read) */
  private kindsOf(): Promise<Map<string, StepKind>> {
    this.kinds ??= this.build.labs().then((reply) => {
      const r = reply.kind === 'json' ? read(z.array(LabInfo), reply.json, 'jc_labs_json()') : null;
      const lab = r?.ok ? r.data.find((l) => l.id === this.lab) : undefined;
      return new Map((lab?.steps ?? []).map((k) => [k.kind, k]));
    });
    return this.kinds;
  }
}
