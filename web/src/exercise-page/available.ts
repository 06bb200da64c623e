/**
 * Which labs have an exercise: those with a solution (exercises/<lab>/solution.c),
 * each a static asset of its own, fetched only by the exercise page, which
 * makes the skeleton from it (solution.ts). The lab page learns only which
 * labs have one: this module is in its chunks, so it holds nothing more.
 */

const solutions = import.meta.glob<string>('../../../exercises/*/solution.c', { query: '?url', import: 'default' });

const labOf = (path: string): string => path.split('/').at(-2)!;

/** The labs with an exercise, in name order. */
export const EXERCISE_LABS: readonly string[] = Object.keys(solutions).map(labOf).sort();

export function hasExercise(lab: string): boolean {
  return EXERCISE_LABS.includes(lab);
}
