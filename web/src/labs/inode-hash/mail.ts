/**
 * The mail's figures in the shape the page's table reads, and its links.
 * The figures and the citation are lib/mails.ts's (MAILS['inode-hash']):
 * 20 threads, each stat(2)-ing every file of its own tree of 1000
 * directories × 1000 files, cold cache, on a 32-core VM with 24 GB of RAM;
 * the mail puts its run-to-run noise at 1-2 s of total time.
 */
import { MAILS, mailFigure, mailFigures } from '../../../../lib/mails';

export const LINKS = {
  mail: MAILS['inode-hash'].cite.url,
  commit: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=7180f8d91fcb',
  source: 'https://elixir.bootlin.com/linux/v6.12/source/fs/inode.c',
  igetLocked: 'https://elixir.bootlin.com/linux/v6.12/C/ident/iget_locked',
  findInodeFast: 'https://elixir.bootlin.com/linux/v6.12/C/ident/find_inode_fast',
  iget5LockedRcu: 'https://elixir.bootlin.com/linux/v6.12/C/ident/iget5_locked_rcu',
  finerLocking: 'https://lore.kernel.org/all/20231206060629.2827226-1-david@fromorbit.com/',
  benchmark: 'https://people.freebsd.org/~mjg/fstree.tgz',
} as const;

export type Fs = 'ext4' | 'btrfs';

/** The fs parameter's values in the model's table (0 = ext4, 1 = btrfs), as its paper rows give them. */
export const FS_VALUES: Readonly<Record<Fs, number>> = { ext4: 0, btrfs: 1 };

/** The file system a value of the fs parameter stands for, or null for another value. */
export function fsOf(value: number | undefined): Fs | null {
  if (value === FS_VALUES.ext4) return 'ext4';
  if (value === FS_VALUES.btrfs) return 'btrfs';
  return null;
}

/** One timed run as the mail prints it (zsh's `time`): seconds of user and system time, CPU share, wall time. */
export interface MailTiming {
  user_s: number;
  sys_s: number;
  cpu_pct: number;
  total_s: number;
}

export interface MailRow {
  fs: Fs;
  threads: number;
  before: MailTiming;
  after: MailTiming;
  /** the total's change as the mail states it, in percent */
  stated_change_pct: number;
}

/** The figure of one metric, variant and file system; lib/mails.ts has each once. */
function figure(metric: string, variant: 'before' | 'after', where: Record<string, string>): number {
  const f = mailFigure('inode-hash', { metric, variant, where });
  if (!f) throw new Error(`lib/mails.ts has no inode-hash figure ${metric} ${variant} ${JSON.stringify(where)}`);
  return f.value;
}

function timing(variant: 'before' | 'after', where: Record<string, string>): MailTiming {
  return {
    user_s: figure('user_s', variant, where),
    sys_s: figure('sys_s', variant, where),
    cpu_pct: figure('cpu_pct', variant, where),
    total_s: figure('total_s', variant, where),
  };
}

/** The mail's rows, ext4 then btrfs, as lib/mails.ts lists them. */
export const MAIL_ROWS: readonly MailRow[] = mailFigures('inode-hash', { metric: 'total_s', variant: 'before' }).map(({ where }) => ({
  fs: where.fs as Fs,
  threads: Number(where.threads),
  before: timing('before', where),
  after: timing('after', where),
  stated_change_pct: figure('total_s_change_pct', 'after', where),
}));

/** The mail's thread count: every row of its table ran 20 threads. */
export const MAIL_THREADS = MAIL_ROWS[0]!.threads;
/** each thread's tree: its directories and the files in each */
export const MAIL_TREE = { dirs: 1000, files: 1000 } as const;
/** the mail's run-to-run noise of total time, in seconds */
export const MAIL_NOISE_S: readonly [number, number] = [1, 2];
