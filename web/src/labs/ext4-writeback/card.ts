/** The ext4-writeback lab's card on the home page: what the patch changes, and the mail's figure it reproduces. */
import { mailValue } from '../../app/cardText';
import type { LabCard } from '../face';

export const card: LabCard = {
  title: 'ext4 IOPS drop 5.4 → 5.10',
  change: 'no extra writeback pass → less batching',
  headline() {
    const where = { fio: 'fsync=1' };
    const pair = (metric: string) => `${mailValue('ext4-writeback', metric, 'after', where)} vs ${mailValue('ext4-writeback', metric, 'before', where)}`;
    return `${pair('fsync_iops_per_s')} IOPS; ${pair('fsync_jbd2_handles_per_txn')} handles per transaction`;
  },
};
