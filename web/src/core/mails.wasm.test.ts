/**
 * The C labs take their mail's citation and the figures of their paper rows
 * from mails/<id>.json, through the generated wasm-core/labs/<id>/<id>-mail.gen.h;
 * TypeScript reads the same files through lib/mails.ts. This test holds the
 * two together as the WASM build returns them (jc_rows_json, which `jc rows`
 * prints too): the citation and every row's figures; each lab's own
 * mail-rows.wasm.test.ts checks that each row's figures are those of the
 * mail's row its simulator parameters stand for.
 */
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { MAIL_ROWS_TEST } from './testing/paperRows';
import { MAIL_LAB_IDS, MAILS } from '../../../lib/mails';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

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
  }

  it("has each lab name the mail's row of each of its paper rows, in its folder's mail-rows test", () => {
    const lacking = MAIL_LAB_IDS.filter((lab) => !existsSync(new URL(`../labs/${lab}/${MAIL_ROWS_TEST}`, import.meta.url)));
    expect(lacking, `web/src/labs/<id>/${MAIL_ROWS_TEST} (web/src/core/testing/paperRows.ts's paperRowTests)`).toEqual([]);
  });
});
