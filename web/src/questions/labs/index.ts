/** Every lab's questions, one line a lab, in the order of the home page. */
import type { LabQuestions } from '../question';
import { btrfsFsync } from './btrfs-fsync';
import { ext4Writeback } from './ext4-writeback';
import { extentStatus } from './extent-status';
import { fastCommit } from './fast-commit';
import { inodeHash } from './inode-hash';

export const LAB_QUESTIONS: Readonly<Record<string, LabQuestions>> = {
  'fast-commit': fastCommit,
  'extent-status': extentStatus,
  'inode-hash': inodeHash,
  'btrfs-fsync': btrfsFsync,
  'ext4-writeback': ext4Writeback,
};
