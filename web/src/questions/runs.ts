/**
 * What the labs' answers read of a run: its metrics, the steps of a kind
 * over the whole run, the steps between two numbers, the snapshot at a step.
 * Every run here is small: the questions' configurations are the labs'
 * small ones, and a question about a step stops its run there.
 */
import { findMoment, lessonMarks, type LessonMoment } from '../core/lesson';
import { SimError, type Mark, type RunOutput, type RunRequest, type Step } from '../core/types';
import type { Question, Runner } from './question';

/** The run a question is about, in one variant. */
export function requestOf(q: Question, variant: string, options: RunRequest['options'] = {}): RunRequest {
  return { lab: q.lab, variant, params: q.params, seed: q.seed, options };
}

/** A whole run's metrics (and what else it hands back, its marks if asked for). */
export function fullRun(runner: Runner, req: RunRequest): Promise<RunOutput> {
  return runner.run({ ...req, options: { ...req.options, traceMax: 1, heatBuckets: 2 } });
}

/** The most marks a run keeps (jc_run's marks_max at its largest). */
const MARKS_MAX = 65_536;

/**
 * Every step of these kinds over the whole run, in step order. Refuses to
 * answer from a thinned list: a question's run is small enough to keep them all.
 */
export async function marksOf(runner: Runner, req: RunRequest, kinds: string[]): Promise<{ marks: Mark[]; out: RunOutput }> {
  const out = await runner.run({ ...req, options: { ...req.options, marks: kinds, marksMax: MARKS_MAX, traceMax: 1, heatBuckets: 2 } });
  const marks = out.marks;
  if (!marks) throw new SimError('the run did not return its marks', 'internal');
  const thinned = marks.kinds.find((k) => k.every !== 1);
  if (thinned)
    throw new SimError(`the run has ${thinned.total} ${thinned.kind} steps, more than a question's run keeps (${MARKS_MAX})`, 'budget');
  return { marks: marks.marks, out };
}

/** The steps from `from` to `to`, both included, as the trace records them (at most 100,000). */
export async function stepsBetween(runner: Runner, req: RunRequest, from: number, to: number): Promise<Step[]> {
  const count = to - from + 1;
  if (count < 1 || count > 100_000) throw new SimError(`a question reads 1 to 100000 steps, not ${count}`, 'internal');
  const out = await runner.run({ ...req, options: { ...req.options, stopStep: to, traceFrom: from, traceMax: count, heatBuckets: 2 } });
  return out.steps.steps.filter((s) => s.i >= from && s.i <= to);
}

/** The one step numbered i. */
export async function stepAt(runner: Runner, req: RunRequest, i: number): Promise<Step> {
  const [step] = await stepsBetween(runner, req, i, i);
  if (!step) throw new SimError(`the run has no step ${i}`, 'internal');
  return step;
}

/**
 * The run stopped at step k, as the animation shows it at step k: its
 * snapshot (for the lab's own schema to read), its result, and the step it
 * stands at: k, or its last step when it ends before k (the page, too,
 * shows a run's last step for a step past its end).
 */
export async function runAt(runner: Runner, req: RunRequest, k: number): Promise<{ out: RunOutput; step: number }> {
  const out = await runner.run({ ...req, options: { ...req.options, stopStep: k, traceMax: 1, heatBuckets: 2 } });
  return { out, step: Math.min(k, out.result.sim.steps) };
}

/** "at step k", or, when the run ended before k, where it ended. */
export function atStep(k: number, reached: number): string {
  return reached < k ? `The run ends at step ${reached}, before step ${k}; at its end` : `At step ${k}`;
}

/**
 * The options of a whole run that marks the steps of these lesson moments,
 * as the lesson's runs mark them (marks do not change the run).
 */
export function momentMarks(moments: readonly LessonMoment[]): RunRequest['options'] {
  return lessonMarks({ moments }, []);
}

/**
 * Where a whole-run answer is shown: the step of the first of `moments`
 * (a lab's lesson moments, in the order a talk walks them) found in its own
 * variant's run among `runs`, each run asked for with momentMarks(moments),
 * as findMoment finds it on the page. A question whose runs hold none of them
 * is an internal error naming the moments: its answer would land at step 1.
 */
export function momentStep(runs: Readonly<Record<string, RunOutput>>, moments: readonly LessonMoment[]): { moment: LessonMoment; step: number } {
  for (const m of moments) {
    const out = runs[m.variant];
    if (!out?.marks) continue;
    const step = findMoment(out.marks, m, out.result.sim.steps);
    if (step !== null) return { moment: m, step };
  }
  throw new SimError(`the question's runs have none of the moments ${moments.map((m) => `${m.id} (${m.variant})`).join(', ')}`, 'internal');
}

/** The first mark of `kind` at or after step `from`, or null. */
export function firstMark(marks: readonly Mark[], kind: string, from = 0): Mark | null {
  return marks.find((m) => m.kind === kind && m.i >= from) ?? null;
}

/** The last mark of `kind` at or before step `to`, or null. */
export function lastMarkBefore(marks: readonly Mark[], kind: string, to: number): Mark | null {
  let found: Mark | null = null;
  for (const m of marks) if (m.kind === kind && m.i <= to) found = m;
  return found;
}

/** A metric of a run; a lab that does not report it is an internal error naming it. */
export function metric(out: RunOutput, name: string): number {
  const v = out.result.metrics[name];
  if (v === undefined) throw new SimError(`the ${out.result.lab} run has no metric ${name}`, 'internal');
  return v;
}

/** A number as the answers print it: whole numbers as they are, others to three significant figures. */
export function figure(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(3)));
}
