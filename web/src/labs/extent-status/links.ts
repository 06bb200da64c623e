/**
 * Where to read the mail and the code the model follows: the mail as
 * lib/mails.ts cites it (the openwall archive), and the 6.12 sources of the
 * functions the model mirrors.
 */
import { MAILS } from '../../../../lib/mails';

const V612 = 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4';

export const LINKS = {
  mail: MAILS['extent-status'].cite.url,
  extentsStatus: `${V612}/extents_status.c`,
  inode: `${V612}/inode.c`,
  /** the round-robin rework that landed (v3.19) */
  roundRobin: `https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=${MAILS['extent-status'].cite.commit ?? 'edaa53cac8fd'}`,
  /** Jan Kara's scan limit with a per-inode resume position (v3.19) */
  scanLimit: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=dd4759255188',
  /** Jan Kara's aging with one REFERENCED bit per extent (v3.19) */
  aging: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=2be12de98a1c',
} as const;

/** The 6.12 functions the page names, each with the file it is in. */
export const FUNCTIONS = {
  __es_shrink: LINKS.extentsStatus,
  es_do_reclaim_extents: LINKS.extentsStatus,
  ext4_es_lookup_extent: LINKS.extentsStatus,
  ext4_da_map_blocks: LINKS.inode,
} as const;

export type EsFunction = keyof typeof FUNCTIONS;
