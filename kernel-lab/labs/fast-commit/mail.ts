/**
 * fast-commit's figures beside the kernel lab's metrics: which of the mail's
 * figures (lib/mails.ts) each metric of this lab's results is compared with,
 * under the results' metric keys (kernel-lab/mail-changes.ts says how).
 * Its keys: files_per_s (fs_mark's Files/sec, the mean of its loops).
 */
import { citation, kilo, type MailFigure, noise, stated } from '../../mail-figures';
import { mailFigures, mailValue } from '../../../lib/mails';

/* fast-commit: the mail's 8 rows, row 7 first: the collapse, shown when a run names no row */
export function kernelMailFigures(): MailFigure[] {
  const rows = mailFigures('fast-commit', { metric: 'creates_per_s', variant: 'before' }).map((f) => f.where);
  rows.sort((a, b) => Number(b.row === '7') - Number(a.row === '7'));
  return rows.map((where) => {
    const before = mailValue('fast-commit', 'creates_per_s', 'before', where);
    const after = mailValue('fast-commit', 'creates_per_s', 'after', where);
    return {
      metric: 'files_per_s',
      before: kilo(before),
      after: kilo(after),
      where: `row ${where.row} (${where.order}), ${before} -> ${after} K creates/s`,
      citation: citation('fast-commit'),
      ...stated('fast-commit', 'creates_per_s', where),
      ...noise('fast-commit', 'creates_per_s', where),
      when: { row: Number(where.row) },
    };
  });
}
