/**
 * The parsers of the formats only inode-hash reads: their error messages on bad
 * input. Their golden pairs (fixtures/) run in kernel-lab/parsers/parsers.test.ts
 * with every other parser's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStatwalk } from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

describe('statwalk', () => {
  const walk = fixture('statwalk', 'walk-4-threads-cold');

  it('accepts the smallest object the lab relies on', () => {
    const r = parseStatwalk('{"threads":20,"files":1000,"dirs":1000,"elapsed_s":21.581,"user_s":3.24,"sys_s":397.73}');
    expect(r.mode).toBeNull();
    expect(r.operations_count).toBeNull();
    expect(r.cpu_pct).toBeCloseTo(((3.24 + 397.73) / 21.581) * 100, 9);
  });

  it('names the field that is wrong', () => {
    expect(() => parseStatwalk(walk.replace('"threads":4', '"threads":0'))).toThrow(/^statwalk: threads: /);
    expect(() => parseStatwalk(walk.replace('"threads":4', '"threads":5'))).toThrow(
      'statwalk: per_thread_s has 4 times for 5 threads; it has one per thread',
    );
    expect(() => parseStatwalk('statwalk: thread 2: cannot open t2/')).toThrow(/^statwalk: not JSON/);
  });
});
