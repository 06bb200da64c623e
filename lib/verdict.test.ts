import { describe, expect, it } from 'vitest';
import {
  changeSize,
  changeText,
  mailRatio,
  pairedChange,
  pairInRunOrder,
  rangesWithinNoise,
  tCritical95,
  tryVerdict,
  verdict,
  verdictReason,
  verdictWords,
  VERDICTS,
} from './verdict';

/** before values around 100, and after values each its pair's times `factor`, with a little noise of their own */
const BEFORE = [100, 104, 97, 101, 99, 103, 98, 102, 100, 96];
const NOISE = [1.01, 0.99, 1.02, 0.98, 1.0, 1.01, 0.99, 1.0, 1.02, 0.98];
const times = (factor: number) => BEFORE.map((b, i) => b * factor * NOISE[i]!);

describe('pairedChange', () => {
  it('takes the geometric mean ratio with a t interval over the pairs', () => {
    const c = pairedChange([1, 1, 1], [2, 4, 8]);
    /* log2 ratios 1, 2, 3: mean 2, sd 1; ln-space half width t(2) * sd / sqrt(3) */
    expect(c.ratio).toBeCloseTo(4, 10);
    const half = 4.303 * Math.LN2 / Math.sqrt(3);
    expect(c.low).toBeCloseTo(4 * Math.exp(-half), 10);
    expect(c.high).toBeCloseTo(4 * Math.exp(half), 10);
    expect(c.t).toBe(4.303);
  });

  it('gives identical pairs a zero-width interval', () => {
    const c = pairedChange([10, 20, 30], [15, 30, 45]);
    expect([c.ratio, c.low, c.high].map((x) => x.toFixed(12))).toEqual(['1.500000000000', '1.500000000000', '1.500000000000']);
  });

  it('refuses NaN, infinite, zero and negative values, naming the pair and side', () => {
    expect(() => pairedChange([1, NaN], [1, 2])).toThrow(/pair 2's before value is NaN: a ratio needs positive finite values/);
    expect(() => pairedChange([1, 2], [Infinity, 2])).toThrow(/pair 1's after value is Infinity/);
    expect(() => pairedChange([1, 0], [1, 2])).toThrow(/pair 2's before value is 0/);
    expect(() => pairedChange([1, 2], [1, -2])).toThrow(/pair 2's after value is -2/);
    expect(() => pairedChange([1, 2, 3], [1, 2])).toThrow(/as many after values as before values \(got 3 before, 2 after\)/);
    expect(() => pairedChange([1], [2])).toThrow(/at least 2 pairs, got 1/);
  });
});

describe('verdict', () => {
  it('says "as the mail" for the same direction, clear of no change, within a factor of two of the mail\'s size', () => {
    const v = verdict(BEFORE, times(1.3), { ratio: 1.2 });
    expect(v.kind).toBe('as the mail');
    expect(v.low).toBeGreaterThan(1);
    expect(verdict(BEFORE, times(1 / 1.3), { ratio: 1 / 1.2 }).kind).toBe('as the mail');
  });

  it('says "weaker" and "stronger" when the size is off by more than two', () => {
    expect(verdict(BEFORE, times(7.9), { ratio: 173 }).kind).toBe('weaker than the mail');
    expect(verdict(BEFORE, times(1.5), { ratio: 1.2 }).kind).toBe('stronger than the mail');
    /* a fall is weighed as the factor it divides by: ÷2 (size 1) against ÷10 (size 9) */
    expect(verdict(BEFORE, times(0.5), { ratio: 0.1 }).kind).toBe('weaker than the mail');
  });

  it('says "within the noise" when the interval includes no change', () => {
    const after = BEFORE.map((b, i) => b * NOISE[i]!);
    const v = verdict(BEFORE, after, { ratio: 2 });
    expect(v.kind).toBe('within the noise');
    expect(v.low).toBeLessThan(1);
    expect(v.high).toBeGreaterThan(1);
  });

  it('says "against the mail" for the opposite direction clear of no change', () => {
    const v = verdict(BEFORE, times(1.4), { ratio: 50.3 / 178.3 });
    expect(v.kind).toBe('against the mail');
    expect(verdictReason(v)).toMatch(/goes the other way from the mail's ÷3\.54/);
  });

  it('names all five verdicts, and no other against a mail figure', () => {
    const seen = new Set([1.3, 7.9, 1.5, 1, 0.5].map((f, i) => verdict(BEFORE, i === 3 ? BEFORE.map((b, k) => b * NOISE[k]!) : times(f), { ratio: [1.2, 173, 1.2, 2, 1.2][i]! }).kind));
    expect([...seen].sort()).toEqual([...VERDICTS].sort());
  });

  it('for a mail change within its noise, says whether the simulator\'s is too', () => {
    const mail = { ratio: 1.036, withinNoise: true, noise: 'rows 1 to 5 read as unchanged' };
    const quiet = verdict(BEFORE, BEFORE.map((b, i) => b * NOISE[i]!), mail);
    expect(quiet).toMatchObject({ kind: 'within the noise', noise: { sim: true } });
    expect(verdictWords(quiet)).toBe('within the noise, as the mail');
    expect(verdictReason(quiet)).toMatch(/is no change beyond the noise, as the mail's \+3\.6% is within its noise \(the mail's noise: rows 1 to 5/);
    /* clear of no change, but no larger than the change the mail reads as noise */
    const small = verdict(BEFORE, times(1.02), mail);
    expect(small.low).toBeGreaterThan(1);
    expect(small).toMatchObject({ kind: 'within the noise', noise: { sim: true } });
    const loud = verdict(BEFORE, times(1.3), mail);
    expect(loud).toMatchObject({ kind: 'stronger than the mail', noise: { sim: false } });
    expect(verdictWords(loud)).toMatch(/stronger than the mail \(its change is noise\)/);
    expect(verdictReason(loud)).toMatch(/is clear of no change and larger than the mail's noise \(its \+3\.6%\), where the mail's \+3\.6% is within it/);
    /* a noise that spans more than the mail's own change: +4% is within ±5% */
    const wide = { ratio: 1.01, withinNoise: true, noiseSize: 0.05 };
    expect(verdict(BEFORE, times(1.04), wide)).toMatchObject({ kind: 'within the noise', noise: { sim: true } });
    expect(verdictReason(verdict(BEFORE, times(1.3), wide))).toMatch(/larger than the mail's noise \(\+5\.0%\)/);
  });

  it('takes a mail change of zero as no change: a clear simulator change is stronger', () => {
    expect(verdict(BEFORE, times(1.3), { ratio: 1 })).toMatchObject({ kind: 'stronger than the mail', noise: { sim: false } });
    expect(verdict(BEFORE, BEFORE, { ratio: 1 })).toMatchObject({ kind: 'within the noise', noise: { sim: true } });
  });

  it('calls identical values no change, and identical ratios a change with no spread', () => {
    expect(verdict([5, 5, 5], [5, 5, 5], { ratio: 2 })).toMatchObject({ kind: 'within the noise', ratio: 1, low: 1, high: 1 });
    expect(verdict([5, 5, 5], [10, 10, 10], { ratio: 2 }).kind).toBe('as the mail');
  });

  it('with fewer than two pairs says "too few runs" and how many it needs', () => {
    const v = verdict([5], [10], { ratio: 2 });
    expect(v.kind).toBe('too few runs');
    expect(verdictWords(v)).toBe('too few runs (1; 2 needed)');
    expect(changeText(v)).toBe('1 run a side');
    expect(verdict([], [], null).kind).toBe('too few runs');
  });

  it('without a mail figure says "within the noise" or "no mail figure"', () => {
    expect(verdict(BEFORE, times(2), null).kind).toBe('no mail figure');
    expect(verdict(BEFORE, BEFORE, null).kind).toBe('within the noise');
  });

  it('refuses bad input with the pair named, and a mail ratio that is not positive', () => {
    expect(() => verdict([1, 2], [1, NaN], { ratio: 2 })).toThrow(/pair 2's after value is NaN/);
    expect(() => verdict([1, 2], [1, 2], { ratio: 0 })).toThrow(/the mail's change must be a positive finite ratio after \/ before, not 0/);
    expect(() => verdict([1, 2], [1, 2], { ratio: NaN })).toThrow(/not NaN/);
  });
});

describe('tryVerdict', () => {
  it('gives "no verdict" with the refusal where verdict() would throw', () => {
    const v = tryVerdict([1, 0], [1, 2], { ratio: 2 });
    expect(v).toMatchObject({ kind: 'no verdict', n: 2, refused: expect.stringMatching(/pair 2's before value is 0/) });
    expect(verdictWords(v)).toBe('no verdict');
    expect(verdictReason(v)).toMatch(/^no verdict: pair 2's before value is 0/);
    expect(tryVerdict(BEFORE, times(1.3), { ratio: 1.2 }).kind).toBe('as the mail');
  });
});

describe('pairInRunOrder', () => {
  it('pairs the i-th before run with the i-th after run, leaving the surplus unpaired', () => {
    const runs = [
      { variant: 'before', value: 1 },
      { variant: 'after', value: 2 },
      { variant: 'before', value: 3 },
      { variant: 'after', value: 4 },
      { variant: 'before', value: 5 },
    ];
    expect(pairInRunOrder(runs)).toEqual({ before: [1, 3], after: [2, 4], unpaired: 1 });
    expect(pairInRunOrder(runs, ['after', 'before'])).toEqual({ before: [2, 4], after: [1, 3], unpaired: 1 });
  });
});

describe('the mail side', () => {
  it("takes the mail's ratio from its figures, else from its stated change", () => {
    expect(mailRatio({ before: 0.73, after: 126.13 })).toBeCloseTo(172.78, 2);
    expect(mailRatio({ before: null, after: null, change_pct: -5 })).toBe(0.95);
    expect(() => mailRatio({ before: 0, after: 3 })).toThrow(/give no ratio: both must be positive/);
    expect(() => mailRatio({})).toThrow(/needs its two figures or a stated change/);
  });

  it("reads ministat's statistics as within the noise when the pooled t interval includes no difference", () => {
    /* a mail's 178 ± 51 against 50 ± 3 over three runs each: apart at 95% */
    expect(rangesWithinNoise({ n: 3, avg: 178.33, stddev: 50.77 }, { n: 3, avg: 50.33, stddev: 3.21 })).toBe(false);
    /* 29839 ± 6621 against 16743 ± 15078: within the noise */
    expect(rangesWithinNoise({ n: 3, avg: 29838.7, stddev: 6620.7 }, { n: 3, avg: 16743, stddev: 15078.2 })).toBe(true);
    expect(rangesWithinNoise({ n: 1, avg: 1, stddev: 0 }, { n: 3, avg: 2, stddev: 1 })).toBeUndefined();
  });

  it('sizes a change as its factor less one, alike both ways', () => {
    expect(changeSize(1.2)).toBeCloseTo(0.2, 12);
    expect(changeSize(1 / 1.2)).toBeCloseTo(0.2, 12);
    expect(changeSize(173)).toBeCloseTo(172, 10);
  });

  it('takes t from the 95% table and refuses a df below 1', () => {
    expect([1, 9, 30, 35, 200].map(tCritical95)).toEqual([12.706, 2.262, 2.042, 2.042, 1.98]);
    expect(() => tCritical95(0)).toThrow(/at least 1, not 0/);
  });
});
