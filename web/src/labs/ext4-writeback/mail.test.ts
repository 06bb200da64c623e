/**
 * mails/ext4-writeback.json as lib/mails.ts serves it: fio's runs, one row of figures and one
 * of a stated change, and jbd2 figures of 0.
 */
import { describe, expect, it } from 'vitest';
import { MAILS, mailChangeOf, mailFigure, mailFigures } from '../../../../lib/mails';
import { mailOf, rowFigures } from '../../../../lib/mail-schema.mjs';
import { MAIL_FILES } from '../../../../lib/mails.gen';

describe('the ext4-writeback mail through lib/mails.ts', () => {
  it('finds one figure or none', () => {
    expect(mailFigure('ext4-writeback', { metric: 'fsync_jbd2_handles_per_txn', variant: 'after' })?.value).toBe(51);
    expect(mailFigure('ext4-writeback', { metric: 'fsync_writepages_calls_by_pages', variant: 'after' })).toBeUndefined();
  });

  it("gives a row's two figures, or the change the mail states with no figures", () => {
    expect(MAILS['ext4-writeback'].rows[1]).toMatchObject({ before: null, after: null, change_pct: -5, metric: 'fdatasync_iops_per_s' });
    const ewb = mailOf('ext4-writeback', structuredClone(MAIL_FILES['ext4-writeback']));
    expect(rowFigures(ewb, ewb.rows[0]!)).toEqual({ before: 460, after: 449, change_pct: null, variants: ['before', 'after'] });
    const stated = rowFigures(ewb, ewb.rows[1]!);
    expect([stated.before, stated.after, stated.change_pct]).toEqual([NaN, NaN, -5]);
  });

  it('gives no ratio for a figure of 0: one of its jbd2 figures', () => {
    const zero = mailFigures('ext4-writeback').find((f) => f.value === 0)!;
    expect(zero).toBeDefined();
    expect(mailChangeOf('ext4-writeback', zero.metric, zero.where)).toBeUndefined();
  });
});
