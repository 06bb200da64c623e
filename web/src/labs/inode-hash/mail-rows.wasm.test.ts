/**
 * inode-hash's paper rows restate the mail's table by its label, the file system, every row of it.
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

describe("inode-hash's paper rows against mails/inode-hash.json", () => {
  paperRowTests({ engine: () => engine, lab: 'inode-hash', where: (row) => ({ fs: row.label }) });

  it("covers every row of the mail's table", () => {
    const rows = engine.rows('inode-hash').rows.map((r) => r.label);
    expect(rows).toEqual(mailFigures('inode-hash', { metric: 'total_s', variant: 'before' }).map((f) => f.where.fs));
  });
});
