import { describe, expect, it } from 'vitest';
import { collect, parseSeed, parseSeedCount, parseSets, parseSteps, parseSweepSeeds } from './args';
import { SWEEP_SEEDS_MAX } from '../web/src/core/sweep';
import { UsageError } from './errors';

describe('--set', () => {
  it('collects name=value pairs as text', () => {
    expect(parseSets(['ways=64', 'files= 1024 '])).toEqual({ ways: '64', files: '1024' });
    expect(parseSets([])).toEqual({});
    expect(collect('b', collect('a'))).toEqual(['a', 'b']);
  });
  it('refuses a pair without a name or a value', () => {
    expect(() => parseSets(['ways'])).toThrow(new UsageError('--set "ways": expected name=value, e.g. --set files=1024'));
    expect(() => parseSets(['=4'])).toThrow(UsageError);
    expect(() => parseSets(['ways='])).toThrow("--set ways: no value after '='");
  });
  it('refuses a parameter set twice', () => {
    expect(() => parseSets(['ways=1', 'ways=2'])).toThrow('--set ways is given twice');
  });
});

describe('--seed', () => {
  it('takes 0 to 2^32 - 1 in decimal', () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('4294967295')).toBe(4294967295);
  });
  it.each(['-1', '4294967296', '1.5', 'abc', '', '0x10', '99999999999'])('refuses %j with the range', (text) => {
    expect(() => parseSeed(text)).toThrow(`--seed ${JSON.stringify(text)}: expected a whole number from 0 to 4294967295`);
  });
});

describe('--seeds', () => {
  it(`takes 1 to ${SWEEP_SEEDS_MAX} seeds, from --seed on`, () => {
    expect(parseSeedCount('1')).toBe(1);
    expect(parseSeedCount(` ${SWEEP_SEEDS_MAX} `)).toBe(SWEEP_SEEDS_MAX);
    expect(parseSweepSeeds('1', '3')).toEqual([1, 2, 3]);
    expect(parseSweepSeeds('7', '2')).toEqual([7, 8]);
    expect(parseSweepSeeds('4294967294', '2')).toEqual([4294967294, 4294967295]);
  });
  it.each(['0', '-1', String(SWEEP_SEEDS_MAX + 1), '2.5', 'three', '', '1e1'])('refuses %j, naming what is allowed', (text) => {
    expect(() => parseSeedCount(text)).toThrow(`--seeds ${JSON.stringify(text)}: expected a whole number from 1 to ${SWEEP_SEEDS_MAX}`);
  });
  it('refuses seeds that would run past the last seed', () => {
    expect(() => parseSweepSeeds('4294967295', '2')).toThrow('--seed 4294967295 with --seeds 2 would run seeds up to 4294967296, past 4294967295');
  });
});

describe('step options (--from, --max)', () => {
  it('takes a whole number within its range', () => {
    expect(parseSteps('--from', '0', 0, 10)).toBe(0);
    expect(parseSteps('--max', ' 10 ', 1, 10)).toBe(10);
  });
  it.each(['0', '11', '-1', '2.5', 'ten', ''])('refuses %j with the option and its range', (text) => {
    expect(() => parseSteps('--max', text, 1, 10)).toThrow(new UsageError(`--max ${JSON.stringify(text)}: expected a whole number from 1 to 10`));
  });
});
