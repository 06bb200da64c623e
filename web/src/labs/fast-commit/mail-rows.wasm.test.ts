/**
 * fast-commit's paper rows restate the mail's table by its row number, every row of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { paperRowTests } from '../../core/testing/paperRows';
import { mailFigures } from '../../../../lib/mails';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("fast-commit's paper rows against mails/fast-commit.json", () => {
  paperRowTests({ engine: () => engine, lab: 'fast-commit', where: (row) => ({ row: String(row.row) }) });

  it("covers every row of the mail's table", () => {
    const rows = engine.rows('fast-commit').rows.map((r) => String(r.row));
    expect(rows).toEqual(mailFigures('fast-commit', { metric: 'creates_per_s', variant: 'before' }).map((f) => f.where.row));
  });
});
