/**
 * `journalclub trace`, spawned as a user runs it: a Chrome trace that the
 * Trace Event Format schema accepts, a process per variant, the window it
 * was asked for, and one-line refusals of bad input.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Engine } from '../../web/src/core/engine';
import { loadEngine } from '../../web/src/core/node';
import { LAB_FACES, LAB_IDS } from '../../web/src/labs/registry.gen';
import { assertRefused, journalclub, jsonOf } from './cli';
import { processNames, stepsOf, traceOf } from './traces';

const dir = mkdtempSync(join(tmpdir(), 'jc-trace-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let engine: Engine;
before(async () => {
  engine = await loadEngine();
});

/** A lab's small run (its lab.ts's engineRun) as --set options. */
const smallSets = (lab: (typeof LAB_IDS)[number]): string[] =>
  Object.entries(LAB_FACES[lab].engineRun.params).flatMap(([name, value]) => ['--set', `${name}=${value}`]);

describe('journalclub trace', () => {
  it('writes every variant of every lab as a process of one trace file', () => {
    for (const lab of LAB_IDS) {
      const out = join(dir, `${lab}.json`);
      const run = journalclub(['trace', lab, ...smallSets(lab), '--out', out]);
      assert.equal(run.status, 0, `${lab}: ${run.stderr}`);
      assert.equal(run.stdout, '');
      const variants = engine.labs().find((l) => l.id === lab)!.variants;
      assert.match(run.stderr, new RegExp(`^wrote .*${lab}\\.json: steps ${variants.map((v) => `${v} \\d+`).join(', ')}`));
      const trace = traceOf(JSON.parse(readFileSync(out, 'utf8')));
      assert.deepEqual(processNames(trace), variants.map((v) => `${lab} ${v} (seed 1)`));
      assert.equal(trace.metadata.lab, lab);
    }
  });

  it('prints the window it is asked for on stdout', () => {
    const lab = LAB_IDS[0];
    const { params, variant } = LAB_FACES[lab].engineRun;
    const run = journalclub(['trace', lab, '--variant', variant, ...smallSets(lab), '--seed', '3', '--from', '500', '--max', '200']);
    assert.equal(run.status, 0, run.stderr);
    const trace = traceOf(jsonOf(run));
    assert.deepEqual(processNames(trace), [`${lab} ${variant} (seed 3)`]);
    const steps = stepsOf(trace);
    assert.ok(steps.length > 0);
    assert.ok(Math.min(...steps) >= 500 && Math.max(...steps) < 700, `steps ${Math.min(...steps)}..${Math.max(...steps)}`);
    const runs = trace.metadata.runs as { params: Record<string, unknown>; window: { from_step: number; steps: number } }[];
    for (const [name, value] of Object.entries(params)) assert.equal(runs[0]!.params[name], value, name);
    assert.deepEqual(runs[0]!.window, { from_step: 500, to_step: 699, steps: 200 });
  });

  it('refuses bad input in one line', () => {
    const lab = LAB_IDS[0];
    const variants = engine.labs().find((l) => l.id === lab)!.variants;
    const int = engine.params(lab).find((p) => p.type === 'int')!;
    assertRefused(journalclub(['trace', lab, '--max', '100001']), '--max', '1 to 100000');
    assertRefused(journalclub(['trace', lab, '--from', '-3']), '--from', '0 to 3999900000');
    assertRefused(journalclub(['trace', lab, '--variant', 'sideways']), 'sideways', variants.join(', '));
    assertRefused(journalclub(['trace', 'no-such-lab']), 'no-such-lab');
    assertRefused(journalclub(['trace', lab, '--set', `${int.name}=${int.min - 1}`]), int.name, `${int.min} to ${int.max}`);
  });
});
