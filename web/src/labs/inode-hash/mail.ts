/**
 * The mail's figures as data, and its links. Figures from Mateusz Guzik,
 * "[PATCH v3 0/2] rcu-based inode lookup for iget*", linux-fsdevel,
 * 11 Jun 2024 (restated in /work/shared/mails/figures.md §4): 20 threads,
 * each stat(2)-ing every file of its own tree of 1000 directories × 1000
 * files, cold cache, on a 32-core VM with 24 GB of RAM; run-to-run noise
 * 1-2 s of total time.
 */

export const LINKS = {
  mail: 'https://lore.kernel.org/linux-fsdevel/20240611101633.507101-1-mjguzik@gmail.com/',
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

export const MAIL_THREADS = 20;
/** each thread's tree: its directories and the files in each */
export const MAIL_TREE = { dirs: 1000, files: 1000 } as const;
/** the mail's run-to-run noise of total time, in seconds */
export const MAIL_NOISE_S: readonly [number, number] = [1, 2];

export const MAIL_ROWS: readonly MailRow[] = [
  {
    fs: 'ext4',
    threads: MAIL_THREADS,
    before: { user_s: 3.77, sys_s: 890.9, cpu_pct: 1939, total_s: 46.118 },
    after: { user_s: 3.24, sys_s: 397.73, cpu_pct: 1858, total_s: 21.581 },
    stated_change_pct: -53,
  },
  {
    fs: 'btrfs',
    threads: MAIL_THREADS,
    before: { user_s: 3.54, sys_s: 892.3, cpu_pct: 1966, total_s: 45.549 },
    after: { user_s: 3.28, sys_s: 738.66, cpu_pct: 1955, total_s: 37.932 },
    stated_change_pct: -16.7,
  },
];
