/**
 * /sys/fs/btrfs/<uuid>/commit_stats: transaction commit counts and times, as
 * btrfs_commit_stats_show() prints them (fs/btrfs/sysfs.c, Linux 6.12):
 *
 *   commits <n>
 *   last_commit_ms <n>
 *   max_commit_ms <n>
 *   total_commit_ms <n>
 *
 * Kernels after 6.12 add "cur_commit_ms <n>" (the commit in progress); it is
 * read when present. Times are the kernel's ns divided down to whole ms.
 */
import { expectText, LineReader, ParseError } from '../../../parsers/common';

const FORMAT = 'btrfs commit_stats';

export interface BtrfsCommitStats {
  /** transaction commits since mount (or since the stats were last reset) */
  commits_count: number;
  last_commit_ms: number;
  max_commit_ms: number;
  total_commit_ms: number;
  /** the commit running now; null on 6.12, which does not print it */
  cur_commit_ms: number | null;
}

const REQUIRED = ['commits', 'last_commit_ms', 'max_commit_ms', 'total_commit_ms'] as const;
const OPTIONAL = ['cur_commit_ms'] as const;
const KNOWN: readonly string[] = [...REQUIRED, ...OPTIONAL];

/** Parse commit_stats' text. Throws a ParseError naming the line or the key that does not fit. */
export function parseBtrfsCommitStats(text: string): BtrfsCommitStats {
  expectText(FORMAT, text, 'the contents of /sys/fs/btrfs/<uuid>/commit_stats');
  const r = new LineReader(FORMAT, text);
  const seen = new Map<string, number>();
  while (r.peek() !== undefined && !r.at(/^\s*$/)) {
    const at = r.expect(/^([a-z_]+) (\S+)$/, '"<name> <n>"');
    const name = at.m[1]!;
    if (!KNOWN.includes(name)) {
      throw new ParseError(FORMAT, at.no, `unknown key "${name}"; the keys are ${KNOWN.join(', ')}`);
    }
    if (seen.has(name)) throw new ParseError(FORMAT, at.no, `"${name}" appears twice`);
    seen.set(name, r.count(at, 2, name));
  }
  r.end();
  const missing = REQUIRED.filter((k) => !seen.has(k));
  if (missing.length > 0) {
    throw new ParseError(FORMAT, undefined, `missing ${missing.join(', ')}; 6.12 prints ${REQUIRED.join(', ')}`);
  }
  return {
    commits_count: seen.get('commits')!,
    last_commit_ms: seen.get('last_commit_ms')!,
    max_commit_ms: seen.get('max_commit_ms')!,
    total_commit_ms: seen.get('total_commit_ms')!,
    cur_commit_ms: seen.get('cur_commit_ms') ?? null,
  };
}
