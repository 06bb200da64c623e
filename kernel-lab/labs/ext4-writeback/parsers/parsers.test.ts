/**
 * The parsers of the formats only ext4-writeback reads: their error messages on bad
 * input. Their golden pairs (fixtures/) run in kernel-lab/parsers/parsers.test.ts
 * with every other parser's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJbd2Info } from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

describe('jbd2 info', () => {
  it('reads no averages before the first transaction, and wants them after', () => {
    expect(parseJbd2Info(fixture('jbd2-info', 'no-transactions')).average).toBeNull();
    expect(() => parseJbd2Info('3 transactions (1 requested), each up to 1365 blocks\n')).toThrow(
      /expected "average:" .* the text ends after line 1/,
    );
  });

  it('names the average line that is out of place', () => {
    const text = fixture('jbd2-info', 'after-dbench').replace('  0ms request delay\n', '');
    expect(() => parseJbd2Info(text)).toThrow('jbd2 info: line 4: expected "  <n>ms request delay", got "  392ms running transaction"');
  });
});
