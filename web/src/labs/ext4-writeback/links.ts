/**
 * Where to read the mail and the code the model follows: the thread as
 * mails/ext4-writeback.json cites it, and the links it keeps: the commit and
 * the 6.12 sources the model mirrors.
 */
import { MAILS, mailLinks } from '../../../../lib/mails';

const IDENT = 'https://elixir.bootlin.com/linux/v6.12/C/ident';

export const LINKS = {
  thread: MAILS['ext4-writeback'].cite.url,
  ...mailLinks('ext4-writeback', ['commit', 'inode', 'fsync']),
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
