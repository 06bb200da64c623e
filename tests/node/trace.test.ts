/**
 * `journalclub trace`, spawned as a user runs it: a Chrome trace that the
 * Trace Event Format schema accepts, a process per variant, the window it
 * was asked for, and one-line refusals of bad input.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TraceFile } from '../../web/src/core/chromeTraceSchema';
import { journalclub, jsonOf, type CliRun } from './cli';

const dir = mkdtempSync(join(tmpdir(), 'jc-trace-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function traceOf(value: unknown): TraceFile {
  const parsed = TraceFile.safeParse(value);
  assert.ok(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
  return parsed.data;
}

const processNames = (trace: TraceFile) =>
  trace.traceEvents.flatMap((e) => (e.ph === 'M' && e.name === 'process_name' ? [e.args.name] : []));

const stepsOf = (trace: TraceFile) => trace.traceEvents.flatMap((e) => (e.ph === 'X' || e.ph === 'i' ? [e.args.step] : []));

function assertRefused(run: CliRun, ...mentions: string[]): void {
  assert.equal(run.status, 2, `exit status (stderr: ${run.stderr})`);
  assert.equal(run.stdout, '');
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${run.stderr}`);
  for (const m of mentions) assert.ok(run.stderr.includes(m), `"${m}" in: ${run.stderr}`);
}

describe('journalclub trace', () => {
  it('writes every variant of a lab as a process of one trace file', () => {
    const out = join(dir, 'fc.json');
    const run = journalclub(['trace', 'fast-commit', '--set', 'files=8', '--out', out]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^wrote .*fc\.json: steps before \d+, after \d+/);
    const trace = traceOf(JSON.parse(readFileSync(out, 'utf8')));
    assert.deepEqual(processNames(trace), ['fast-commit before (seed 1)', 'fast-commit after (seed 1)']);
    const names = new Set(trace.traceEvents.map((e) => e.name));
    for (const n of ['hold s_fc_lock', 'fast commit', 'io', 'waiters s_fc_lock']) assert.ok(names.has(n), n);
    assert.equal(trace.metadata.lab, 'fast-commit');
  });

  it('prints the window it is asked for on stdout', () => {
    const run = journalclub(['trace', 'inode-hash', '--variant', 'after', '--set', 'fs=btrfs', '--seed', '3', '--from', '500', '--max', '200']);
    assert.equal(run.status, 0, run.stderr);
    const trace = traceOf(jsonOf(run));
    assert.deepEqual(processNames(trace), ['inode-hash after (seed 3)']);
    const steps = stepsOf(trace);
    assert.ok(steps.length > 0);
    assert.ok(Math.min(...steps) >= 500 && Math.max(...steps) < 700, `steps ${Math.min(...steps)}..${Math.max(...steps)}`);
    const runs = trace.metadata.runs as { params: Record<string, unknown>; window: { from_step: number; steps: number } }[];
    assert.equal(runs[0]!.params.fs, 'btrfs');
    assert.deepEqual(runs[0]!.window, { from_step: 500, to_step: 699, steps: 200 });
  });

  it('refuses bad input in one line', () => {
    assertRefused(journalclub(['trace', 'fast-commit', '--max', '100001']), '--max', '1 to 100000');
    assertRefused(journalclub(['trace', 'fast-commit', '--from', '-3']), '--from', '0 to 3999900000');
    assertRefused(journalclub(['trace', 'fast-commit', '--variant', 'sideways']), 'sideways', 'before, after');
    assertRefused(journalclub(['trace', 'no-such-lab']), 'no-such-lab');
    assertRefused(journalclub(['trace', 'fast-commit', '--set', 'ways=0']), 'ways', '1 to 256');
  });
});
