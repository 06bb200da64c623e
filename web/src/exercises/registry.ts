/** Every lab's exercise, one line each. */
import { extentStatusExercise } from './labs/extent-status';
import { fastCommitExercise } from './labs/fast-commit';
import type { Exercise } from './types';

export const EXERCISES: Exercise[] = [fastCommitExercise, extentStatusExercise];

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
