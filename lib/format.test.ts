import { describe, expect, it } from 'vitest';
import {
  citationText,
  formatMailDate,
  formatBytes,
  formatChange,
  formatDuration,
  formatNumber,
  formatRange,
  formatRatio,
  formatRatioChange,
  formatSeconds,
  formatShare,
  formatTimeRange,
} from './format';

const ascii = { ascii: true } as const;

describe('formatNumber', () => {
  it.each([
    [126130, '126,130'],
    [0.73, '0.73'],
    [1234.5678, '1,235'],
    [123456.7, '123,457'],
    [3.14159, '3.142'],
    [32265.96838, '32,266'],
    [0, '0'],
    [-0, '0'],
    [-5, '−5'],
    [-1234.5, '−1,235'],
    [1e-5, '1.000e−5'],
    [-0.00012346, '−1.235e−4'],
    [2.5e12, '2,500,000,000,000'],
    [2.5e12 + 0.5, '2.500e+12'],
    [1e25, '1.000e+25'],
    [Number.MAX_VALUE, '1.798e+308'],
    [Number.MIN_VALUE, '4.941e−324'],
    [Infinity, '∞'],
    [-Infinity, '−∞'],
    [NaN, '—'],
    [undefined, '—'],
    [null, '—'],
  ])('%s -> %s on the page', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it.each([
    [126000, '126000'],
    [0.73, '0.73'],
    [1234.5678, '1235'],
    [3.14159, '3.142'],
    [1e-5, '1.000e-5'],
    [2.5e12, '2500000000000'],
    [2.5e12 + 0.5, '2.500e+12'],
    [32265.96838, '32266'],
    [-2, '-2'],
    [NaN, '-'],
    [undefined, '-'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
  ])('%s -> %s in ASCII', (value, text) => {
    expect(formatNumber(value, ascii)).toBe(text);
  });

  it('takes fewer significant digits', () => {
    expect(formatNumber(32330.02, { digits: 3 })).toBe('32,330');
    expect(formatNumber(12.345, { digits: 3 })).toBe('12.3');
    expect(formatNumber(999.6, { digits: 3 })).toBe('1,000');
    expect(formatNumber(0.03125, { digits: 2 })).toBe('0.031');
    expect(formatNumber(1.44, { digits: 2 })).toBe('1.4');
    expect(formatNumber(12.4, { digits: 2 })).toBe('12');
    expect(formatNumber(125.6, { digits: 2 })).toBe('126');
  });

  it('takes fixed decimals, whole from 1000 up', () => {
    expect(formatNumber(0.7312, { decimals: 2 })).toBe('0.73');
    expect(formatNumber(126, { decimals: 2 })).toBe('126.00');
    expect(formatNumber(999.994, { decimals: 2 })).toBe('999.99');
    expect(formatNumber(17178.08, { decimals: 2 })).toBe('17,178');
    expect(formatNumber(17178.08, { decimals: 2, ascii: true })).toBe('17178');
    expect(formatNumber(-0.001, { decimals: 2 })).toBe('0.00');
    expect(formatNumber(-1.5, { decimals: 2 })).toBe('−1.50');
    expect(formatNumber(188.4, { decimals: 0 })).toBe('188');
    expect(formatNumber(NaN, { decimals: 2 })).toBe('—');
  });
});

describe('formatChange', () => {
  it.each([
    [3.6, '+3.6%', '+3.6%'],
    [100, '+100.0%', '+100.0%'],
    [-39.64, '−39.6%', '-39.6%'],
    [-66.667, '−66.7%', '-66.7%'],
    [17178.08, '+17,178.1%', '+17178.1%'],
    [0, '0.0%', '0.0%'],
    [-0.01, '0.0%', '0.0%'],
    [0.04, '0.0%', '0.0%'],
    [1e20, '+100,000,000,000,000,000,000.0%', '+100000000000000000000.0%'],
    [Infinity, '+∞', '+inf'],
    [-Infinity, '−∞', '-inf'],
    [NaN, '—', '-'],
    [undefined, '—', '-'],
    [null, '—', '-'],
  ])('%s -> %s (ASCII %s)', (pct, page, text) => {
    expect(formatChange(pct)).toBe(page);
    expect(formatChange(pct, ascii)).toBe(text);
  });
});

describe('formatRatioChange', () => {
  it('puts the change in percent beside the ratio', () => {
    expect(formatRatioChange({ before: 100, after: 113.2 })).toBe('×1.13 (+13.2%)');
    expect(formatRatioChange({ before: 10, after: 2 })).toBe('÷5 (−80.0%)');
    expect(formatRatioChange({ before: 0.73, after: 126.13 })).toBe('×173 (+17,178.1%)');
  });

  it('keeps the ASCII style for a terminal', () => {
    expect(formatRatioChange({ before: 100, after: 113.2 }, ascii)).toBe('x1.13 (+13.2%)');
    expect(formatRatioChange({ before: 10, after: 2 }, ascii)).toBe('/5 (-80.0%)');
    expect(formatRatioChange({ before: 0.73, after: 126.13 }, ascii)).toBe('x173 (+17178.1%)');
  });

  it('is "=" for equal figures and none without a ratio', () => {
    expect(formatRatioChange({ before: 3, after: 3 })).toBe('=');
    expect(formatRatioChange({ before: 0, after: 0 })).toBe('=');
    expect(formatRatioChange({ before: 0, after: 5 })).toBe('—');
    expect(formatRatioChange({ before: 0, after: 5 }, ascii)).toBe('-');
    expect(formatRatioChange({ before: null, after: 5 })).toBe('—');
  });
});

describe('formatRatio', () => {
  it('says how many times more or less after is', () => {
    expect(formatRatio({ before: 1, after: 170 })).toBe('×170');
    expect(formatRatio({ before: 0.73, after: 126 })).toBe('×173');
    expect(formatRatio({ before: 10, after: 2 })).toBe('÷5');
    expect(formatRatio({ before: 10, after: 2 }, ascii)).toBe('/5');
    expect(formatRatio({ before: 0.73, after: 126 }, ascii)).toBe('x173');
    expect(formatRatio({ before: 1, after: 12345 })).toBe('×12,345');
  });

  it('is "=" for equal figures, 0 to 0 included', () => {
    expect(formatRatio({ before: 3, after: 3 })).toBe('=');
    expect(formatRatio({ before: 0, after: 0 })).toBe('=');
  });

  it('has none from 0, without a figure, or for a quotient out of range', () => {
    expect(formatRatio({ before: 0, after: 2 })).toBe('—');
    expect(formatRatio({ before: 1, after: 0 })).toBe('×0');
    expect(formatRatio({ before: undefined, after: 1 }, ascii)).toBe('-');
    expect(formatRatio({ before: 1, after: NaN })).toBe('—');
    expect(formatRatio({ before: 1e-300, after: 1e300 })).toBe('—');
  });

  it('keeps the sign of a negative ratio', () => {
    expect(formatRatio({ before: -2, after: 4 })).toBe('×−2');
  });
});

describe('formatShare', () => {
  it('words shares as the heatmaps do', () => {
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.0004)).toBe('<0.1%');
    expect(formatShare(0.053)).toBe('5.3%');
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(19.39)).toBe('1,939%');
  });

  it('takes fixed decimals', () => {
    expect(formatShare(0.8715, { decimals: 1 })).toBe('87.2%');
    expect(formatShare(0.5, { decimals: 1 })).toBe('50.0%');
    expect(formatShare(0.9549, { decimals: 0 })).toBe('95%');
    expect(formatShare(0.0004, { decimals: 0 })).toBe('0%');
  });

  it('keeps a negative share negative, and has none for NaN', () => {
    expect(formatShare(-0.25)).toBe('−25%');
    expect(formatShare(-0.0004)).toBe('>−0.1%');
    expect(formatShare(-0.25, ascii)).toBe('-25%');
    expect(formatShare(NaN)).toBe('—');
    expect(formatShare(undefined, ascii)).toBe('-');
    expect(formatShare(Infinity)).toBe('∞%');
  });
});

describe('formatRange', () => {
  it('prints min–max, or one figure when both ends print alike', () => {
    expect(formatRange({ min: 0.7312, max: 0.75 }, { decimals: 2 })).toBe('0.73–0.75');
    expect(formatRange({ min: 2.291, max: 2.294 }, { decimals: 2 })).toBe('2.29');
    expect(formatRange({ min: 0.7312, max: 0.75 })).toBe('0.7312–0.75');
    expect(formatRange({ min: 1200, max: 2400 })).toBe('1,200–2,400');
  });

  it('prints min..max in ASCII, unambiguous beside negative values', () => {
    expect(formatRange({ min: 0.7312, max: 0.75 }, ascii)).toBe('0.7312..0.75');
    expect(formatRange({ min: -2, max: 3 }, ascii)).toBe('-2..3');
    expect(formatRange({ min: 5, max: 5 }, ascii)).toBe('5');
  });

  it('takes a formatter for the ends', () => {
    expect(formatRange({ min: 46.118, max: 890.9 }, { format: (v) => formatSeconds(v) })).toBe('46.12 s–890.9 s');
    expect(formatRange({ min: 0.95, max: 0.99 }, { format: (v) => formatShare(v, { decimals: 0 }) })).toBe('95%–99%');
  });

  it('has none when an end is missing', () => {
    expect(formatRange({ min: NaN, max: 1 }, ascii)).toBe('-');
    expect(formatRange({ min: undefined, max: 1 }, ascii)).toBe('-');
    expect(formatRange({ min: 1, max: null })).toBe('—');
  });
});

describe('formatDuration and formatTimeRange', () => {
  it('picks the largest unit that keeps the figure >= 1', () => {
    expect(formatDuration(0)).toBe('0 ns');
    expect(formatDuration(850)).toBe('850 ns');
    expect(formatDuration(12_345)).toBe('12.3 µs');
    expect(formatDuration(4_560_000)).toBe('4.56 ms');
    expect(formatDuration(2_000_000_000)).toBe('2 s');
    expect(formatDuration(0.5)).toBe('0.5 ns');
    expect(formatDuration(3.6e12)).toBe('3,600 s');
  });

  it('signs a negative duration and has none for NaN', () => {
    expect(formatDuration(-1_500)).toBe('−1.5 µs');
    expect(formatDuration(-1_500, ascii)).toBe('-1.5 µs');
    expect(formatDuration(NaN)).toBe('—');
    expect(formatDuration(undefined, ascii)).toBe('-');
  });

  it('puts a range in the unit of its larger end', () => {
    expect(formatTimeRange(1_200_000, 2_400_000)).toBe('1.2–2.4 ms');
    expect(formatTimeRange(0, 500_000)).toBe('0–500 µs');
    expect(formatTimeRange(0, 500_000, ascii)).toBe('0..500 µs');
  });
});

describe('formatSeconds', () => {
  it('prints as many decimals as the column of a time(1) table', () => {
    expect(formatSeconds(890.9)).toBe('890.9 s');
    expect(formatSeconds(46.118)).toBe('46.12 s');
    expect(formatSeconds(3.7)).toBe('3.70 s');
    expect(formatSeconds(0)).toBe('0.00 s');
    expect(formatSeconds(0.00123)).toBe('0.0012 s');
    expect(formatSeconds(12345.6)).toBe('12,346 s');
    expect(formatSeconds(12345.6, ascii)).toBe('12346 s');
    expect(formatSeconds(-2.5)).toBe('−2.50 s');
    expect(formatSeconds(NaN)).toBe('—');
    expect(formatSeconds(Infinity)).toBe('—');
  });
});

describe('formatBytes', () => {
  it('prints binary units, one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(formatBytes(12_345_678)).toBe('11.8 MiB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MiB');
    expect(formatBytes(40 * 1024 * 1024)).toBe('40.0 MiB');
    expect(formatBytes(3 * 2 ** 40)).toBe('3.0 TiB');
    expect(formatBytes(2 ** 60)).toBe('1,048,576 TiB');
    expect(formatBytes(NaN)).toBe('—');
  });
});

describe('citationText', () => {
  it("writes a mail's date in words, a day or a month", () => {
    expect(formatMailDate('2022-02-21')).toBe('21 Feb 2022');
    expect(formatMailDate('2024-06-11')).toBe('11 Jun 2024');
    expect(formatMailDate('2014-08')).toBe('Aug 2014');
    expect(formatMailDate('2014-13')).toBe('2014-13');
    expect(formatMailDate('Aug 2014')).toBe('Aug 2014');
  });
  it('names the author, the list and the date', () => {
    expect(citationText({ author: 'Ritesh Harjani (IBM)', list: 'linux-ext4', date: '2022-02-21' })).toBe(
      'Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022',
    );
  });
});
