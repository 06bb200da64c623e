import { describe, expect, it } from 'vitest';
import { collect, parseSeed, parseSets } from './args';
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
