/** The inode-hash lab's card on the home page: what the patch changes, and the mail's figure it reproduces. */
import { mailValue, signedPct } from '../../app/cardText';
import type { LabCard } from '../face';

export const card: LabCard = {
  title: 'RCU inode lookup for iget',
  change: 'lookup without inode_hash_lock',
  headline() {
    const where = { fs: 'ext4', threads: '20' };
    return `${where.threads}-thread stat walk ${signedPct(mailValue('inode-hash', 'total_s_change_pct', 'after', where))} on ext4`;
  },
};
