import { describe, expect, it } from 'vitest';
import { formatNumber, formatParams, formatRange, formatRatio, table } from './format';

describe('formatNumber', () => {
  it.each([
    [126000, '126000'],
    [0.73, '0.73'],
    [1234.5678, '1235'],
    [3.14159, '3.142'],
    [1e-5, '1.000e-5'],
    [2.5e12, '2500000000000'],
    [2.5e12 + 0.5, '2.500e+12'],
    [32265.96838, '32266'],
    [Number.NaN, '-'],
    [undefined, '-'],
    [Infinity, 'inf'],
  ])('%s -> %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('formatRatio', () => {
  it('divides after by before', () => {
    expect(formatRatio(126, 0.73)).toBe('172.6x');
    expect(formatRatio(1, 0)).toBe('-');
    expect(formatRatio(undefined, 1)).toBe('-');
  });
});

describe('formatRange', () => {
  it('prints min..max, or one number when they are equal', () => {
    expect(formatRange(0.7312, 0.75)).toBe('0.7312..0.75');
    expect(formatRange(-2, 3)).toBe('-2..3');
    expect(formatRange(5, 5)).toBe('5');
    expect(formatRange(NaN, 1)).toBe('-');
    expect(formatRange(undefined, 1)).toBe('-');
  });
});

describe('table', () => {
  it('aligns the text columns it is told to the right', () => {
    expect(table(['a', 'range'], [['x', '1..2'], ['y', '10..20']], ['range'])).toBe(
      ['a   range', '-  ------', 'x    1..2', 'y  10..20'].join('\n'),
    );
  });
  it('aligns numbers right and text left', () => {
    expect(
      table(
        ['lab', 'n'],
        [
          ['fast-commit', 5],
          ['x', 120],
        ],
      ),
    ).toBe(['lab            n', '-----------  ---', 'fast-commit    5', 'x            120'].join('\n'));
  });
  it('prints a header alone when there are no rows', () => {
    expect(table(['a', 'b'], [])).toBe('a  b\n-  -');
  });
});

describe('formatParams', () => {
  it('joins name=value pairs', () => {
    expect(formatParams({ ways: 64, files: 1024 })).toBe('ways=64 files=1024');
  });
});
