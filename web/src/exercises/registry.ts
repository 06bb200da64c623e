/** Every lab's exercise, in the labs' order: web/src/labs/<id>/exercise.ts, listed by the generated registry. */
import { LAB_EXERCISES } from '../labs/exercises.gen';
import type { Exercise } from './types';

export const EXERCISES: readonly Exercise[] = LAB_EXERCISES;

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
