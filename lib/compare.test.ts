import { describe, expect, it } from 'vitest';
import { change, changePct, changesDiffer, ratio, SAME_CHANGE_POINTS } from './compare';

describe('change and changePct', () => {
  it('is after - before over |before|', () => {
    expect(change(100, 125)).toBe(0.25);
    expect(changePct(100, 125)).toBe(25);
    expect(changePct(2000, 4000)).toBe(100);
    expect(changePct(200, 100)).toBe(-50);
    expect(changePct(0.73, 126.13)).toBeCloseTo(17178.08, 1);
  });

  it('keeps the sign of after - before when before is negative', () => {
    expect(changePct(-4, -2)).toBe(50);
    expect(changePct(-10, -5)).toBe(50);
    expect(changePct(-2, -4)).toBe(-100);
  });

  it('is 0 from 0 to 0 and has no value from 0 to anything else', () => {
    expect(changePct(0, 0)).toBe(0);
    expect(changePct(0, 5)).toBeUndefined();
    expect(changePct(0, -5)).toBeUndefined();
  });

  it('has no value without both figures', () => {
    expect(changePct(undefined, 5)).toBeUndefined();
    expect(changePct(3, null)).toBeUndefined();
    expect(changePct(NaN, 1)).toBeUndefined();
    expect(changePct(1, Infinity)).toBeUndefined();
  });

  it('stays exact for huge and tiny figures', () => {
    expect(changePct(1e300, 2e300)).toBe(100);
    expect(changePct(1e-300, 3e-300)).toBeCloseTo(200, 9);
    expect(changePct(1e-9, 1e9)).toBeCloseTo(1e20, -6);
  });

  it('runs backwards when the figures swap', () => {
    expect(changePct(55.01, 53.97)).toBeCloseTo(((53.97 - 55.01) / 55.01) * 100, 12);
  });
});

describe('ratio', () => {
  it('is after over before', () => {
    expect(ratio(0.73, 126)).toBeCloseTo(172.6, 1);
    expect(ratio(10, 2)).toBe(0.2);
    expect(ratio(-2, 4)).toBe(-2);
  });

  it('is 1 from 0 to 0 and has no value from 0 to anything else or without a figure', () => {
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(0, 1)).toBeUndefined();
    expect(ratio(undefined, 1)).toBeUndefined();
    expect(ratio(1, NaN)).toBeUndefined();
    expect(ratio(1e-300, 1e300)).toBeUndefined();
  });
});

describe('changesDiffer', () => {
  it('tells a rounded change from another one', () => {
    expect(changesDiffer(17178, changePct(0.73, 126.13))).toBe(false);
    expect(changesDiffer(-39.6, changePct(341.833, 228.847))).toBe(true);
    expect(changesDiffer(1, 1 + SAME_CHANGE_POINTS)).toBe(false);
    expect(changesDiffer(1, 1 + SAME_CHANGE_POINTS + 0.01)).toBe(true);
  });

  it('holds a missing change apart from any other', () => {
    expect(changesDiffer(5, undefined)).toBe(true);
    expect(changesDiffer(null, 5)).toBe(true);
    expect(changesDiffer(undefined, NaN)).toBe(false);
  });
});
