/**
 * `kernel compare` as every lab meets it: its refusals, and the mails'
 * figures it puts beside a run. A lab's own rows and figures are tested in
 * its folder (kernel-lab/labs/<id>/compare.test.ts); the examples here are
 * the registry's first labs that keep results files (tests/kernel-results.ts).
 */
import { describe, expect, it } from 'vitest';
import { MAIL_FIGURES, mailStatedPct } from '../../kernel-lab/mail-changes';
import { changePct } from '../../lib/compare';
import { KERNEL_LABS, MetricKey } from '../../lib/kernel-results';
import { compareExamples, result, resultText } from '../../tests/kernel-results';
import { UsageError } from '../errors';
import { compareResults, compareTexts } from './compare';

const { lab, other } = compareExamples();

describe('compareResults', () => {
  const before = result(lab, 'before');

  it('refuses two labs, naming both files', () => {
    const run = (): unknown => compareResults(before, result(other, 'after'), ['a.json', 'b.json']);
    expect(run).toThrow(UsageError);
    expect(run).toThrow(`a.json is a ${lab} result and b.json a ${other} result: compare two runs of one lab`);
  });

  it('refuses a file that is not a result, naming the file and the field', () => {
    const broken = resultText(lab, 'after').replace('"variant": "after"', '"variant": "later"');
    expect(broken).not.toBe(resultText(lab, 'after'));
    expect(() => compareTexts(resultText(lab, 'before'), broken, ['a.json', 'b.json'])).toThrow(
      /^b\.json is not a journalclub kernel result: variant: /,
    );
    expect(() => compareTexts('{', broken, ['a.json', 'b.json'])).toThrow(/^a\.json is not JSON/);
  });
});

describe("the mails' figures", () => {
  it('cover every lab with metric keys the results schema accepts', () => {
    for (const lab of KERNEL_LABS) {
      expect(MAIL_FIGURES[lab].length, lab).toBeGreaterThan(0);
      for (const f of MAIL_FIGURES[lab]) {
        expect(MetricKey.safeParse(f.metric).success, `${lab} ${f.metric}`).toBe(true);
        expect(f.citation, `${lab} ${f.metric}`).toMatch(/\d{4}/);
        expect(Number.isFinite(f.before) && Number.isFinite(f.after)).toBe(true);
      }
    }
  });

  it("state the changes the mails state, close to their figures, or shown as the mail's own where it differs", () => {
    /* a stated change apart from its figures' (one mail's -39.6% for -33.1%, held in its lab's folder) is printed beside them as "the mail states" */
    for (const lab of KERNEL_LABS) {
      for (const f of MAIL_FIGURES[lab].filter((x) => x.stated_pct !== undefined)) {
        const gap = Math.abs(f.stated_pct! - changePct(f.before, f.after)!);
        if (gap >= Math.max(0.5, Math.abs(f.stated_pct!) * 0.001)) expect(mailStatedPct(f), `${lab} ${f.metric} ${f.where}`).toBe(f.stated_pct);
      }
    }
  });

  it("keep the change a text states only where it is not its figures' change rounded", () => {
    expect(mailStatedPct({ before: 0, after: 5, stated_pct: 12 })).toBe(12);
    expect(mailStatedPct({ before: 100, after: 110, stated_pct: 10 })).toBeUndefined();
    expect(mailStatedPct({ before: 100, after: 110 })).toBeUndefined();
  });
});
