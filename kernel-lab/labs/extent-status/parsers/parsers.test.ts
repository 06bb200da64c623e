/**
 * The parsers of the formats only extent-status reads: their error messages on bad
 * input. Their golden pairs (fixtures/) run in kernel-lab/parsers/parsers.test.ts
 * with every other parser's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEsShrinkerInfo } from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

describe('es_shrinker_info', () => {
  const text = fixture('es-shrinker-info', 'after-writes');

  it('names the line and field of a bad number', () => {
    expect(() => parseEsShrinkerInfo(text.replace('144 objects', 'many objects'))).toThrow(
      'es_shrinker_info: line 2: objects: expected a whole number >= 0, got "many"',
    );
  });

  it('wants the maximum block when inodes are on the list', () => {
    const cut = text.split('\n').slice(0, 8).join('\n');
    expect(() => parseEsShrinkerInfo(cut)).toThrow(/expected "maximum:" .* but the text ends after line 8/);
  });

  it('refuses text after the end', () => {
    expect(() => parseEsShrinkerInfo(`${text}extra\n`)).toThrow(/line 12: unexpected text after the end .*"extra"/);
  });

  it('refuses a count past 2^53', () => {
    expect(() => parseEsShrinkerInfo(text.replace('377184/4978', '18446744073709551615/4978'))).toThrow(
      /cache hits: 18446744073709551615 is larger than 9007199254740991/,
    );
  });
});
