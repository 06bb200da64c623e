/**
 * The C labs keep their own copy of their mail's citation and of the
 * figures in their paper rows (struct citation, struct paper_row): the
 * simulator's CLI prints them without the web. This test holds that copy,
 * as the WASM build returns it, to lib/mails.ts, the one source.
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
 * Which row of the mail a paper row restates, as the mail's `where`. The
 * row's parameters are the simulator's scaled inputs, so the row is named
 * by its number (fast-commit), its label (inode-hash: the file system) or
 * its case (extent-status), its clients (btrfs-fsync) or fio's sync option
 * (ext4-writeback).
 */
const WHERE: Record<MailLabId, ((row: PaperRow) => Record<string, string>) | undefined> = {
  'fast-commit': (row) => ({ row: String(row.row) }),
  'inode-hash': (row) => ({ fs: row.label }),
  'extent-status': (row) => ({ case: /case ([abc])\b/.exec(row.label)?.[1] ?? '?' }),
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
  it('are checked for the labs the simulator has', () => {
    const ids = engine.labs().map((l) => l.id);
    expect(ids).toContain('fast-commit');
    expect(ids).toContain('inode-hash');
    for (const id of ids) expect(MAIL_LAB_IDS as readonly string[], id).toContain(id);
  });

  for (const lab of MAIL_LAB_IDS) {
    it(`${lab}: the C lab cites the mail as lib/mails.ts does and restates its figures`, (ctx) => {
      if (!engine.labs().some((l) => l.id === lab)) {
        ctx.skip();
        return;
      }
      const paper = engine.rows(lab);
      const cite = MAILS[lab].cite;
      expect(paper.citation).toEqual({ ...cite, commit: cite.commit ?? '' });
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
