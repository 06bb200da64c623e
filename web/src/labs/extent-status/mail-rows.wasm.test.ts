/**
 * extent-status's paper rows restate the mail's cases (a, b, c, by the row's case parameter); five variants in the mail, two columns in a row, whose note names the "after".
 */
import { beforeAll, describe } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { paperRowTests } from '../../core/testing/paperRows';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("extent-status's paper rows against mails/extent-status.json", () => {
  paperRowTests({
    engine: () => engine,
    lab: 'extent-status',
    where: (row) => ({ case: ['a', 'b', 'c'][row.params.case ?? -1] ?? '?' }),
    variants: (row) => ['baseline', /after = (es-[a-z]+)/.exec(row.note)?.[1] ?? '?'],
  });
});
