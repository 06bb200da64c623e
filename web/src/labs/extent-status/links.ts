/**
 * Where to read the mail and the code the model follows: the mail as
 * mails/extent-status.json cites it (the openwall archive), and the links it
 * keeps: the commits that landed and the 6.12 sources of the functions the
 * model mirrors.
 */
import { MAILS, mailLinks } from '../../../../lib/mails';

export const LINKS = {
  mail: MAILS['extent-status'].cite.url,
  /*
   * extentsStatus, inode: the 6.12 sources; roundRobin: the rework that
   * landed (v3.19); scanLimit: Jan Kara's scan limit with a per-inode resume
   * position (v3.19); aging: his aging with one REFERENCED bit per extent
   * (v3.19)
   */
  ...mailLinks('extent-status', ['extentsStatus', 'inode', 'roundRobin', 'scanLimit', 'aging']),
} as const;

/** The 6.12 functions the page names, each with the file it is in. */
export const FUNCTIONS = {
  __es_shrink: LINKS.extentsStatus,
  es_do_reclaim_extents: LINKS.extentsStatus,
  ext4_es_lookup_extent: LINKS.extentsStatus,
  ext4_da_map_blocks: LINKS.inode,
} as const;

export type EsFunction = keyof typeof FUNCTIONS;
