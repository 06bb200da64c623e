/** Every lab's exercise, one line each. */
import { ext4WritebackExercise } from './labs/ext4-writeback';
import { fastCommitExercise } from './labs/fast-commit';
import type { Exercise } from './types';

export const EXERCISES: Exercise[] = [fastCommitExercise, ext4WritebackExercise];

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
