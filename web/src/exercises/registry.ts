/** Every lab's exercise, one line each. */
import { fastCommitExercise } from './labs/fast-commit';
import { inodeHashExercise } from './labs/inode-hash';
import type { Exercise } from './types';

export const EXERCISES: Exercise[] = [fastCommitExercise, inodeHashExercise];

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
