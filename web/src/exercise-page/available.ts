/**
 * Which labs have an exercise: those with a solution (exercises/<lab>/solution.c),
 * each a static asset of its own, fetched only by the exercise page, which
 * makes the skeleton from it. The lab page learns only which labs have one.
 */

const solutions = import.meta.glob<string>('../../../exercises/*/solution.c', { query: '?url', import: 'default' });

const labOf = (path: string): string => path.split('/').at(-2)!;

/** The labs with an exercise, in name order. */
export const EXERCISE_LABS: readonly string[] = Object.keys(solutions).map(labOf).sort();

export function hasExercise(lab: string): boolean {
  return EXERCISE_LABS.includes(lab);
}

/** The name of the student's file: what `journalclub exercise check --file` takes. */
export function exerciseFile(lab: string): string {
  return `${lab}.c`;
}

/** The URL of the lab's solution in the build, or null when the lab has no exercise. */
export async function solutionUrl(lab: string): Promise<string | null> {
  const load = solutions[`../../../exercises/${lab}/solution.c`];
  return load ? load() : null;
}
