/**
 * Answers, computed by running the simulator: what each lab's questions
 * read of a run (its metrics, the steps of a kind, the snapshot at a step),
 * over a Runner, so that the terminal (the Node engine) and the page (its
 * worker) compute the same answer from the same run.
 * The runs each lab's answers read are in runs.ts.
 */
import { SimError } from '../core/types';
import { LAB_QUESTIONS } from '../labs/questions.gen';
import { isLabId } from '../labs/registry.gen';
import { followed, type Answer, type LabQuestions, type Question, type Runner } from './question';

/** The labs that have questions, in the order the registry lists them. */
export function questionLabs(): string[] {
  return Object.keys(LAB_QUESTIONS);
}

function labQuestions(lab: string): LabQuestions {
  const q = isLabId(lab) ? LAB_QUESTIONS[lab] : undefined;
  if (!q) throw new SimError(`unknown lab "${lab}" (labs with questions: ${questionLabs().join(', ')})`, 'invalid');
  return q;
}

/** The page's parameters a lab's questions follow (the rest they fix or draw). */
export function followedParams(lab: string): readonly string[] {
  return labQuestions(lab).follows;
}

/**
 * A lab's questions for a seed, following the page's parameters where the
 * lab's questions follow them (`page` may hold every parameter: only those
 * are read); an unknown lab is refused with the labs that have questions.
 */
export function questionsFor(lab: string, seed: number, page: Readonly<Record<string, number>> = {}): Question[] {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
    throw new SimError(`seed must be a whole number from 0 to 4294967295, got ${seed}`, 'invalid');
  const lq = labQuestions(lab);
  return lq.generate(seed, followed(lq.follows, page));
}

/** A question's answer, from the runs it needs. */
export function answerQuestion(q: Question, runner: Runner): Promise<Answer> {
  return labQuestions(q.lab).answer(q, runner);
}
