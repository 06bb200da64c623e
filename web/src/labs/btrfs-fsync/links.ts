/**
 * Where to read the mail and the code the model follows: the commit as
 * mails/btrfs-fsync.json cites it, and the links it keeps: the later commit
 * that changed the fallback and the 6.12 sources the model mirrors.
 */
import { MAILS, mailLinks } from '../../../../lib/mails';

const IDENT = 'https://elixir.bootlin.com/linux/v6.12/C/ident';

export const LINKS = {
  mail: MAILS['btrfs-fsync'].cite.url,
  /* attachBarrier: the deadlock fix (5.15+ stable) that sends a fast fsync's fallback through the attach barrier */
  ...mailLinks('btrfs-fsync', ['attachBarrier', 'transaction', 'file', 'treeLog']),
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
