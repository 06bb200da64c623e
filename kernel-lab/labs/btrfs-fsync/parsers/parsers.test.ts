/**
 * The parsers of the formats only btrfs-fsync reads: their error messages on bad
 * input. Their golden pairs (fixtures/) run in kernel-lab/parsers/parsers.test.ts
 * with every other parser's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBtrfsCommitStats, parseDbench } from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

describe('btrfs commit_stats', () => {
  it("reads 6.12's four lines, without cur_commit_ms", () => {
    const text = 'commits 1323\nlast_commit_ms 15\nmax_commit_ms 71\ntotal_commit_ms 5015\n';
    expect(parseBtrfsCommitStats(text)).toEqual({
      commits_count: 1323,
      last_commit_ms: 15,
      max_commit_ms: 71,
      total_commit_ms: 5015,
      cur_commit_ms: null,
    });
  });

  it('names unknown and missing keys', () => {
    expect(() => parseBtrfsCommitStats('commits 1\nfoo_ms 2\n')).toThrow(
      'btrfs commit_stats: line 2: unknown key "foo_ms"; the keys are commits, last_commit_ms, max_commit_ms, total_commit_ms, cur_commit_ms',
    );
    expect(() => parseBtrfsCommitStats('commits 1\n')).toThrow(/missing last_commit_ms, max_commit_ms, total_commit_ms/);
  });
});

describe('dbench', () => {
  const text = fixture('dbench', 'btrfs-2-clients');

  it('says when the table is missing', () => {
    const cut = text.slice(0, text.indexOf(' Operation'));
    expect(() => parseDbench(cut)).toThrow(/operation table .* is missing: did dbench finish\?/);
  });

  it('names a table row it cannot read', () => {
    expect(() => parseDbench(text.replace(' Flush           1160', ' Flush           many'))).toThrow(
      'dbench: line 29: Flush Count: expected a whole number >= 0, got "many"',
    );
  });

  it('keeps lines dbench printed about failures, and reads the sync flags', () => {
    const noisy = text
      .replace(
        'releasing clients\n',
        'releasing clients\n   2      4120   118.02 MB/sec  warmup   1 sec  latency 12.5 ms\n[1] open ./clients/client0/x failed for handle 9 (No such file)\n',
      )
      .replace('MB/sec  2 clients', 'MB/sec (sync open)  2 clients');
    const r = parseDbench(noisy);
    expect(r.messages).toEqual([{ line: 8, text: '[1] open ./clients/client0/x failed for handle 9 (No such file)' }]);
    expect(r.progress[0]).toEqual({ phase: 'warmup', clients_count: 2, lines_count: 4120, mb_per_s: 118.02, time_s: 1, latency_ms: 12.5 });
    expect(r.progress.filter((p) => p.phase === 'execute')).toHaveLength(4);
    expect(r.sync_open).toBe(true);
    expect(r.sync_dirs).toBe(false);
  });
});
