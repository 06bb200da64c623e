/**
 * mails/extent-status.json as lib/mails.ts serves it: the mail's five ministat tables, its
 * rows, their noise and its citation.
 */
import { describe, expect, it } from 'vitest';
import { citationText } from '../../../../lib/format';
import { mailFigure, mailFigures, mailPairs, mailRowChange, MAILS } from '../../../../lib/mails';
import { mailOf, rowFigures } from '../../../../lib/mail-schema.mjs';
import { MAIL_FILES } from '../../../../lib/mails.gen';

/* the mail's five columns, the series applied in steps */
const EXTENT_STATUS_VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'] as const;

describe('the extent-status mail', () => {
  const tables: [metric: string, cases: string[]][] = [
    ['avg_scan_us', ['a', 'b', 'c']],
    ['max_scan_us', ['a', 'b', 'c']],
    ['hits', ['a', 'b', 'c']],
    ['user_avg_latency_us', ['a', 'b']],
    ['user_max_latency_us', ['a', 'b']],
    ['read_avg_latency_us', ['c']],
    ['write_avg_latency_us', ['c']],
    ['read_max_latency_us', ['c']],
    ['write_max_latency_us', ['c']],
  ];

  it('holds every (metric, case, variant) of its five ministat tables exactly once, and nothing else', () => {
    let cells = 0;
    for (const [metric, cases] of tables)
      for (const c of cases)
        for (const variant of EXTENT_STATUS_VARIANTS) {
          expect(mailFigures('extent-status', { metric, variant, where: { case: c } }), `${metric} ${c} ${variant}`).toHaveLength(1);
          cells++;
        }
    expect(cells).toBe(85);
    expect(MAILS['extent-status'].figures).toHaveLength(cells);
  });

  it('keeps ministat statistics that agree with themselves', () => {
    for (const f of MAILS['extent-status'].figures) {
      const r = f.range!;
      const what = `${f.metric} ${f.where.case} ${f.variant}`;
      expect(r.n, what).toBe(3);
      expect(r.min, what).toBeLessThanOrEqual(r.median);
      expect(r.median, what).toBeLessThanOrEqual(r.max);
      expect(r.avg, what).toBeGreaterThanOrEqual(r.min);
      expect(r.avg, what).toBeLessThanOrEqual(r.max);
      // with three runs the middle one is the median, so the mean gives their sum
      expect(Math.abs(r.min + r.median + r.max - 3 * r.avg), what).toBeLessThan(Math.max(1, 3e-6 * r.avg));
      // figures.md rounds ministat's Avg (to 0.1 for the scan times and hits)
      expect(Math.abs(f.value - r.avg), what).toBeLessThanOrEqual(1);
    }
  });

  it('reads as the mail prints it (cells checked by hand)', () => {
    const cell = (metric: string, c: string, variant: string) => mailFigure('extent-status', { metric, variant, where: { case: c } });
    expect(cell('avg_scan_us', 'a', 'baseline')).toEqual({
      metric: 'avg_scan_us',
      unit: 'us',
      where: { case: 'a' },
      variant: 'baseline',
      value: 10195.7,
      range: { n: 3, min: 9402, max: 11552, median: 9633, avg: 10195.667, stddev: 1180.284 },
    });
    expect(cell('avg_scan_us', 'a', 'es-ilist')?.value).toBe(212.3);
    expect(cell('max_scan_us', 'b', 'es-gc')?.range).toEqual({ n: 3, min: 38747, max: 84505, median: 45682, avg: 56311.333, stddev: 24661.421 });
    expect(cell('hits', 'c', 'es-cache')?.value).toBe(1864937);
    expect(cell('hits', 'a', 'es-gc')?.unit).toBe('');
    expect(cell('user_avg_latency_us', 'a', 'es-ilist')?.value).toBe(2854.3);
    expect(cell('user_max_latency_us', 'b', 'baseline')?.value).toBe(3382267);
    expect(cell('read_avg_latency_us', 'c', 'es-gc')?.range?.median).toBe(165.71);
    expect(cell('write_max_latency_us', 'c', 'es-ilist')?.range?.min).toBe(28472300);
    expect(cell('user_avg_latency_us', 'c', 'baseline')).toBeUndefined();
  });
});

describe('the extent-status mail through lib/mails.ts', () => {
  it('filters by metric, variant and the values of where it names', () => {
    expect(mailFigures('extent-status', { metric: 'avg_scan_us' })).toHaveLength(15);
    expect(mailFigures('extent-status', { variant: 'es-gc', where: { case: 'c' } })).toHaveLength(7);
  });

  it('reads its citation as the pages print it', () => {
    expect(citationText(MAILS['extent-status'].cite)).toBe('Zheng Liu, linux-ext4, 7 Aug 2014');
  });

  it("pairs a row's before and after", () => {
    expect(mailPairs('extent-status', 'hits', { variants: ['baseline', 'es-gc'] }).map((p) => [p.where.case, p.before, p.after])).toEqual([
      ['a', 4787.7, 10422428],
      ['b', 1646592.3, 9732236],
      ['c', 14895.7, 1805076],
    ]);
  });

  it("resolves each row's figures from the mail's", () => {
    expect(MAILS['extent-status'].rows.map((r) => [r.row, r.before, r.after, r.variants.join('->')])).toEqual([
      [1, 10195.7, 212.3, 'baseline->es-ilist'],
      [2, 29838.7, 526, 'baseline->es-slist'],
      [3, 178.3, 50.3, 'baseline->es-slist'],
    ]);
    const es = mailOf('extent-status', structuredClone(MAIL_FILES['extent-status']));
    expect(rowFigures(es, es.rows[0]!)).toMatchObject({ before: 10195.7, after: 212.3, variants: ['baseline', 'es-ilist'] });
  });

  it("gives a row's ratio and its noise from ministat's statistics of the two figures", () => {
    expect(mailRowChange('extent-status', 3)).toMatchObject({ ratio: 50.3 / 178.3, withinNoise: false, noise: expect.stringMatching(/3 and 3 runs/) });
  });
});
