/**
 * Where to read the mail and the code the model follows: the commit as
 * lib/mails.ts cites it, the later commit that changed the fallback, and
 * the 6.12 functions the model mirrors.
 */
import { MAILS } from '../../../../lib/mails';

const COMMIT = 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=';
const IDENT = 'https://elixir.bootlin.com/linux/v6.12/C/ident';

export const LINKS = {
  mail: MAILS['btrfs-fsync'].cite.url,
  /** the deadlock fix (5.15+ stable) that sends a fast fsync's fallback through the attach barrier */
  attachBarrier: `${COMMIT}2496bb92a818`,
  transaction: 'https://elixir.bootlin.com/linux/v6.12/source/fs/btrfs/transaction.c',
  file: 'https://elixir.bootlin.com/linux/v6.12/source/fs/btrfs/file.c',
  treeLog: 'https://elixir.bootlin.com/linux/v6.12/source/fs/btrfs/tree-log.c',
} as const;

/** The 6.12 functions the page names, each at its definition. */
export const FUNCTIONS = {
  btrfs_commit_transaction: `${IDENT}/btrfs_commit_transaction`,
  wait_for_commit: `${IDENT}/wait_for_commit`,
  btrfs_sync_file: `${IDENT}/btrfs_sync_file`,
  btrfs_sync_log: `${IDENT}/btrfs_sync_log`,
  btrfs_attach_transaction_barrier: `${IDENT}/btrfs_attach_transaction_barrier`,
  start_transaction: `${IDENT}/start_transaction`,
  unpin_extent_range: `${IDENT}/unpin_extent_range`,
} as const;

export type BfFunction = keyof typeof FUNCTIONS;
