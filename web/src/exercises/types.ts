/**
 * An exercise: the student writes the patch's own function, which the lab's model calls as its variant
 * `yours` (wasm-core/labs/<lab>/<lab>-yours.h says through what), and a checker runs it on the simulator.
 * The checker is written once for the command line (the native simulator with sanitizers) and the browser
 * (the student's C compiled to WebAssembly): both hand it an ExerciseRunner.
 */

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
       * invariant: the model's invariant checker or the interface's own check refused the state (a bug);
       * budget: the run needed more events or memory than its budget; crash: the process died (a sanitizer
       * report, a signal, abort()); timeout: it ran past its time limit; invalid: the parameters were refused
       */
      failure: 'invariant' | 'budget' | 'crash' | 'timeout' | 'invalid';
      message: string;
      /** the step the run failed at, when the simulator knows it */
      step?: number;
      /** the last steps before it, one readable line each, oldest first */
      lastSteps?: string[];
    };

export interface RunRequest {
  variant: string;
  /** "name=value;..." as `journalclub run --set` and jc_run take them */
  params: string;
  seed: number;
  /** jc_run's options, e.g. "check_every=1" */
  opts?: string;
}

/** Runs the simulator built with the student's code. It never throws for a run that fails: it says how. */
export interface ExerciseRunner {
  run(req: RunRequest): Promise<RunOutcome>;
}

/** What one check found. */
export interface CheckOutcome {
  pass: boolean;
  /** one or two sentences: what was measured against what was needed */
  detail: string;
  /** 0..1 for a scored check (the open exercise); a pass/fail check scores 1 or 0 */
  score?: number;
  /** the run that failed, so that it can be reproduced */
  seed?: number;
  params?: string;
  variant?: string;
  step?: number;
  lastSteps?: string[];
  /** numbers behind the verdict, for a chart or a JSON report */
  data?: Record<string, unknown>;
}

export interface CheckContext {
  runner: ExerciseRunner;
  /** the seeds every check runs over */
  seeds: number[];
}

export interface CheckDef {
  /** short id: "invariants", "scaling", "headline", ... (`check --only ID`) */
  id: string;
  /** what it checks, one line */
  title: string;
  evaluate(ctx: CheckContext): Promise<CheckOutcome>;
}

export interface Exercise {
  lab: string;
  title: string;
  /** the kernel function(s) the student's code mirrors */
  mirrors: string;
  /** the interface the student's file includes: a header of wasm-core/labs/<lab>/ */
  header: string;
  /** the functions the student defines (their names: a submission may define no others with external linkage) */
  defines: string[];
  /** the functions of the model the student may call, beyond the kernel list helpers in the header */
  calls: string[];
  /** the default seeds */
  seeds: number[];
  checks: CheckDef[];
  /** an open exercise is scored, not passed */
  open?: boolean;
}

export interface CheckReport {
  id: string;
  title: string;
  outcome: CheckOutcome;
  ms: number;
}

export interface ExerciseReport {
  lab: string;
  /** the sum of the checks' scores over the number of checks, 0..1 */
  score: number;
  passed: number;
  total: number;
  checks: CheckReport[];
}
