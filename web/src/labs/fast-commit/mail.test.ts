/**
 * mails/fast-commit.json as lib/mails.ts serves it: its rows of K creates/s and the noise
 * it reads in rows 1 to 5.
 */
import { describe, expect, it } from 'vitest';
import { MAILS, mailFigures, mailPairs, mailRowChange } from '../../../../lib/mails';

describe('the fast-commit mail through lib/mails.ts', () => {
  it('filters by variant and the values of where it names', () => {
    expect(mailFigures('fast-commit', { where: { row: '7' }, variant: 'before' }).map((f) => f.value)).toEqual([0.73]);
  });

  it("pairs its rows' before and after, and names no variants in its rows", () => {
    expect(mailPairs('fast-commit', 'creates_per_s')).toHaveLength(8);
    expect(MAILS['fast-commit'].rows.every((r) => !r.variantsNamed && r.change_pct === null)).toBe(true);
  });

  it("gives a row's ratio and whether the mail's change is within the noise it states", () => {
    const quiet = mailRowChange('fast-commit', 1)!;
    expect(quiet.ratio).toBeCloseTo(17.51 / 16.9, 12);
    expect(quiet).toMatchObject({ withinNoise: true, noise: expect.stringMatching(/rows 1 to 5 as unaffected/) });
    /* the noise spans the largest change of the rows the mail reads as unaffected: row 1's +3.6% */
    expect(quiet.noiseSize).toBeCloseTo(17.51 / 16.9 - 1, 12);
    expect(mailRowChange('fast-commit', 4)?.noiseSize).toBeCloseTo(17.51 / 16.9 - 1, 12);
    expect(mailRowChange('fast-commit', 7)).toEqual({ ratio: 126.13 / 0.73 });
  });
});
