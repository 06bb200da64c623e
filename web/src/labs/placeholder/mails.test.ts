import { describe, expect, it } from 'vitest';
import { LABS } from '../../app/labs';
import { KERNEL_LABS, type KernelLab } from '../../../../lib/kernel-results';
import { MAIL_PAGES } from './mails';
import { MAILS, mailFigures } from '../../../../lib/mails';
import { citationText } from '../../../../lib/format';
import { numericColumns } from './figureTable';

const coming = LABS.filter((l) => l.status === 'coming');

describe('the placeholder pages', () => {
  /* once every lab has its page, no lab is coming and this holds vacuously */
  it('every coming lab has one', () => {
    for (const lab of coming) {
      expect(KERNEL_LABS as readonly string[], lab.id).toContain(lab.id);
      expect(MAIL_PAGES[lab.id as KernelLab], lab.id).toBeDefined();
    }
  });

  for (const page of Object.values(MAIL_PAGES)) {
    it(`${page.lab}: a short summary, links and well-formed figure tables`, () => {
      expect(page.summary.length).toBeGreaterThanOrEqual(2);
      expect(page.summary.length).toBeLessThanOrEqual(4);
      expect(page.links.length).toBeGreaterThan(0);
      for (const l of page.links) expect(l.href).toMatch(/^https:\/\//);
      expect(page.citation).toMatch(/\d{4}/);
      expect(page.figures.length).toBeGreaterThan(0);
      for (const t of page.figures) {
        expect(t.rows.length).toBeGreaterThan(0);
        for (const row of t.rows) expect(row.length, `${t.caption}: ${row.join(' | ')}`).toBe(t.columns.length);
      }
    });
  }
});

describe("the placeholder pages' figures", () => {
  it('cite the mail as lib/mails.ts does', () => {
    for (const page of Object.values(MAIL_PAGES)) {
      expect(page.citation).toBe(citationText(MAILS[page.lab].cite));
      expect(page.subject).toBe(MAILS[page.lab].cite.subject);
      expect(page.links.map((l) => l.href)).toContain(MAILS[page.lab].cite.url);
    }
  });

  it("extent-status: a row per metric and case of the mail, its cells lib/mails.ts's figures", () => {
    const [table] = MAIL_PAGES['extent-status']!.figures;
    const variants = table!.columns.slice(2);
    expect(variants).toEqual(['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc']);
    const cells = table!.rows.flatMap((r) => r.slice(2));
    expect(cells).toHaveLength(MAILS['extent-status'].figures.length);
    for (const [i, f] of mailFigures('extent-status', { variant: 'baseline' }).entries()) {
      expect(table!.rows[i]![1]).toBe(f.where.case);
      variants.forEach((v, k) => expect(table!.rows[i]![2 + k]).toBe(mailFigures('extent-status', { metric: f.metric, variant: v, where: f.where })[0]!.value));
    }
  });

  it('btrfs-fsync and ext4-writeback: the figures the mail is known for', () => {
    const [dbench] = MAIL_PAGES['btrfs-fsync']!.figures;
    expect(dbench!.rows[0]).toEqual([32, 1008.02, 1049.91, '+4.1%', 341.833, 228.847, '−39.6%']);
    const [fio, histogram] = MAIL_PAGES['ext4-writeback']!.figures;
    expect(fio!.rows.find((r) => r[0] === 'iops')).toEqual(['iops', 449, 460]);
    expect(fio!.rows.find((r) => r[0] === 'jbd2 handles per transaction')).toEqual(['jbd2 handles per transaction', 51, 67]);
    expect(fio!.rows.find((r) => String(r[0]).startsWith('clat p50'))?.slice(1)).toEqual(['58 / 107 / 10048 / 20096', '59 / 110 / 10048 / 21632']);
    expect(histogram!.rows[0]).toEqual(['0-1', 1635, 4246]);
    expect(histogram!.rows).toHaveLength(15);
  });
});

describe('numericColumns', () => {
  it('right-aligns columns of figures, never the first', () => {
    expect(
      numericColumns({
        caption: 'c',
        columns: ['metric', 'case', 'a', 'b'],
        rows: [
          ['x', 'a', 1.5, '58 / 107'],
          ['y', 'b', 2, '−39.6%'],
        ],
      }),
    ).toEqual([false, false, true, true]);
    expect(numericColumns({ caption: 'c', columns: ['n', 'v'], rows: [[1, 'n/a']] })).toEqual([false, false]);
  });
});
