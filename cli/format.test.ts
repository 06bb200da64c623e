import { describe, expect, it } from 'vitest';
import { formatParams, table } from './format';

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
          ['page-cache', 5],
          ['x', 120],
        ],
      ),
    ).toBe(['lab           n', '----------  ---', 'page-cache    5', 'x           120'].join('\n'));
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
