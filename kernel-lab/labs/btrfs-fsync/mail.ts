/**
 * btrfs-fsync's figures beside the kernel lab's metrics: which of the mail's
 * figures (lib/mails.ts) each metric of this lab's results is compared with,
 * under the results' metric keys (kernel-lab/mail-changes.ts says how).
 * Its keys: throughput_mb_s (dbench's MB, 10^6 bytes), max_latency_ms,
 * flush_count, flush_avg_ms, flush_max_ms.
 */
import { citation, type MailFigure, stated } from '../../mail-figures';
import { mailFigures, mailValue } from '../../../lib/mails';

/* btrfs-fsync: dbench, by clients, 32 first (the mail's headline) */
const BTRFS_FSYNC_KEYS: [metric: string, what: string][] = [
  ['throughput_mb_s', 'throughput (MB/s)'],
  ['max_latency_ms', 'max latency'],
  ['flush_count', 'Flush count'],
  ['flush_avg_ms', 'Flush avg latency'],
  ['flush_max_ms', 'Flush max latency'],
];

export function kernelMailFigures(): MailFigure[] {
  return mailFigures('btrfs-fsync', { metric: 'throughput_mb_s', variant: 'before' }).flatMap(({ where }) =>
    BTRFS_FSYNC_KEYS.map(([metric, what]) => ({
      metric,
      before: mailValue('btrfs-fsync', metric, 'before', where),
      after: mailValue('btrfs-fsync', metric, 'after', where),
      where: `${where.clients} clients, ${what}`,
      citation: citation('btrfs-fsync'),
      ...stated('btrfs-fsync', metric, where),
      when: { clients: Number(where.clients) },
    })),
  );
}
