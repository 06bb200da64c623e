/**
 * The mail's figures in the shape the page's table reads, and its links.
 * The figures, the citation and the links are mails/inode-hash.json's,
 * through lib/mails.ts: 20 threads, each stat(2)-ing every file of its own
 * tree of 1000 directories × 1000 files, cold cache, on a 32-core VM with
 * 24 GB of RAM; the mail puts its run-to-run noise at 1-2 s of total time.
 */
import { MAILS, mailLinks, mailPairs, mailValue } from '../../../../lib/mails';

export const LINKS = {
  mail: MAILS['inode-hash'].cite.url,
  ...mailLinks('inode-hash', ['commit', 'source', 'igetLocked', 'findInodeFast', 'iget5LockedRcu', 'finerLocking', 'benchmark']),
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

function timing(variant: 'before' | 'after', where: Record<string, string>): MailTiming {
  return {
    user_s: mailValue('inode-hash', 'user_s', variant, where),
    sys_s: mailValue('inode-hash', 'sys_s', variant, where),
    cpu_pct: mailValue('inode-hash', 'cpu_pct', variant, where),
    total_s: mailValue('inode-hash', 'total_s', variant, where),
  };
}

/** The mail's rows, ext4 then btrfs, in the mail's order. */
export const MAIL_ROWS: readonly MailRow[] = mailPairs('inode-hash', 'total_s').map(({ where, stated_pct }) => {
  const fs = where.fs;
  if ((fs !== 'ext4' && fs !== 'btrfs') || stated_pct === undefined)
    throw new Error(`mails/inode-hash.json: the row ${JSON.stringify(where)} needs an fs of ext4 or btrfs and a stated change of total_s`);
  return {
    fs,
    threads: Number(where.threads),
    before: timing('before', where),
    after: timing('after', where),
    stated_change_pct: stated_pct,
  };
});

/** The mail's thread count: every row of its table ran 20 threads. */
export const MAIL_THREADS = MAIL_ROWS[0]!.threads;
/** each thread's tree: its directories and the files in each */
export const MAIL_TREE = { dirs: 1000, files: 1000 } as const;
/** the mail's run-to-run noise of total time, in seconds */
export const MAIL_NOISE_S: readonly [number, number] = [1, 2];
