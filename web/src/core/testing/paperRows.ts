/**
 * Which row of the mail a C paper row restates: each lab's
 * mail-rows.wasm.test.ts names the mail's `where` of a row from the C row
 * itself (its parameters, label or note), not from the mail data file, so a
 * row whose model parameters sit beside another row's figures fails
 * (web/src/core/mails.wasm.test.ts holds every lab to having that test).
 */
import { expect, it } from 'vitest';
import { mailFigures, type MailLabId } from '../../../../lib/mails';
import type { Engine } from '../engine';
import type { PaperRow } from '../types';

/** The test file of a lab that names its rows' places in the mail, relative to the lab's web folder. */
export const MAIL_ROWS_TEST = 'mail-rows.wasm.test.ts';

function mailValue(lab: MailLabId, metric: string, variant: string, where: Record<string, string>): number[] {
  return mailFigures(lab, { metric, variant, where }).map((f) => f.value);
}

/** The check of every paper row's figures against the mail's, as a test of the enclosing describe(). */
export function paperRowTests(c: {
  engine: () => Engine;
  lab: MailLabId;
  /** the mail's `where` of the row the C row restates */
  where: (row: PaperRow) => Record<string, string>;
  /** the variants the row's "before" and "after" columns stand for; before and after unless given */
  variants?: (row: PaperRow) => [before: string, after: string];
}): void {
  const { lab } = c;
  it(`${lab}: each paper row's figures are the mail's for the row its parameters stand for`, () => {
    const paper = c.engine().rows(lab);
    expect(paper.rows.length).toBeGreaterThan(0);
    for (const row of paper.rows) {
      const w = c.where(row);
      const [before, after] = c.variants?.(row) ?? ['before', 'after'];
      const metric = row.paper.metric ?? paper.metric;
      if (row.paper.before === null || row.paper.after === null) {
        /* a row whose mail states only a change: that change, and no figures */
        expect(row.paper.before, `${lab} row ${row.row}: a stated change has no figures`).toBeNull();
        expect(row.paper.after, `${lab} row ${row.row}: a stated change has no figures`).toBeNull();
        expect(mailValue(lab, `${metric}_change_pct`, after, w), `${lab} row ${row.row} change`).toEqual([row.paper.change_pct]);
        expect(mailValue(lab, metric, before, w), `${lab} row ${row.row}: the mail has no figure`).toEqual([]);
        continue;
      }
      expect(row.paper.change_pct ?? null, `${lab} row ${row.row}: figures, no stated change`).toBeNull();
      expect(mailValue(lab, metric, before, w), `${lab} row ${row.row} before`).toEqual([row.paper.before]);
      expect(mailValue(lab, metric, after, w), `${lab} row ${row.row} after`).toEqual([row.paper.after]);
    }
  });
}
