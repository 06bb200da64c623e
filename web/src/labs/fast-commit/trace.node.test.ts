/**
 * fast-commit's Chrome trace from the command line: its lock, commit and
 * I/O tracks by the names its trace rules (lab.ts) give them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { journalclub } from '../../../../tests/node/cli';
import { processNames, traceOf } from '../../../../tests/node/traces';

const dir = mkdtempSync(join(tmpdir(), 'jc-fc-trace-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('journalclub trace fast-commit', () => {
  it("writes the lock's holds and waiters, the fast commits and their I/O", () => {
    const out = join(dir, 'fc.json');
    const run = journalclub(['trace', 'fast-commit', '--set', 'files=8', '--out', out]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /^wrote .*fc\.json: steps before \d+, after \d+/);
    const trace = traceOf(JSON.parse(readFileSync(out, 'utf8')));
    assert.deepEqual(processNames(trace), ['fast-commit before (seed 1)', 'fast-commit after (seed 1)']);
    const names = new Set(trace.traceEvents.map((e) => e.name));
    for (const n of ['hold s_fc_lock', 'fast commit', 'io', 'waiters s_fc_lock']) assert.ok(names.has(n), n);
  });
});
