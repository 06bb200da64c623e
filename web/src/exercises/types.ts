/**
 * An exercise: the student writes the patch's own function, which the lab's model calls as its variant
 * `yours` (wasm-core/labs/<lab>/<lab>-yours.h says through what), and a checker runs it on the simulator.
 * The checker is written once for the command line (the native simulator with sanitizers) and the browser
 * (the student's C compiled to WebAssembly): both hand it an ExerciseRunner.
 */

import type { ExerciseRunner } from '../core/studentRunner';

/* A run of the student's build and how it ended, as the one runner (core/studentRunner.ts) gives it */
export type { ExerciseRunner, RunFailure, RunOutcome, RunRequest } from '../core/studentRunner';

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
  /** the simulator's check that refused the run */
  refusedBy?: string;
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
