/**
 * The exercise page's side of available.ts: the student's file's name and
 * the URL of the lab's solution, kept out of available.ts, which every lab
 * page loads.
 */

const solutions = import.meta.glob<string>('../../../exercises/*/solution.c', { query: '?url', import: 'default' });

/** The name of the student's file: what `journalclub exercise check --file` takes. */
export function exerciseFile(lab: string): string {
  return `${lab}.c`;
}

/** The URL of the lab's solution in the build, or null when the lab has no exercise. */
export async function solutionUrl(lab: string): Promise<string | null> {
  const load = solutions[`../../../exercises/${lab}/solution.c`];
  return load ? load() : null;
}
