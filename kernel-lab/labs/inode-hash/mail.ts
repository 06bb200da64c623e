/**
 * inode-hash's figures beside the kernel lab's metrics: which of the mail's
 * figures (lib/mails.ts) each metric of this lab's results is compared with,
 * under the results' metric keys (kernel-lab/mail-changes.ts says how).
 * Its keys: <fs>_elapsed_s, <fs>_user_s, <fs>_sys_s, <fs>_cpu_pct for fs ext4, btrfs.
 */
import { citation, type MailFigure, noise, stated } from '../../mail-figures';
import { mailFigures, mailValue } from '../../../lib/mails';

/* inode-hash: time(1) of the 20-thread stat walk, by file system; the simulator's total_s is time(1)'s elapsed */
const INODE_HASH_KEYS: [metric: string, key: string, what: string][] = [
  ['total_s', 'elapsed_s', 'total'],
  ['user_s', 'user_s', 'user'],
  ['sys_s', 'sys_s', 'system'],
  ['cpu_pct', 'cpu_pct', 'cpu'],
];

export function kernelMailFigures(): MailFigure[] {
  return mailFigures('inode-hash', { metric: 'total_s', variant: 'before' }).flatMap(({ where }) =>
    INODE_HASH_KEYS.map(([metric, key, what]) => ({
      metric: `${where.fs}_${key}`,
      before: mailValue('inode-hash', metric, 'before', where),
      after: mailValue('inode-hash', metric, 'after', where),
      where: `${where.fs}, time(1) ${what}, ${where.threads} threads`,
      citation: citation('inode-hash'),
      ...stated('inode-hash', metric, where),
      ...noise('inode-hash', metric, where),
    })),
  );
}
