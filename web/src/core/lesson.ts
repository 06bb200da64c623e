/**
 * A lab's lesson: the two variants it compares, the moments that show what
 * the patch changed (each found from a run's own marked steps, so that it
 * moves with the seed and the parameters), the mail's headline metric and
 * one sentence saying where to look. Each lab declares one in its lab.ts
 * (web/src/labs/<id>/lab.ts); the page opens on it, the CLI prints it, and
 * links name a moment (at=<id>) instead of a step number.
 */
import type { Mark, Marks } from './types';

/** Which of a mark's two arguments a rule reads (the lab's C step table names them). */
export type MarkArg = 'a' | 'b';

/** A moment of the lesson: a step found in one variant's run from its marks. */
export interface LessonMoment {
  /** what a link names it by (at=<id>): lower case, digits and hyphens */
  id: string;
  /** the words the page shows for it */
  label: string;
  /** the variant whose run the event is in */
  variant: string;
  /** the marked step kind to look for (the lab's C step table, or the engine's: lock, io, contended) */
  kind: string;
  /** conditions on the mark's arguments: every given bound of every one must hold */
  where?: readonly { arg: MarkArg; min?: number; max?: number }[];
  /** the n-th such mark, from 1 (default 1) */
  nth?: number;
  /** land this many steps after the mark (default 0): the trail of what it started is drawn by then */
  after?: number;
}

/** A lab's headline: the mail's metric, where in its figures, and which way is better. */
export interface LessonHeadline {
  metric: string;
  /** the mail figures' coordinates of the headline (mails/<id>.json's "where") */
  where: Readonly<Record<string, string>>;
  /** the mail's size in words, when the lesson's run is smaller */
  mailSize?: string;
}

export interface Lesson {
  /** the variants compared, in the mail's order: [before, after] */
  variants: readonly [string, string];
  /**
   * the parameters of the lesson's runs, which the page opens on: the lab's animation preset, with the
   * mail's own case where the preset is not it (a parameter the lab's table lacks is left out)
   */
  params: Readonly<Record<string, number>>;
  /** the decisive moment first, then the moments that explain it, in the order a talk walks them */
  moments: readonly [LessonMoment, ...LessonMoment[]];
  headline: LessonHeadline;
  /** one sentence: where to look on the opening frame */
  look: string;
}

/** The most marks a run keeps when it looks for the lesson's moments (jc_run's marks_max bound). */
export const LESSON_MARKS_MAX = 65536;

/**
 * The marks option of a run that shows the lesson: the kinds the page marks
 * on its scrubber and every moment's kind, kept up to LESSON_MARKS_MAX. The
 * page, the CLI and the tests ask with the same option, so that a thinned kind
 * is thinned alike and a moment is the same step everywhere.
 */
export function lessonMarks(lesson: { moments: readonly LessonMoment[] } | undefined, markerKinds: readonly string[]): { marks: string[]; marksMax: number } {
  const kinds = new Set(markerKinds);
  for (const m of lesson?.moments ?? []) kinds.add(m.kind);
  return { marks: [...kinds], marksMax: LESSON_MARKS_MAX };
}

const MOMENT_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** The mark kinds a run must be asked to mark (jc_run's marks=) to find the lesson's moments in `variant`'s run. */
export function momentKinds(lesson: Lesson, variant: string): string[] {
  return [...new Set(lesson.moments.filter((m) => m.variant === variant).map((m) => m.kind))];
}

/** The moment named `id`, or an error naming the moments there are. */
export function lessonMoment(lesson: Lesson, id: string): LessonMoment {
  const m = lesson.moments.find((x) => x.id === id);
  if (!m) throw new RangeError(`there is no moment '${id.slice(0, 40)}' in this lab's lesson; its moments: ${lesson.moments.map((x) => x.id).join(', ')}`);
  return m;
}

/** Does `mark` meet the moment's kind and condition? */
function matches(mark: Mark, m: LessonMoment): boolean {
  if (mark.kind !== m.kind) return false;
  return (m.where ?? []).every((w) => (w.min === undefined || mark[w.arg] >= w.min) && (w.max === undefined || mark[w.arg] <= w.max));
}

/**
 * The step of moment `m` in a run's marks, or null where the run has no such
 * mark (or the run thinned its marks of that kind: `marks.kinds` says so, and
 * the moment is then looked for among those kept).
 */
export function findMoment(marks: Pick<Marks, 'marks'>, m: LessonMoment, total = Number.POSITIVE_INFINITY): number | null {
  const nth = m.nth ?? 1;
  let seen = 0;
  for (const mark of marks.marks) {
    if (!matches(mark, m)) continue;
    if (++seen === nth) return Math.min(total, mark.i + (m.after ?? 0));
  }
  return null;
}

/** Problems with a lesson's declaration against its lab's variants and step kinds: empty when it is sound. */
export function lessonProblems(lesson: Lesson, lab: { variants: readonly string[]; kinds: readonly string[] }): string[] {
  const out: string[] = [];
  const [a, b] = lesson.variants;
  for (const v of [a, b]) if (!lab.variants.includes(v)) out.push(`variant '${v}' is not one of ${lab.variants.join(', ')}`);
  if (a === b) out.push(`the lesson compares '${a}' with itself`);
  const ids = new Set<string>();
  for (const m of lesson.moments) {
    if (!MOMENT_ID.test(m.id)) out.push(`moment id '${m.id}' is not lower case letters, digits and hyphens`);
    if (ids.has(m.id)) out.push(`moment id '${m.id}' is given twice`);
    ids.add(m.id);
    if (!lab.variants.includes(m.variant)) out.push(`moment '${m.id}': variant '${m.variant}' is not one of ${lab.variants.join(', ')}`);
    if (!lab.kinds.includes(m.kind)) out.push(`moment '${m.id}': kind '${m.kind}' is not a step kind of the lab (${lab.kinds.join(', ')})`);
    if (m.nth !== undefined && !(Number.isInteger(m.nth) && m.nth >= 1)) out.push(`moment '${m.id}': nth must be an integer from 1`);
    if (m.after !== undefined && !(Number.isInteger(m.after) && m.after >= 0)) out.push(`moment '${m.id}': after must be an integer from 0`);
  }
  return out;
}

/**
 * The moment `delta` places from the one on screen, among the moments found
 * in the runs (in the lesson's order): from no moment, forward starts at the
 * first and back at the last; null past either end.
 */
export function stepMoment(found: readonly string[], current: string | null, delta: 1 | -1): string | null {
  const i = current === null || !found.includes(current) ? (delta > 0 ? -1 : found.length) : found.indexOf(current);
  return found[i + delta] ?? null;
}
