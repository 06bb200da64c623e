import { describe, expect, it } from 'vitest';
import { LABS } from '../../app/labs';
import { KERNEL_LABS, type KernelLab } from '../../../../lib/kernel-results';
import { MAIL_PAGES } from './mails';
import { numericColumns } from './figureTable';

const coming = LABS.filter((l) => l.status === 'coming');

describe('the placeholder pages', () => {
  it('every coming lab has one', () => {
    expect(coming.length).toBeGreaterThan(0);
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
