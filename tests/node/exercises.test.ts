/**
 * The exercises on the native simulator: every skeleton fails its checker and every solution passes; each
 * deliberate bug is caught by the check meant for it. What a submission meets (the sandbox, jc's errors,
 * `grade`, the command line) is shown on one lab's exercise, in that lab's folder
 * (exercises/<id>/submission.node.test.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkFile } from '../../cli/exercise/commands';
import { bugs, hints, readme, skeletonOf, solutionPath } from '../../cli/exercise/files';
import { EXERCISES, exerciseFor } from '../../web/src/exercises/registry';
import type { ExerciseReport } from '../../web/src/exercises/types';

const tmp = mkdtempSync(join(tmpdir(), 'jc-exercises-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const LIMITS = { timeoutS: 60, memMb: 1024 };

async function check(lab: string, source: string, name: string, only?: string[]): Promise<ExerciseReport> {
  const file = join(tmp, `${lab}-${name.replace(/\W+/g, '-')}.c`);
  writeFileSync(file, source);
  const { build, report } = await checkFile(exerciseFor(lab)!, file, `${name}.c`, { limits: LIMITS, only });
  assert.ok(build.ok, `${lab} ${name} builds: ${build.ok ? '' : build.message}`);
  return report!;
}

const failed = (r: ExerciseReport): string[] => r.checks.filter((c) => !c.outcome.pass).map((c) => c.id);
const details = (r: ExerciseReport): string => r.checks.map((c) => `${c.id}: ${c.outcome.pass ? 'pass' : 'FAIL'}: ${c.outcome.detail}`).join('\n');

for (const ex of EXERCISES) {
  describe(`the ${ex.lab} exercise`, () => {
    it('has a README with the task, the checks and numbered hints', () => {
      const md = readme(ex.lab);
      for (const h of ['## The task, in teaching order', '## What the checker checks', '## Hints', '## Afterwards']) assert.ok(md.includes(h), `${h} in exercises/${ex.lab}/README.md`);
      assert.ok(hints(md).length >= 3, 'at least three hints');
      for (const c of ex.checks) assert.match(md, new RegExp(`^\\| ${c.id}\\b`, 'm'), `the README's table names check ${c.id}`);
    });

    it(ex.open ? 'passes every pass/fail check with the solution and scores it' : 'passes every check with the solution', async () => {
      const r = await check(ex.lab, readFileSync(solutionPath(ex.lab), 'utf8'), 'solution');
      const scored = r.checks.filter((c) => c.outcome.score !== undefined);
      const unscored = r.checks.filter((c) => c.outcome.score === undefined);
      assert.deepEqual(unscored.filter((c) => !c.outcome.pass).map((c) => c.id), [], details(r));
      if (!ex.open) {
        assert.deepEqual(failed(r), [], details(r));
        assert.equal(r.score, 1);
        return;
      }
      // an open exercise is scored against before and after: a score from 0 to 1 and the points of its chart
      assert.ok(scored.length > 0, `an open exercise has a scored check:\n${details(r)}`);
      for (const c of scored) {
        assert.ok(c.outcome.score! >= 0 && c.outcome.score! <= 1, `${c.id} scores ${c.outcome.score}`);
        assert.ok(Array.isArray((c.outcome.data as { points?: unknown[] } | undefined)?.points), `${c.id} carries its chart's points`);
      }
    });

    it('fails its checker with the skeleton generated from the solution', async () => {
      const r = await check(ex.lab, skeletonOf(ex.lab), 'skeleton');
      assert.ok(failed(r).length > 0, `the skeleton fails something:\n${details(r)}`);
    });

    const deliberate = bugs(ex.lab);
    it('carries three deliberate bugs', () => assert.ok(deliberate.length >= 3, `${deliberate.length} bugs in exercises/${ex.lab}/bugs.json`));
    for (const { bug, source } of deliberate)
      it(`catches the bug "${bug.name}" with its check ${bug.check}`, async () => {
        // the check meant for it alone: the others may or may not catch it too
        const r = await check(ex.lab, source, `bug-${bug.name}`, [bug.check]);
        assert.ok(failed(r).includes(bug.check), `${bug.check} fails:\n${details(r)}`);
        const c = r.checks.find((k) => k.id === bug.check)!;
        // a pass/fail check names the seed that reproduces it; a scored one is over all its seeds
        if (c.outcome.score === undefined && c.outcome.seed === undefined) assert.fail(`the failure names the seed that reproduces it: ${c.outcome.detail}`);
        // the model's failure: the step, the check of the simulator that refused it, the steps before it
        if (bug.check === 'invariants') {
          assert.ok(Number.isInteger(c.outcome.step) && c.outcome.step! > 0, `a step: ${JSON.stringify(c.outcome)}`);
          assert.match(c.outcome.refusedBy ?? '', /^[a-z_]+$/, `the check that refused it: ${JSON.stringify(c.outcome)}`);
          assert.ok(c.outcome.lastSteps?.length, `the steps before it: ${JSON.stringify(c.outcome)}`);
          assert.match(c.outcome.lastSteps!.at(-1)!, new RegExp(`^step ${c.outcome.step! - 1} `));
        }
      });
  });
}
