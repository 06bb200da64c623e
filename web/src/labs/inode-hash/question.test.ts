/**
 * `journalclub question inode-hash`: its questions draw the threads and
 * follow the page's file system and sharing, which --set gives; a parameter
 * the questions fix or draw is refused, as is a file system it does not know.
 */
import { describe, expect, it } from 'vitest';
import { questionsFor } from '../../questions/answers';
import { journalclub } from '../../../../tests/node/cli';

describe('journalclub question inode-hash', () => {
  it("prints the seed's questions with their drawn inputs, no answers", () => {
    const run = journalclub(['question', 'inode-hash', '--seed', '11']);
    expect(run.status, run.stderr).toBe(0);
    const qs = questionsFor('inode-hash', 11);
    expect(run.stdout).toMatch(new RegExp(`^inode-hash, seed 11: ${qs.length} questions`));
    for (const [n, q] of qs.entries()) expect(run.stdout).toContain(`${n + 1}. ${q.text}`);
    expect(run.stdout).toContain(`threads = ${qs[0]!.params.threads} (of 4-12)`);
    expect(run.stdout).not.toContain('answer: ');
  });

  it('follows a page parameter given with --set, and refuses one the questions fix or draw', () => {
    const run = journalclub(['question', 'inode-hash', '--seed', '4', '--set', 'fs=btrfs', '--json']);
    expect(run.status, run.stderr).toBe(0);
    for (const q of JSON.parse(run.stdout).questions) {
      expect(q.follows).toEqual({ fs: 1, shared: 0 });
      expect(q.params.fs).toBe(1);
    }
    expect(journalclub(['question', 'inode-hash', '--seed', '4', '--set', 'fs=btrfs']).stdout).toContain('from the page: fs = btrfs, shared = 0');
    const fixed = journalclub(['question', 'inode-hash', '--set', 'threads=3']);
    expect(fixed.status).toBe(2);
    expect(fixed.stderr).toBe("journalclub: --set threads: inode-hash's questions do not follow threads (they fix or draw it); they follow fs, shared\n");
    const bad = journalclub(['question', 'inode-hash', '--set', 'fs=xfs']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^journalclub: parameter 'fs' must be one of ext4, btrfs/);
  });
});
