/** The fast-commit lab's card on the home page: what the patch changes, and the mail's figure it reproduces. */
import { mailValue } from '../../app/cardText';
import type { LabCard } from '../face';

export const card: LabCard = {
  title: 'ext4 fast_commit scalability',
  change: 'O(N²) dentry commit → O(N)',
  headline() {
    /* the mail's row 7, "6,10": 2^6 ways, 2^10 files a loop */
    const where = { row: '7', order: '6,10' };
    const [ways, files] = where.order.split(',').map((e) => 2 ** Number(e));
    const before = mailValue('fast-commit', 'creates_per_s', 'before', where);
    const after = mailValue('fast-commit', 'creates_per_s', 'after', where);
    return `fs_mark collapses at ${ways} ways × ${files} files without the patch (${before}K vs ${Math.round(after)}K creates/s)`;
  },
};
