/**
 * Which labs have an exercise, and the file the editor opens on: the
 * exercise's skeleton (exercises/<lab>/skeleton.c) where the build has one,
 * else its solution. Each is a static asset of its own, fetched when the
 * exercise page opens; the lab page learns only which labs have one.
 */
const skeletons = import.meta.glob<string>('../../../exercises/*/skeleton.c', { query: '?url', import: 'default' });
const solutions = import.meta.glob<string>('../../../exercises/*/solution.c', { query: '?url', import: 'default' });

const labOf = (path: string): string => path.split('/').at(-2)!;

/** The labs with an exercise, in name order. */
export const EXERCISE_LABS: readonly string[] = [...new Set([...Object.keys(skeletons), ...Object.keys(solutions)].map(labOf))].sort();

export function hasExercise(lab: string): boolean {
  return EXERCISE_LABS.includes(lab);
}

/** The name of the student's file: what `journalclub exercise check --file` takes. */
export function exerciseFile(lab: string): string {
  return `${lab}.c`;
}

/** The text the editor opens on, and the file it came from; null when the lab has no exercise. */
export async function loadSkeleton(lab: string): Promise<{ text: string; file: string } | null> {
  for (const [files, name] of [
    [skeletons, 'skeleton.c'],
    [solutions, 'solution.c'],
  ] as const) {
    const load = files[`../../../exercises/${lab}/${name}`];
    if (!load) continue;
    const url = await load();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not load exercises/${lab}/${name} (${url}): HTTP ${response.status}`);
    return { text: await response.text(), file: `exercises/${lab}/${name}` };
  }
  return null;
}
