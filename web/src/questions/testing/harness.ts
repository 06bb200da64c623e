/**
 * What the questions' tests over the real WASM build share: the engine,
 * a question by its id, its answer, and the runs a test reads another way
 * (the whole trace, the snapshot at a step) to hold the answer to.
 */
import { expect } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import type { RunOutput, RunRequest, Step } from '../../core/types';
import { answerQuestion, followedParams, questionsFor } from '../answers';
import { engineRunner, type Answer, type Question, type Runner } from '../question';
import { LAB_QUESTIONS } from '../../labs/questions.gen';
import { isLabId } from '../../labs/registry.gen';

/*
 * the most steps any run of a question may take: small runs, each well under a second in Node (the largest,
 * a lab's 300 ms on 4 CPUs whose every tree search is lock steps, is about 300,000 steps and 40-110 ms)
 */
export const STEPS_MAX = 400_000;

export interface Harness {
  engine: Engine;
  question(lab: string, seed: number, id: string): Question;
  answer(q: Question): Promise<Answer>;
  req(q: Question, variant: string, options?: RunRequest['options']): RunRequest;
  /** every step of a run, read window by window from the trace */
  allSteps(r: RunRequest): Step[];
  snapshotAt(r: RunRequest, k: number): any;
}

export async function harness(): Promise<Harness> {
  const engine = await loadEngine();
  const req = (q: Question, variant: string, options: RunRequest['options'] = {}): RunRequest => ({ lab: q.lab, variant, params: q.params, seed: q.seed, options });
  return {
    engine,
    question(lab, seed, id) {
      const q = questionsFor(lab, seed).find((x) => x.id === id);
      if (!q) throw new Error(`${lab} has no question ${id}`);
      return q;
    },
    answer: (q) => answerQuestion(q, engineRunner(engine)),
    req,
    allSteps(r) {
      const total = engine.result(r).sim.steps;
      const steps: Step[] = [];
      for (let from = 1; from <= total; from += 100_000)
        steps.push(...engine.run({ ...r, options: { traceFrom: from, traceMax: 100_000, heatBuckets: 2 } }).steps.steps);
      return steps;
    },
    snapshotAt: (r, k) => engine.run({ ...r, options: { stopStep: k, traceMax: 1, heatBuckets: 2 } }).snapshot,
  };
}

/** A Runner that keeps every run's size. */
function countingRunner(engine: Engine): Runner & { steps: number[] } {
  const inner = engineRunner(engine);
  const steps: number[] = [];
  return {
    steps,
    async run(req: RunRequest): Promise<RunOutput> {
      const out = await inner.run(req);
      steps.push(out.result.sim.steps);
      return out;
    },
  };
}

/**
 * Holds a lab's questions to its C table and bounds their runs: each drawn
 * parameter within the table's range, and every question of `seed`, on the
 * page's parameters `page` (what the questions follow), answered from runs
 * of at most STEPS_MAX steps.
 */
export async function checkQuestions(engine: Engine, lab: string, seed: number, page: Record<string, number> = {}): Promise<void> {
  if (!isLabId(lab)) throw new Error(`no lab "${lab}" in the registry`);
  const specs = engine.params(lab);
  for (const [name, [min, max]] of Object.entries(LAB_QUESTIONS[lab].draws)) {
    if (name === 'step') continue;
    const spec = specs.find((s) => s.name === name);
    expect(spec, `${lab} has a parameter ${name}`).toBeDefined();
    expect(min).toBeGreaterThanOrEqual(spec!.min);
    expect(max).toBeLessThanOrEqual(spec!.max);
  }
  for (const name of Object.keys(page)) expect(followedParams(lab), `${lab}'s questions follow ${name}`).toContain(name);
  for (const q of questionsFor(lab, seed, page)) {
    expect(engine.checkParams(lab, q.params), `${lab} ${q.id}`).toEqual({ ok: true });
    const runner = countingRunner(engine);
    const a = await answerQuestion(q, runner);
    expect(Math.max(...runner.steps), `${lab} ${q.id}`).toBeLessThanOrEqual(STEPS_MAX);
    expect(a.show.step).toBeGreaterThanOrEqual(1);
    expect(a.why.length).toBeGreaterThan(20);
    if (q.answer.kind === 'number') expect(a.value).not.toBeNull();
    else for (const c of a.correct) expect(q.answer.options).toContain(c);
  }
}
