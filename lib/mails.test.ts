import { describe, expect, it } from 'vitest';
import { citationText } from './format';
import { MAIL_LAB_IDS, MAILS, mailFigure, mailFigures, mailLinks, mailPair, mailChangeOf, mailPairs, mailRowChange, mailValue } from './mails';

/* the extent-status mail's five columns, the series applied in steps */
const EXTENT_STATUS_VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'] as const;

describe('MAILS', () => {
  it('has every lab, each under its own id, with a complete citation', () => {
    expect(Object.keys(MAILS).sort()).toEqual([...MAIL_LAB_IDS].sort());
    for (const id of MAIL_LAB_IDS) {
      const { lab, cite, figures } = MAILS[id];
      expect(lab).toBe(id);
      expect(cite.date, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(cite.date)), id).toBe(false);
      expect(cite.url, id).toMatch(/^https:\/\//);
      expect(cite.author && cite.list && cite.subject, id).toBeTruthy();
      if (cite.commit !== undefined) expect(cite.commit, id).toMatch(/^[0-9a-f]{12}$/);
      expect(figures.length, id).toBeGreaterThan(0);
    }
  });

  it('names every figure once: no two share metric, variant and where', () => {
    for (const id of MAIL_LAB_IDS) {
      const keys = MAILS[id].figures.map((f) => JSON.stringify([f.metric, f.variant, Object.entries(f.where).sort()]));
      expect(new Set(keys).size, id).toBe(keys.length);
      for (const f of MAILS[id].figures) expect(Number.isFinite(f.value), `${id} ${f.metric}`).toBe(true);
    }
  });

  it('cannot be changed by a reader', () => {
    const f = MAILS['inode-hash'].figures[0];
    expect(() => {
      (f as { value: number }).value = 0;
    }).toThrow();
    expect(Object.isFrozen(MAILS['extent-status'].cite)).toBe(true);
  });
});

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

describe('mailFigures', () => {
  it('filters by metric, variant and the values of where it names', () => {
    expect(mailFigures('extent-status', { metric: 'avg_scan_us' })).toHaveLength(15);
    expect(mailFigures('extent-status', { variant: 'es-gc', where: { case: 'c' } })).toHaveLength(7);
    expect(mailFigures('inode-hash', { metric: 'total_s', where: { fs: 'ext4' } }).map((f) => [f.variant, f.value])).toEqual([
      ['before', 46.118],
      ['after', 21.581],
    ]);
    expect(mailFigures('fast-commit', { where: { row: '7' }, variant: 'before' }).map((f) => f.value)).toEqual([0.73]);
    expect(mailFigures('btrfs-fsync', { metric: 'max_latency_ms_change_pct', where: { clients: '32' } })[0].value).toBe(-39.6);
    expect(mailFigures('ext4-writeback', { metric: 'nope' })).toEqual([]);
    expect(mailFigures('ext4-writeback').length).toBe(MAILS['ext4-writeback'].figures.length);
  });

  it('returns copies of the list, not the list', () => {
    const a = mailFigures('fast-commit');
    a.pop();
    expect(mailFigures('fast-commit').length).toBe(a.length + 1);
  });

  it('mailFigure finds one figure or none', () => {
    expect(mailFigure('ext4-writeback', { metric: 'fsync_jbd2_handles_per_txn', variant: 'after' })?.value).toBe(51);
    expect(mailFigure('ext4-writeback', { metric: 'fsync_writepages_calls_by_pages', variant: 'after' })).toBeUndefined();
  });
});

describe('citations', () => {
  it('read as the pages print them', () => {
    expect(citationText(MAILS['extent-status'].cite)).toBe('Zheng Liu, linux-ext4, 7 Aug 2014');
    for (const id of MAIL_LAB_IDS) expect(citationText(MAILS[id].cite), id).toContain(MAILS[id].cite.date.slice(0, 4));
  });
});

describe('mailValue, mailPair, mailPairs', () => {
  it('give the figures a reader names, and name the file when one is missing', () => {
    expect(mailValue('inode-hash', 'sys_s', 'after', { fs: 'btrfs' })).toBe(738.66);
    expect(() => mailValue('inode-hash', 'sys_s', 'after', { fs: 'xfs' })).toThrow('mails/inode-hash.json has no figure sys_s of after where {"fs":"xfs"}');
    expect(() => mailValue('inode-hash', 'sys_s', 'after')).toThrow('mails/inode-hash.json has 2 figures sys_s of after');
  });

  it("pair a row's before and after with the change the mail states", () => {
    expect(mailPair('btrfs-fsync', 'max_latency_ms', { clients: '32' })).toEqual({ where: { clients: '32' }, before: 341.833, after: 228.847, stated_pct: -39.6 });
    expect(mailPair('btrfs-fsync', 'flush_count', { clients: '64' })).toEqual({ where: { clients: '64' }, before: 627746, after: 635652 });
    expect(mailPairs('extent-status', 'hits', { variants: ['baseline', 'es-gc'] }).map((p) => [p.where.case, p.before, p.after])).toEqual([
      ['a', 4787.7, 10422428],
      ['b', 1646592.3, 9732236],
      ['c', 14895.7, 1805076],
    ]);
    expect(mailPairs('fast-commit', 'creates_per_s')).toHaveLength(8);
  });
});

describe('rows and links', () => {
  it("resolve each row's figures from the mail's", () => {
    expect(MAILS['extent-status'].rows.map((r) => [r.row, r.before, r.after, r.variants.join('->')])).toEqual([
      [1, 10195.7, 212.3, 'baseline->es-ilist'],
      [2, 29838.7, 526, 'baseline->es-slist'],
      [3, 178.3, 50.3, 'baseline->es-slist'],
    ]);
    expect(MAILS['ext4-writeback'].rows[1]).toMatchObject({ before: null, after: null, change_pct: -5, metric: 'fdatasync_iops_per_s' });
    expect(MAILS['fast-commit'].rows.every((r) => !r.variantsNamed && r.change_pct === null)).toBe(true);
  });

  it('give the links a page names, and refuse a name the file lacks', () => {
    expect(mailLinks('inode-hash', ['commit'])).toEqual({ commit: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=7180f8d91fcb' });
    expect(() => mailLinks('inode-hash', ['nope'])).toThrow(/mails\/inode-hash\.json has no link "nope"; its links: commit, source/);
    for (const id of MAIL_LAB_IDS) for (const url of Object.values(MAILS[id].links)) expect(url, id).toMatch(/^https:\/\//);
  });
});

describe('mailRowChange', () => {
  it("gives a row's ratio and whether the mail's change is within the noise it states", () => {
    const quiet = mailRowChange('fast-commit', 1)!;
    expect(quiet.ratio).toBeCloseTo(17.51 / 16.9, 12);
    expect(quiet).toMatchObject({ withinNoise: true, noise: expect.stringMatching(/rows 1 to 5 as unaffected/) });
    /* the noise spans the largest change of the rows the mail reads as unaffected: row 1's +3.6% */
    expect(quiet.noiseSize).toBeCloseTo(17.51 / 16.9 - 1, 12);
    expect(mailRowChange('fast-commit', 4)?.noiseSize).toBeCloseTo(17.51 / 16.9 - 1, 12);
    expect(mailRowChange('fast-commit', 7)).toEqual({ ratio: 126.13 / 0.73 });
    /* inode-hash: 1-2 s of noise against a change of 24.5 s */
    expect(mailRowChange('inode-hash', 1)).toMatchObject({ withinNoise: false, noise: expect.stringMatching(/1-2 s/), noiseSize: 2 / 46.118 });
    /* extent-status: from ministat's statistics of the two figures */
    expect(mailRowChange('extent-status', 3)).toMatchObject({ ratio: 50.3 / 178.3, withinNoise: false, noise: expect.stringMatching(/3 and 3 runs/) });
    expect(mailRowChange('btrfs-fsync', 1)?.withinNoise).toBeUndefined();
    expect(mailRowChange('fast-commit', 99)).toBeUndefined();
    /* a figure of 0 gives no ratio: one of ext4-writeback's jbd2 figures */
    const zero = mailFigures('ext4-writeback').find((f) => f.value === 0)!;
    expect(zero).toBeDefined();
    expect(mailChangeOf('ext4-writeback', zero.metric, zero.where)).toBeUndefined();
  });
});
