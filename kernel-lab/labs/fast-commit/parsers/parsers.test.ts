/**
 * The parsers of the formats only fast-commit reads: their error messages on bad
 * input. Their golden pairs (fixtures/) run in kernel-lab/parsers/parsers.test.ts
 * with every other parser's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFcInfo, parseFsmark } from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

describe('fc_info', () => {
  it('names the missing line of a cut file', () => {
    const cut = fixture('fc-info', 'no-commits').split('\n').slice(0, 5).join('\n');
    expect(() => parseFcInfo(cut)).toThrow('fc_info: expected "Ineligible reasons:", but the text ends after line 5');
  });

  it('names a reason line that is not "<reason>":<TAB><n>', () => {
    const bad = fixture('fc-info', 'no-commits').replace('"Resize":\t0', '"Resize": 0');
    expect(() => parseFcInfo(bad)).toThrow(/^fc_info: line 12: expected/);
  });
});

describe('fs_mark', () => {
  const text = fixture('fsmark', 's5-one-thread');

  it("stops at fs_mark's own error lines", () => {
    expect(() => parseFsmark(`${text}fs_mark: fsync failed /mnt/x No space left on device\n`)).toThrow(
      /line 14: fs_mark reported an error: "fs_mark: fsync failed/,
    );
  });

  it('names a row with the wrong number of columns, and a table with no rows', () => {
    expect(() => parseFsmark(text.replace('            0        210.0', '        210.0'))).toThrow(
      /line 12: a table row has 5 numbers .* got 4/,
    );
    const head = text.slice(0, text.indexOf('    14          200'));
    expect(() => parseFsmark(head)).toThrow('fs_mark: the table has no rows: did fs_mark finish a loop?');
  });

  it('wants the header it reads the run from', () => {
    expect(() => parseFsmark(text.replace(/^#\tFiles info.*\n/m, ''))).toThrow(/the header lacks "# Files info: \.\.\."/);
  });
});
