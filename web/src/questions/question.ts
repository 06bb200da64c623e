/**
 * Seeded "predict, then reveal" questions, as OSTEP's homework simulators
 * ask them (-s seed, -c to compute the answers): a lab's questions are drawn
 * from the seed alone, so that one seed gives the same questions on the lab
 * page and in the terminal (`journalclub question <lab> --seed S`), and a
 * teacher hands each student a link with a seed of their own.
 *
 * A question names the run it is about (variant, parameters, seed), the
 * parameters it drew from the seed (shown as its inputs), and the form of
 * its answer; the answer itself is never written down here: answers.ts
 * computes it by running the simulator.
 */
import type { Engine } from '../core/engine';
import { paramText } from '../core/params';
import type { ParamSpec, RunOutput, RunRequest } from '../core/types';

/** The form an answer takes: a number (within a tolerance), or one of a few options. */
export type AnswerForm =
  | {
      kind: 'number';
      /** what the number counts, after it ("nodes", "µs") */
      unit: string;
      /** an answer within this share of the true one counts (0: exactly) */
      relTolerance: number;
    }
  | { kind: 'choice'; options: readonly string[] };

/** One parameter a question drew from the seed, and the range it drew from. */
export interface DrawnInput {
  name: string;
  value: number;
  min: number;
  max: number;
}

export interface Question {
  /** stable within a lab: "first-walk-before" */
  id: string;
  lab: string;
  seed: number;
  /** the question, one sentence, its drawn numbers in it */
  text: string;
  /** the variant the question is about ('side' when it compares them) */
  variant: string;
  /** the run's parameters where they differ from the C table's defaults */
  params: Record<string, number>;
  /** the page's parameters the question follows (a choice by its index), a part of params */
  follows: Record<string, number>;
  /** the parameters drawn from the seed, shown beside the question */
  inputs: readonly DrawnInput[];
  /** the step the question is asked at, when it is about one */
  step: number | null;
  answer: AnswerForm;
}

/** A question's answer, computed by running the simulator. */
export interface Answer {
  /** the number, for a number question */
  value: number | null;
  /** every option that is right, for a choice question */
  correct: readonly string[];
  /** the answer as the page and the terminal print it */
  text: string;
  /** one line on why it is so, with the simulator's own figures */
  why: string;
  /** where the animation shows it */
  show: { variant: string; step: number };
}

/**
 * What the answers need of a simulator: one run. The CLI hands in the Node
 * engine (engineRunner), the page its worker (getSim()); both run the same
 * WASM module, so they answer alike.
 */
export interface Runner {
  run(req: RunRequest): Promise<RunOutput>;
}

/** The Node engine (or any synchronous Engine) as a Runner. */
export function engineRunner(engine: Pick<Engine, 'run'>): Runner {
  return { run: async (req) => engine.run(req) };
}

/** A lab's questions: drawn from a seed, answered with a Runner. */
export interface LabQuestions {
  lab: string;
  /** what the lab's questions draw, by parameter, with the lab-side range they stay in */
  draws: Readonly<Record<string, readonly [number, number]>>;
  /**
   * The page's parameters the questions follow (fs=btrfs, sync=fdatasync):
   * those that change what the run does but hardly its size. The rest the
   * questions fix or draw, so that every answer stays a small run.
   */
  follows: readonly string[];
  /** the questions of a seed; `page`: the followed parameters' values, the C defaults where absent */
  generate(seed: number, page: Readonly<Record<string, number>>): Question[];
  answer(q: Question, runner: Runner): Promise<Answer>;
}

/* ------------------------------------------------------------------ */
/* The seed's generator                                                 */
/* ------------------------------------------------------------------ */

/**
 * A small deterministic generator for drawing questions: the lab's id and
 * the seed hashed (FNV-1a) into the state of mulberry32. It is the page's
 * and the terminal's, not the simulator's: the simulator runs with the seed
 * as it is.
 */
export class Draw {
  private state: number;

  constructor(lab: string, seed: number) {
    let h = 0x811c9dc5;
    for (const c of `${lab}/${seed >>> 0}`) {
      h ^= c.charCodeAt(0);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    this.state = h;
  }

  /** the next 32 bits */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** a whole number from min to max, both included */
  int(min: number, max: number): number {
    if (!(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min <= max))
      throw new RangeError(`Draw.int: ${min}..${max} is not a range of whole numbers`);
    return min + (this.next() % (max - min + 1));
  }

  /** one of the items */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Draw.pick: nothing to pick from');
    return items[this.int(0, items.length - 1)]!;
  }
}

/** Draw a parameter within the lab's range for it, as an input the question shows. */
export function drawInput(draw: Draw, draws: LabQuestions['draws'], name: string): DrawnInput {
  const range = draws[name];
  if (!range) throw new RangeError(`no range to draw ${name} from`);
  const [min, max] = range;
  return { name, value: draw.int(min, max), min, max };
}

/** The page's values of the parameters a lab's questions follow, and of no others. */
export function followed(follows: readonly string[], page: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of follows) {
    const v = page[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** The page's parameters a question follows, as the page names them: "fs = btrfs, shared = 0". */
export function followsText(q: Question, specs: readonly ParamSpec[]): string {
  return Object.entries(q.follows)
    .map(([name, v]) => {
      const spec = specs.find((s) => s.name === name);
      return `${name} = ${spec ? paramText(spec, v) : v}`;
    })
    .join(', ');
}

/** The inputs as parameters. */
export function inputParams(inputs: readonly DrawnInput[]): Record<string, number> {
  return Object.fromEntries(inputs.map((i) => [i.name, i.value]));
}

/**
 * The lab page's address that shows an answer: the question's run (every
 * parameter, since the page's own defaults are its preset, not the C
 * table's), the answer's variant and step, in the order the page writes
 * its URL (urlState.ts's serializeLabQuery).
 */
export function showMeHash(q: Question, answer: Answer, specs: readonly ParamSpec[]): string {
  const pairs: [string, string][] = [['variant', answer.show.variant]];
  for (const s of specs) pairs.push([s.name, paramText(s, q.params[s.name] ?? s.default)]);
  pairs.push(['seed', String(q.seed)], ['step', String(Math.max(1, answer.show.step))]);
  return `#/lab/${q.lab}?${new URLSearchParams(pairs).toString()}`;
}

/* ------------------------------------------------------------------ */
/* Grading                                                             */
/* ------------------------------------------------------------------ */

/** Whether a student's answer (as typed or picked) is right; null when there is nothing to grade. */
export function grade(q: Question, answer: Answer, given: string): boolean | null {
  const text = given.trim();
  if (text === '') return null;
  if (q.answer.kind === 'choice') return answer.correct.includes(text);
  const n = parseNumber(text);
  if (n === null || answer.value === null) return false;
  const slack = Math.abs(answer.value) * q.answer.relTolerance;
  return Math.abs(n - answer.value) <= slack + 1e-9;
}

/** A typed number: digits with an optional sign, decimal point and thousands separators; null if it is not one. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Why a typed answer cannot be graded, or null when it can: names what is allowed. */
export function answerProblem(q: Question, given: string): string | null {
  const text = given.trim();
  if (text === '') return null;
  if (q.answer.kind === 'choice')
    return q.answer.options.includes(text) ? null : `"${text}" is not one of: ${q.answer.options.join(', ')}`;
  return parseNumber(text) === null ? `"${text}" is not a number: type digits, e.g. 42 or 3.5` : null;
}

/** The tolerance in words ("exactly", "within 10 %"). */
export function toleranceText(form: AnswerForm): string {
  if (form.kind !== 'number') return '';
  return form.relTolerance === 0 ? 'exactly' : `within ${Math.round(form.relTolerance * 100)} %`;
}
