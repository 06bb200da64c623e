/** Every lab's exercise, one line each. */
import { btrfsFsyncExercise } from './labs/btrfs-fsync';
import { fastCommitExercise } from './labs/fast-commit';
import type { Exercise } from './types';

export const EXERCISES: Exercise[] = [fastCommitExercise, btrfsFsyncExercise];

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
