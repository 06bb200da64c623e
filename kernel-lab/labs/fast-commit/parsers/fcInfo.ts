/**
 * /proc/fs/ext4/<dev>/fc_info: ext4 fast-commit statistics, as
 * ext4_fc_info_show() prints them (fs/ext4/fast_commit.c, Linux 6.12).
 *
 *   fc stats:
 *   <n> commits
 *   <n> ineligible
 *   <n> numblks
 *   <n>us avg_commit_time
 *   Ineligible reasons:
 *   "<reason>":<TAB><n>                   one line per reason, 10 in 6.12
 */
import { expectText, LineReader, ParseError } from '../../../parsers/common';

const FORMAT = 'fc_info';

export interface FcInfo {
  /** fast commits done */
  commits_count: number;
  /** commits that fell back to a full jbd2 commit */
  ineligible_count: number;
  /** blocks the fast commits wrote to the journal */
  fc_blocks_count: number;
  /** average fast-commit time (the kernel keeps it in ns and prints us) */
  avg_commit_time_us: number;
  /** why commits were ineligible, by the kernel's own wording, in its order */
  ineligible_reasons: Record<string, number>;
}

/** Parse fc_info's text. Throws a ParseError naming the line that does not fit. */
export function parseFcInfo(text: string): FcInfo {
  expectText(FORMAT, text, 'the contents of /proc/fs/ext4/<dev>/fc_info');
  const r = new LineReader(FORMAT, text);

  r.expect(/^fc stats:$/, '"fc stats:"');
  const commits = r.count(r.expect(/^(\S+) commits$/, '"<n> commits"'), 1, 'commits');
  const ineligible = r.count(r.expect(/^(\S+) ineligible$/, '"<n> ineligible"'), 1, 'ineligible');
  const blocks = r.count(r.expect(/^(\S+) numblks$/, '"<n> numblks"'), 1, 'numblks');
  const avg = r.count(r.expect(/^(\S+)us avg_commit_time$/, '"<n>us avg_commit_time"'), 1, 'avg_commit_time');
  r.expect(/^Ineligible reasons:$/, '"Ineligible reasons:"');

  const reasons: Record<string, number> = {};
  while (r.peek() !== undefined && !r.at(/^\s*$/)) {
    const at = r.expect(/^"([^"]+)":\t(\S+)$/, '"\\"<reason>\\":<TAB><n>"');
    const name = at.m[1]!;
    if (Object.prototype.hasOwnProperty.call(reasons, name)) {
      throw new ParseError(FORMAT, at.no, `the reason "${name}" appears twice`);
    }
    reasons[name] = r.count(at, 2, `reason "${name}"`);
  }
  if (Object.keys(reasons).length === 0) {
    throw new ParseError(FORMAT, undefined, 'no ineligible reasons after "Ineligible reasons:" (6.12 prints 10)');
  }
  r.end();

  return {
    commits_count: commits,
    ineligible_count: ineligible,
    fc_blocks_count: blocks,
    avg_commit_time_us: avg,
    ineligible_reasons: reasons,
  };
}
