/**
 * The command line, spawned as a user runs it: exit statuses, JSON shapes,
 * and one-line errors that name the parameter and its range.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadEngine } from '../../web/src/core/node';
import type { PaperRows, ParamSpec } from '../../web/src/core/types';
import { journalclub, jsonOf, type CliRun } from './cli';

const LAB = 'fast-commit';
let specs: ParamSpec[];
let rows: PaperRows;

before(async () => {
  const engine = await loadEngine();
  specs = engine.params(LAB);
  rows = engine.rows(LAB);
});

/** A refused input: status 2, one line on stderr naming `mentions`, nothing on stdout, no stack. */
function assertRefused(run: CliRun, ...mentions: string[]): void {
  assert.equal(run.status, 2, `exit status (stderr: ${run.stderr})`);
  assert.equal(run.stdout, '');
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${run.stderr}`);
  assert.match(lines[0] ?? '', /^journalclub: /);
  assert.doesNotMatch(run.stderr, /\n\s+at .+:\d+:\d+/);
  for (const m of mentions) assert.ok(run.stderr.includes(m), `"${m}" in: ${run.stderr}`);
}

describe('journalclub labs and params', () => {
  it('lists the labs', () => {
    const run = journalclub(['labs', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const labs = jsonOf(run) as { id: string }[];
    assert.ok(labs.some((l) => l.id === LAB));
    const table = journalclub(['labs']);
    assert.equal(table.status, 0);
    assert.match(table.stdout, new RegExp(`^${LAB}\\s`, 'm'));
  });

  it("prints a lab's parameter table", () => {
    const run = journalclub(['params', LAB]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^parameter\s+default\s+min\s+max\s+unit/);
    for (const s of specs) assert.match(run.stdout, new RegExp(`^${s.name}\\s+${s.default}\\s+${s.min}\\s+${s.max}\\b`, 'm'));
    assert.deepEqual(jsonOf(journalclub(['params', LAB, '--json'])), specs);
  });

  it('refuses an unknown lab', () => {
    assertRefused(journalclub(['params', 'no-such-lab']), 'no-such-lab');
  });
});

describe('journalclub sim', () => {
  it('runs with the defaults and prints JSON', () => {
    const run = journalclub(['sim', LAB, '--variant', 'after', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run) as Record<string, unknown>;
    for (const key of ['lab', 'variant', 'seed', 'params', 'metrics']) assert.ok(key in out, `key ${key}`);
    assert.equal(out.lab, LAB);
    assert.equal(out.variant, 'after');
    assert.equal(out.seed, 1);
    assert.deepEqual(out.params, Object.fromEntries(specs.map((s) => [s.name, s.default])));
    const metrics = out.metrics as Record<string, number>;
    assert.ok(Object.keys(metrics).length > 0);
    for (const v of Object.values(metrics)) assert.equal(typeof v, 'number');
  });

  it('takes --set and --seed, and gives the same answer twice', () => {
    const s = specs[0]!;
    const args = ['sim', LAB, '--variant', 'before', '--set', `${s.name}=${s.min}`, '--seed', '5', '--json'];
    const first = journalclub(args);
    assert.equal(first.status, 0, first.stderr);
    const out = jsonOf(first) as { params: Record<string, number>; seed: number };
    assert.equal(out.params[s.name], s.min);
    assert.equal(out.seed, 5);
    assert.equal(journalclub(args).stdout, first.stdout);
  });

  it('prints a table of metrics for a person', () => {
    const run = journalclub(['sim', LAB, '--variant', 'before']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^metric\s+value\s+unit/m);
    assert.match(run.stdout, /hash [0-9a-f]{16}/);
  });

  it('refuses an unknown parameter, naming it', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--set', 'bogus=1']), 'bogus');
  });

  it('refuses a value out of range, naming the parameter and its range', () => {
    const s = specs[0]!;
    const run = journalclub(['sim', LAB, '--variant', 'before', '--set', `${s.name}=${s.max + 1}`]);
    assertRefused(run, s.name, String(s.min), String(s.max));
  });

  it('refuses a value that is not a number, naming the parameter and its range', () => {
    const s = specs[0]!;
    const run = journalclub(['sim', LAB, '--variant', 'before', '--set', `${s.name}=many`]);
    assertRefused(run, s.name, String(s.min), String(s.max));
  });

  it('refuses an unknown variant', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'middle']), 'middle');
  });

  it('refuses an unknown lab', () => {
    assertRefused(journalclub(['sim', 'no-such-lab', '--variant', 'before']), 'no-such-lab');
  });

  it('refuses a bad seed with its range', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', '-1']), '--seed', '4294967295');
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', '4294967296']), '--seed');
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', 'abc']), '--seed');
  });

  it('refuses --set without name=value, and a missing --variant', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--set', 'ways']), 'name=value');
    assertRefused(journalclub(['sim', LAB]), '--variant');
  });
});

describe('journalclub sweep', () => {
  it("runs the mail's rows before and after, as JSON", () => {
    const run = journalclub(['sweep', LAB, '--json']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run) as {
      lab: string;
      rows: { row: number; label: string; before: Record<string, number>; after: Record<string, number> }[];
    };
    assert.equal(out.lab, LAB);
    assert.deepEqual(
      out.rows.map((r) => [r.row, r.label]),
      rows.rows.map((r) => [r.row, r.label]),
    );
    for (const r of out.rows) {
      assert.equal(typeof r.before[rows.metric], 'number', `row ${r.row} before`);
      assert.equal(typeof r.after[rows.metric], 'number', `row ${r.row} after`);
    }
  });

  it("prints the paper's numbers beside the simulator's", () => {
    const run = journalclub(['sweep', LAB]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /paper before\s+sim before\s+paper after\s+sim after/);
    assert.equal(run.stdout.trimEnd().split('\n').filter((l) => /^\S+\s+\S+=/.test(l)).length, rows.rows.length);
  });
});

describe('journalclub itself', () => {
  it('refuses an unknown command', () => {
    assertRefused(journalclub(['frobnicate']), 'frobnicate');
  });

  it('says what to run when the WASM build is missing', () => {
    const run = journalclub(['labs'], { JC_WASM_DIR: '/nonexistent/journalclub-build' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^journalclub: .*journalclub\.mjs is missing: run `npm run build:wasm` first\n$/);
  });

  it('prints help', () => {
    const run = journalclub(['--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /sim \[options\] <lab>/);
  });
});
