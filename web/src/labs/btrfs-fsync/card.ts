/** The btrfs-fsync lab's card on the home page: what the patch changes, and the mail's figure it reproduces. */
import { mailValue, signedPct } from '../../app/cardText';
import type { LabCard } from '../face';

export const card: LabCard = {
  title: 'btrfs fsyncs wait less',
  change: 'wait for SUPER_COMMITTED, not COMPLETED',
  headline() {
    const where = { clients: '32' };
    const stated = (metric: string) => signedPct(mailValue('btrfs-fsync', `${metric}_change_pct`, 'after', where));
    return `dbench ${stated('throughput_mb_s')} throughput, ${stated('max_latency_ms')} max latency (${where.clients} clients)`;
  },
};
