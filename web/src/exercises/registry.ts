/** Every lab's exercise, in the labs' order: an import and an entry each. */
import { btrfsFsyncExercise } from './labs/btrfs-fsync';
import { ext4WritebackExercise } from './labs/ext4-writeback';
import { extentStatusExercise } from './labs/extent-status';
import { fastCommitExercise } from './labs/fast-commit';
import { inodeHashExercise } from './labs/inode-hash';
import type { Exercise } from './types';

export const EXERCISES: Exercise[] = [
  fastCommitExercise,
  extentStatusExercise,
  inodeHashExercise,
  btrfsFsyncExercise,
  ext4WritebackExercise,
];

export function exerciseFor(lab: string): Exercise | undefined {
  return EXERCISES.find((e) => e.lab === lab);
}
