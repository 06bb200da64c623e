/**
 * fast-commit's exercise from the command line: `journalclub exercise` lists, shows, hints and refuses
 * as a student meets it, and `grade` scores a folder of good, wrong, broken, crashing and endless
 * submissions, and hostile ones beside a correct one, each within its limits.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { skeletonOf, solutionPath } from '../../cli/exercise/files';
import { EXERCISES } from '../../web/src/exercises/registry';
import { journalclub, journalclubAsync, jsonOf } from '../../tests/node/cli';

const tmp = mkdtempSync(join(tmpdir(), 'jc-exercise-grade-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/* the two gradings mostly wait on their submissions' time limits: they run at once */
describe('journalclub exercise', { concurrency: true }, () => {
  it('lists the exercises and shows one', () => {
    const list = jsonOf(journalclub(['exercise', 'list', '--json'])) as { lab: string }[];
    assert.deepEqual(list.map((e) => e.lab), EXERCISES.map((e) => e.lab));
    const show = journalclub(['exercise', 'show', 'fast-commit']);
    assert.equal(show.status, 0, show.stderr);
    assert.match(show.stdout, /TODO 1\/2/);
    assert.match(show.stdout, /invariants/);
  });

  it('prints the skeleton, which keeps the TODOs and drops the solution', () => {
    const run = journalclub(['exercise', 'skeleton', 'fast-commit']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /TODO 2\/2/);
    assert.doesNotMatch(run.stdout, /#if SKELETON/);
    assert.doesNotMatch(run.stdout, /list_add_tail\(&fcd->fcd_dilist/);
  });

  it('gives a hint by its number and refuses one out of range', () => {
    const run = journalclub(['exercise', 'hint', 'fast-commit', '1']);
    assert.match(run.stdout, /^hint 1 of \d+: /);
    const bad = journalclub(['exercise', 'hint', 'fast-commit', '99']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^journalclub: hint must be a number from 1 to \d+/);
  });

  it('refuses an unknown lab, a missing file and an unknown check, naming what is allowed', () => {
    const lab = journalclub(['exercise', 'show', 'nope']);
    assert.equal(lab.status, 2);
    assert.match(lab.stderr, /no exercise for lab 'nope': the exercises are [a-z0-9, -]*\bfast-commit\b/);
    const file = journalclub(['exercise', 'check', 'fast-commit', '--file', join(tmp, 'missing.c')]);
    assert.equal(file.status, 2);
    assert.match(file.stderr, /no file .*missing\.c/);
    const only = journalclub(['exercise', 'check', 'fast-commit', '--file', solutionPath('fast-commit'), '--only', 'speed']);
    assert.equal(only.status, 2);
    assert.match(only.stderr, /no check 'speed'.*invariants, scaling, headline/);
  });

  it("grades hostile submissions beside a correct one without changing the correct one's score, within the budget", async () => {
    const solution = readFileSync(solutionPath('fast-commit'), 'utf8');
    const at = (code: string, call: string) => solution.replace('void yours_track_create(', `${code}\nvoid yours_track_create(`).replace('(void)w;', `${call}\n\t(void)w;`);
    type Graded = { submissions: { student: string; score: number; checks: { id: string; pass: boolean; detail: string }[] }[] };
    const grade = async (dir: string) => {
      const t0 = Date.now();
      const run = await journalclubAsync(['exercise', 'grade', 'fast-commit', dir, '--format', 'json', '--timeout', '4', '--mem', '256', '--budget', '15']);
      assert.equal(run.status, 0, run.stderr);
      return { took: Date.now() - t0, by: Object.fromEntries((jsonOf(run) as Graded).submissions.map((s) => [s.student, s])) };
    };
    const alone = join(tmp, 'alone');
    mkdirSync(alone);
    writeFileSync(join(alone, 'ada.c'), solution);
    const before = (await grade(alone)).by.ada!;
    const dir = join(tmp, 'hostile-class');
    mkdirSync(dir);
    writeFileSync(join(dir, 'ada.c'), solution);
    writeFileSync(join(dir, 'hog.c'), at('static char hoard[1UL << 30];', 'for (unsigned long i = 0; i < sizeof hoard; i += 4096)\n\t\t((volatile char *)hoard)[i] = 1;'));
    writeFileSync(join(dir, 'deep.c'), at('static int deep(int n) { volatile char pad[512]; pad[n & 511] = (char)n; return deep(n + 1) + pad[3]; }', 'if (deep(0) == 1)\n\t\treturn NULL;'));
    writeFileSync(join(dir, 'spin.c'), at('', 'for (volatile unsigned int i = 0;; i++)\n\t\t;'));
    writeFileSync(join(dir, 'fork.c'), at('extern int fork(void);', 'if (fcd->fcd_ino > 1)\n\t\tfork();'));
    const { took, by } = await grade(dir);
    assert.equal(by.ada!.score, 1);
    // the same checks with the same figures as when it was graded alone
    assert.deepEqual(by.ada!.checks, before.checks);
    assert.equal(by.hog!.score, 0);
    assert.match(by.hog!.checks[0]!.detail, /more memory than its limit allows/);
    assert.equal(by.deep!.score, 0);
    assert.match(by.deep!.checks[0]!.detail, /stack-overflow at deep/);
    assert.equal(by.spin!.score, 0);
    assert.match(by.spin!.checks[0]!.detail, /time limit of 4 s/);
    assert.equal(by.fork!.score, 0);
    // each hostile one is stopped at its first run of each check: far within 4 budgets of 15 s, beside ada's own
    assert.ok(took < 60_000 + 4 * 15_000, `grade took ${took} ms`);
  });

  it('grades a folder: correct, wrong, not compiling, crashing and endless submissions, each in its limits', async () => {
    const dir = join(tmp, 'class');
    mkdirSync(dir);
    const solution = readFileSync(solutionPath('fast-commit'), 'utf8');
    writeFileSync(join(dir, 'ada.c'), solution);
    writeFileSync(join(dir, 'bob.c'), skeletonOf('fast-commit'));
    writeFileSync(join(dir, 'cy.c'), solution.replace('return list_first_entry(', 'return list_first_entry(;'));
    writeFileSync(join(dir, 'dee.c'), solution.replace('(void)w;', '(void)w;\n\tif (fcd->fcd_ino > 100)\n\t\t*(volatile int *)0 = 1;'));
    mkdirSync(join(dir, 'eve'));
    writeFileSync(join(dir, 'eve', 'fast-commit.c'), solution.replace('(void)w;', 'for (;;)\n\t\t;\n\t(void)w;'));
    const t0 = Date.now();
    const run = await journalclubAsync(['exercise', 'grade', 'fast-commit', dir, '--format', 'json', '--timeout', '4', '--budget', '20']);
    const took = Date.now() - t0;
    assert.equal(run.status, 0, run.stderr);
    const subs = (jsonOf(run) as { submissions: { student: string; score: number; failed: string[]; error?: string; checks: { id: string; detail: string }[] }[] }).submissions;
    const by = Object.fromEntries(subs.map((s) => [s.student, s]));
    assert.equal(by.ada!.score, 1);
    assert.ok(by.bob!.score > 0 && by.bob!.score < 1, `the skeleton passes the invariants only: ${JSON.stringify(by.bob)}`);
    assert.deepEqual(by.bob!.failed.sort(), ['headline', 'scaling']);
    assert.equal(by.cy!.score, 0);
    assert.match(by.cy!.error!, /^does not compile: [\s\S]*\bcy\.c:\d+:\d+: error/);
    assert.equal(by.dee!.score, 0);
    assert.match(by.dee!.checks[0]!.detail, /crashed|SEGV|signal/);
    assert.equal(by.eve!.score, 0);
    assert.match(by.eve!.checks[0]!.detail, /time limit of 4 s/);
    // the endless one is stopped: at most its budget, and the others ran to their end
    assert.ok(took < 200_000, `grade took ${took} ms`);
    // Gradescope's results.json, over the good and the broken submission only
    const two = join(tmp, 'class-two');
    mkdirSync(two);
    writeFileSync(join(two, 'ada.c'), solution);
    writeFileSync(join(two, 'cy.c'), readFileSync(join(dir, 'cy.c'), 'utf8'));
    const gs = await journalclubAsync(['exercise', 'grade', 'fast-commit', two, '--format', 'gradescope', '--timeout', '4', '--budget', '20', '--out', join(tmp, 'gs')]);
    assert.equal(gs.status, 0, gs.stderr);
    const ada = JSON.parse(readFileSync(join(tmp, 'gs', 'ada', 'results.json'), 'utf8')) as { score: number; max_score: number; tests: { status: string }[] };
    assert.equal(ada.score, ada.max_score);
    assert.ok(ada.tests.every((t) => t.status === 'passed'));
    const cy = JSON.parse(readFileSync(join(tmp, 'gs', 'cy', 'results.json'), 'utf8')) as { score: number };
    assert.equal(cy.score, 0);
  });
});
