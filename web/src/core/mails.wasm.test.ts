/**
 * The C labs take their mail's citation and the figures of their paper rows
 * from mails/<id>.json, through the generated wasm-core/include/mail/<id>.gen.h;
 * TypeScript reads the same files through lib/mails.ts. This test holds the
 * two together as the WASM build returns them (jc_rows_json, which `jc rows`
 * prints too): the citation, every row's figures, and that each row's
 * figures are those of the mail's row its simulator parameters stand for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { loadEngine } from './node';
import type { PaperRow } from './types';
import { MAIL_LAB_IDS, MAILS, mailFigures, type MailLabId } from '../../../lib/mails';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

/*
 * Which row of the mail a paper row restates, as the mail's `where`, read
 * from the C row itself (its parameters, label or note), not from the mail
 * data file: a row whose model parameters sit beside another row's figures
 * fails here. The row is named by its number (fast-commit), its label
 * (inode-hash: the file system), its case (extent-status), its clients
 * (btrfs-fsync) or fio's sync option (ext4-writeback).
 */
const WHERE: Record<MailLabId, ((row: PaperRow) => Record<string, string>) | undefined> = {
  'fast-commit': (row) => ({ row: String(row.row) }),
  'inode-hash': (row) => ({ fs: row.label }),
  'extent-status': (row) => ({ case: ['a', 'b', 'c'][row.params.case ?? -1] ?? '?' }),
  'btrfs-fsync': (row) => ({ clients: String(row.params.clients) }),
  /* the row's sync choice, as fio's option: sync=0 is --fsync=1 */
  'ext4-writeback': (row) => ({ fio: `${['fsync', 'fdatasync'][row.params.sync ?? 0]}=1` }),
};

/* The variants a row's "before" and "after" columns stand for. */
function variantsOf(lab: MailLabId, row: PaperRow): [before: string, after: string] {
  if (lab !== 'extent-status') return ['before', 'after'];
  /* five variants in the mail, two columns in a row: its note names the "after" */
  const after = /after = (es-[a-z]+)/.exec(row.note)?.[1];
  return ['baseline', after ?? '?'];
}

function mailValue(lab: MailLabId, metric: string, variant: string, where: Record<string, string>): number[] {
  return mailFigures(lab, { metric, variant, where }).map((f) => f.value);
}

describe("the C labs' citations and paper rows", () => {
  it('are checked for every lab, and the simulator has no lab without a mail', () => {
    const ids = engine.labs().map((l) => l.id);
    expect([...ids].sort()).toEqual([...MAIL_LAB_IDS].sort());
  });

  for (const lab of MAIL_LAB_IDS) {
    it(`${lab}: the C lab cites the mail and restates the rows of mails/${lab}.json`, () => {
      const paper = engine.rows(lab);
      const mail = MAILS[lab];
      const variants = engine.labs().find((l) => l.id === lab)!.variants;
      expect(paper.citation).toEqual({ ...mail.cite, commit: mail.cite.commit ?? '' });
      expect(paper.rows.map((r) => [r.row, r.label])).toEqual(mail.rows.map((r) => [r.row, r.label]));
      paper.rows.forEach((row, i) => {
        const m = mail.rows[i]!;
        const what = `${lab} row ${row.row}`;
        expect(row.paper.metric ?? paper.metric, what).toBe(m.metric);
        expect(row.paper.before, what).toBe(m.before);
        expect(row.paper.after, what).toBe(m.after);
        expect(row.paper.change_pct ?? null, what).toBe(m.change_pct);
        /* a row that names no variants leaves them to the lab's first and last */
        const [before, after] = m.variantsNamed ? m.variants : [variants[0], variants[variants.length - 1]];
        expect([row.paper.before_variant, row.paper.after_variant], what).toEqual([before, after]);
      });
    });

    it(`${lab}: each paper row's figures are the mail's for the row its parameters stand for`, () => {
      const paper = engine.rows(lab);
      const where = WHERE[lab];
      expect(where, `${lab} has paper rows but no way to name the mail's row`).toBeDefined();
      expect(paper.rows.length).toBeGreaterThan(0);
      for (const row of paper.rows) {
        const w = where!(row);
        const [before, after] = variantsOf(lab, row);
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

  it("covers every row of the mails' tables that the two-variant labs restate", () => {
    const fc = engine.rows('fast-commit').rows.map((r) => String(r.row));
    expect(fc).toEqual(mailFigures('fast-commit', { metric: 'creates_per_s', variant: 'before' }).map((f) => f.where.row));
    const ih = engine.rows('inode-hash').rows.map((r) => r.label);
    expect(ih).toEqual(mailFigures('inode-hash', { metric: 'total_s', variant: 'before' }).map((f) => f.where.fs));
  });
});
