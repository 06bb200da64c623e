/**
 * Where to read the mail and the code the model follows: the thread as
 * lib/mails.ts cites it, the commit, and the 6.12 functions the model mirrors.
 */
import { MAILS } from '../../../../lib/mails';

const COMMIT = 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=';
const IDENT = 'https://elixir.bootlin.com/linux/v6.12/C/ident';

export const LINKS = {
  thread: MAILS['ext4-writeback'].cite.url,
  commit: `${COMMIT}${MAILS['ext4-writeback'].cite.commit}`,
  inode: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/inode.c',
  fsync: 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/fsync.c',
} as const;

/** The 6.12 functions the page names, each at its definition. */
export const FUNCTIONS = {
  ext4_do_writepages: `${IDENT}/ext4_do_writepages`,
  mpage_prepare_extent_to_map: `${IDENT}/mpage_prepare_extent_to_map`,
  ext4_sync_file: `${IDENT}/ext4_sync_file`,
  jbd2_complete_transaction: `${IDENT}/jbd2_complete_transaction`,
  ext4_buffered_write_iter: `${IDENT}/ext4_buffered_write_iter`,
} as const;

export type EwbFunction = keyof typeof FUNCTIONS;
