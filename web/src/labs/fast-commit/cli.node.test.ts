/**
 * The fast-commit lab from the command line: its sweep's rows carry no key
 * columns, as its mail's rows differ in numbers, not in a choice (a lab whose
 * rows differ in a choice, such as a file system, leads each row with it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journalclub, jsonOf, type SweepJsonRow } from '../../../../tests/node/cli';

describe('journalclub sweep fast-commit', () => {
  it('keeps its sweep rows keyless: its rows differ in numbers, not in a choice', () => {
    const run = journalclub(['sweep', 'fast-commit', '--seeds', '1', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run) as { rows: SweepJsonRow[] };
    for (const r of out.rows) {
      assert.equal(Object.keys(r)[0], 'variant');
      assert.deepEqual(Object.keys(r).slice(-7), ['seeds', 'ranges', 'row', 'label', 'params', 'paper', 'note']);
    }
  });
});
