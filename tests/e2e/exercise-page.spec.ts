/**
 * The exercise page (#/exercise/<lab>): Run compiles the student's file in
 * Chromium with clang built for WebAssembly, links it with the lab's model and
 * shows `yours` beside `before` and `after`, each from a run (the step total of
 * `yours` is the one the same file gives when compiled and run in Node); the
 * checker passes the solution and names a bug's failure (its step, the
 * simulator's check that refused it, the steps before it); the animation
 * opens where yours first differs from the lab's first variant (the step
 * the same search finds in Node), or at the lesson's decisive moment where
 * they do the same; a compile error names the file as saved, is drawn in
 * the editor at its line with its message, and its entry in the list moves
 * the editor there; the file survives a reload.
 *
 * The compile times and the time from Run to the first frame are printed, for
 * the README's "Exercises in the browser".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { runClang } from '@yowasp/clang';
import { findDivergence } from '../../web/src/core/divergence';
import { findMoment, lessonMarks } from '../../web/src/core/lesson';
import { LAB_FACES, type LabId } from '../../web/src/labs/registry.gen';
import { wrapModule, type Engine } from '../../web/src/core/engine';
import { REPO_ROOT } from '../../web/src/core/node';
import { createStepper } from '../../web/src/core/stepper';
import { compile, instantiate, type Clang } from '../../web/src/core/wasi';
import { makeSkeleton } from '../../web/src/exercises/skeleton';
import { OPENING_MAX_STEPS } from '../../web/src/exercise-page/useExerciseView';
import { storageKey } from '../../web/src/exercise-page/storage';
import { C_TOKENS } from '../../web/src/viz/code/cTheme';
import { run, setEditorText } from './exercisePage';
import { expect, test } from './fixtures';
import { FIRST_LAB as LAB, manifestOf } from './labs';
const URL = `/#/exercise/${LAB}`;
const WASI_DIR = join(REPO_ROOT, 'wasm-core', 'build', 'wasi');

/* the first compile downloads and compiles clang (105 MB) on a machine shared with the other tests */
test.setTimeout(420_000);

function solution(): string {
  return readFileSync(join(REPO_ROOT, 'exercises', LAB, 'solution.c'), 'utf8');
}

/** `source` linked as the page links it, in Node. */
async function buildInNode(source: string): Promise<Engine> {
  const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { flags: string[]; labs: Record<string, string> };
  const built = await compile(runClang as unknown as Clang, source, {
    library: readFileSync(join(WASI_DIR, `${LAB}.a`)),
    headers: JSON.parse(readFileSync(join(WASI_DIR, 'include.json'), 'utf8')) as Record<string, string>,
    flags: flags.flags,
    define: flags.labs[LAB],
  });
  return wrapModule(await instantiate(built.wasm));
}

/** The lesson's decisive moment and its step in its variant's run, found as the page finds it. */
function decisiveInNode(engine: Engine, params: Record<string, number>, markers: Readonly<Record<string, unknown>> | undefined) {
  const lesson = LAB_FACES[LAB as LabId].lesson;
  const moment = lesson.moments[0];
  const out = engine.run({ lab: LAB, variant: moment.variant, params, seed: 1, options: { traceMax: 0, heatBuckets: 2, ...lessonMarks(lesson, Object.keys(markers ?? {})) } });
  return { moment, step: findMoment(out.marks!, moment, out.result.sim.steps) };
}

/** Where the page opens the animation for `source`: the first divergence of yours and the lab's first variant, as Node finds it. */
function openingInNode(engine: Engine, params: Record<string, number>) {
  const first = engine.labs().find((l) => l.id === LAB)!.variants[0]!;
  const runs = (['yours', first] as const).map((variant) => ({ lab: LAB, variant, params, seed: 1 }));
  return findDivergence(createStepper(engine), engine.labs(), [runs[0]!, runs[1]!], { maxSteps: OPENING_MAX_STEPS });
}

/** The editor's text, line by line, as CodeMirror holds it (the editor is in a shadow root). */
async function editorText(page: Page): Promise<string> {
  return page.getByTestId('exercise-editor').evaluate((host) => {
    const lines = host.shadowRoot?.querySelectorAll('.cm-line') ?? [];
    return [...lines].map((l) => l.textContent ?? '').join('\n');
  });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('the page compiles the solution in Chromium and shows yours beside before and after', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await setEditorText(page, solution());

  const first = await run(page);
  expect(first.phase, await page.getByTestId('build-status').textContent() ?? '').toBe('running');
  const status = page.getByTestId('build-status');
  await expect(status).toHaveAttribute('data-first-frame-ms', /^\d+$/, { timeout: 120_000 });
  const firstFrameMs = Number(await status.getAttribute('data-first-frame-ms'));

  const panes = page.getByTestId('anim-pane');
  await expect(panes).toHaveCount(3);
  expect(await panes.evaluateAll((ps) => ps.map((p) => p.getAttribute('data-variant')))).toEqual(['before', 'after', 'yours']);
  const yours = page.locator('[data-testid="anim-pane"][data-variant="yours"]');
  await expect(yours).toHaveAttribute('data-hash', /^[0-9a-f]{16}$/);

  /* yours' run is the student's file's: its step total is the one Node gets from the same file */
  const params = JSON.parse((await page.getByTestId('exercise-page').getAttribute('data-params')) ?? '{}') as Record<string, number>;
  const inNode = await buildInNode(solution());
  const total = inNode.result({ lab: LAB, variant: 'yours', params, seed: 1 }).sim.steps;
  await expect(yours).toHaveAttribute('data-total', String(total));
  /* the animation opened where yours first differs from the first variant, yours followed in the code pane */
  const opening = openingInNode(inNode, params);
  if (!opening.found) throw new Error(`the solution's yours does what the first variant does for ${OPENING_MAX_STEPS} steps: the spec needs a lab where they differ`);
  await expect(page.getByTestId('exercise-opening')).toHaveAttribute('data-step', String(opening.step));
  await expect(page.getByTestId('exercise-opening')).toContainText(opening.runs[0].text);
  await expect(page.getByTestId('step-counter')).toHaveText(String(opening.step));
  await expect(yours).toHaveAttribute('data-frame-step', String(opening.step));
  await expect(page.getByTestId('code-legend-active')).toContainText('yours: line');
  const header = page.getByTestId('metrics').locator('thead th');
  await expect(header).toHaveText(['metric', 'before', 'after', 'yours']);
  await expect(page.getByTestId('metrics').locator('tbody tr').first().locator('td')).toHaveCount(4);

  /* the checker on the page's build: the solution passes every check */
  const checkStarted = Date.now();
  await page.getByTestId('check-run').click();
  const score = page.getByTestId('check-score');
  await expect(score).toBeVisible({ timeout: 300_000 });
  const checks = await page.getByTestId('check-result').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-check')} ${e.getAttribute('data-pass')}`));
  expect(checks.length).toBeGreaterThan(0);
  expect(checks.every((c) => c.endsWith(' true')), checks.join('; ')).toBe(true);
  await expect(score).toHaveAttribute('data-passed', String(checks.length));
  console.log(`exercise page: the checker passed ${checks.length} checks in ${Date.now() - checkStarted} ms`);

  /* a later compile: clang is loaded */
  const later = await run(page);
  expect(later.phase).toBe('running');
  console.log(
    `exercise page: first compile ${first.compileMs} ms after loading clang in ${first.loadMs} ms; ` +
      `later compile ${later.compileMs} ms; Run to first frame ${firstFrameMs} ms (first)`,
  );
  await expect(status).toHaveAttribute('data-first-frame-ms', /^\d+$/, { timeout: 120_000 });
  console.log(`exercise page: Run to first frame ${await status.getAttribute('data-first-frame-ms')} ms (later)`);

  /* a reloaded page compiles with clang from the Cache API: none of its files is fetched again, nothing leaves the host */
  expect(requests.filter((u) => /llvm\.core-.*\.wasm$/.test(u)), 'the first compile fetched clang').toHaveLength(1);
  const origin = new globalThis.URL(page.url()).origin;
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  requests.length = 0;
  await page.reload();
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  const again = await run(page);
  expect(again.phase).toBe('running');
  await expect(page.locator('[data-testid="anim-pane"][data-variant="yours"]')).toHaveAttribute('data-total', String(total));
  console.log(`exercise page: after a reload, clang loaded from the cache in ${again.loadMs} ms, compile ${again.compileMs} ms`);
  expect(requests.filter((u) => /llvm/.test(u))).toEqual([]);
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);

  /* the skeleton does what the old kernel did: where it does the same as the first variant, the lesson's decisive moment */
  const skeleton = makeSkeleton(solution(), 'solution.c').text;
  const skeletonBuild = await buildInNode(skeleton);
  const same = openingInNode(skeletonBuild, params);
  await setEditorText(page, skeleton);
  expect((await run(page)).phase).toBe('running');
  const note = page.getByTestId('exercise-opening');
  await expect(note).toHaveAttribute('data-found', String(same.found), { timeout: 120_000 });
  if (same.found) {
    await expect(note).toHaveAttribute('data-step', String(same.step));
    return;
  }
  const { moment, step: decisive } = decisiveInNode(skeletonBuild, params, (await manifestOf(LAB)).markers);
  expect(decisive, `the lesson's ${moment.id} in the ${moment.variant} run`).not.toBeNull();
  await expect(note).toHaveAttribute('data-at', 'moment');
  await expect(note).toHaveAttribute('data-step', String(decisive));
  await expect(page.getByTestId('step-counter')).toHaveText(String(decisive));
  await expect(note).toContainText(`no divergence in the first ${OPENING_MAX_STEPS.toLocaleString('en-US')} steps of each run`);
  await expect(note).toContainText(moment.label);
});

test("the checker names a model's failure: the step, the simulator's check that refused it, the steps before it", async ({ page }) => {
  test.setTimeout(600_000);
  const bugs = JSON.parse(readFileSync(join(REPO_ROOT, 'exercises', LAB, 'bugs.json'), 'utf8')) as { bugs: { check: string; replace: [string, string][] }[] };
  const bug = bugs.bugs.find((b) => b.check === 'invariants')!;
  const source = bug.replace.reduce((text, [from, to]) => text.replace(from, to), solution());
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await setEditorText(page, source);
  expect((await run(page)).phase).toBe('running');
  await page.getByTestId('check-run').click();
  await expect(page.getByTestId('check-score')).toBeVisible({ timeout: 400_000 });
  const invariants = page.locator('[data-testid="check-result"][data-check="invariants"]');
  await expect(invariants).toHaveAttribute('data-pass', 'false');
  const step = Number(await invariants.getAttribute('data-step'));
  expect(step).toBeGreaterThan(1);
  const check = (await invariants.getAttribute('data-refused-by')) ?? '';
  expect(check).toMatch(/^[a-z_]+$/);
  await expect(invariants).toContainText(`the model found a broken invariant: `);
  await expect(invariants).toContainText(`at step ${step} (${check})`);
  /* the steps before it, the last the one just before, its arguments named as the lab names them */
  const lines = ((await invariants.locator('.check-steps').textContent()) ?? '').split('\n');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.at(-1)).toMatch(new RegExp(`^step ${step - 1}  \\d+\\.\\d{3} us  cpu \\d+  task \\d+  \\w+`));
});

test("every other lab's exercise page compiles its solution and plays yours beside before and after", async ({ page }) => {
  const labs = readdirSync(join(REPO_ROOT, 'exercises'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== LAB && existsSync(join(REPO_ROOT, 'exercises', e.name, 'solution.c')))
    .map((e) => e.name);
  expect(labs.length, `exercises besides ${LAB}`).toBeGreaterThan(0);
  for (const lab of labs) {
    /* from the lab page's link: the page and its worker stay, so clang is loaded once */
    await page.goto(`/#/lab/${lab}`);
    await page.getByTestId('exercise-link').click();
    await expect(page.getByTestId('exercise-editor')).toBeVisible();
    await setEditorText(page, readFileSync(join(REPO_ROOT, 'exercises', lab, 'solution.c'), 'utf8'));
    const { phase } = await run(page);
    expect(phase, `${lab}: ${await page.getByTestId('build-status').textContent()}`).toBe('running');
    const yours = page.locator('[data-testid="anim-pane"][data-variant="yours"]');
    await expect(yours, lab).toHaveAttribute('data-hash', /^[0-9a-f]{16}$/, { timeout: 120_000 });
    expect(Number(await yours.getAttribute('data-total')), lab).toBeGreaterThan(0);
    await expect(page.getByTestId('metrics').locator('thead th').last()).toHaveText('yours');
  }
});

test('a compile error shows in the editor at its line', async ({ page }) => {
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  const broken = '/* broken on purpose */\n\nint broken(void)\n{\n\treturn not_declared_here;\n}\n';
  await setEditorText(page, broken);
  const { phase } = await run(page);
  expect(phase).toBe('failed');

  /* the list names the file as it is saved */
  const item = page.getByTestId('compile-errors').locator('li').first();
  await expect(item).toHaveAttribute('data-line', '5');
  await expect(item).toHaveAttribute('data-file', `${LAB}.c`);
  await expect(item).toContainText(`${LAB}.c:5:9`);
  await expect(item).toContainText('not_declared_here');
  await expect(page.getByTestId('compile-errors')).not.toContainText('yours.c');

  /* in the editor: the identifier underlined on line 5, a marker in the gutter, the message under the line */
  const editor = page.getByTestId('exercise-editor');
  const range = editor.locator('.cm-lintRange-error');
  await expect(range).toHaveText('not_declared_here');
  const rowOf = (el: Element) => {
    const row = el.closest('.cm-line');
    const rows = [...(row?.parentElement?.querySelectorAll(':scope > .cm-line') ?? [])];
    return rows.indexOf(row as Element) + 1;
  };
  expect(await range.evaluate(rowOf)).toBe(5);
  await expect(editor.locator('.cm-lint-marker-error')).toHaveCount(1);
  const message = editor.getByTestId('diagnostic-message');
  await expect(message).toHaveCount(1);
  await expect(message).toBeVisible();
  await expect(message).toContainText(/error: .*not_declared_here/);
  /* the widget stands right under line 5 */
  expect(await message.evaluate((el) => (el.previousElementSibling?.textContent ?? ''))).toContain('return not_declared_here;');

  /* its entry in the list moves the editor there: the cursor on the identifier, the editor focused */
  await page.getByTestId('exercise-code').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(editor.locator('.cm-activeLine')).toContainText('broken on purpose');
  await page.getByTestId('compile-error-link').first().click();
  await expect(editor.locator('.cm-activeLine')).toContainText('return not_declared_here;');
  await expect(page.getByTestId('exercise-code')).toBeFocused();
  /* Chromium's ShadowRoot.getSelection: the selection inside the editor's shadow root */
  type Shadow = ShadowRoot & { getSelection?(): Selection | null };
  expect(await page.getByTestId('exercise-editor').evaluate((host) => (host.shadowRoot as Shadow | null)?.getSelection?.()?.toString() ?? '')).toBe(
    'not_declared_here',
  );
});

test('the page, with a compile error and after a Run, has no serious or critical accessibility violation', async ({ page }) => {
  const serious = async (): Promise<string[]> =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} element(s), first ${v.nodes[0]?.target.join(' ') ?? '?'}`);
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await setEditorText(page, 'int broken(void)\n{\n\treturn nothing_here;\n}\n');
  expect((await run(page)).phase).toBe('failed');
  expect(await serious(), 'with a compile error').toEqual([]);
  await setEditorText(page, solution());
  expect((await run(page)).phase).toBe('running');
  await expect(page.locator('[data-testid="anim-pane"][data-variant="yours"]')).toHaveAttribute('data-hash', /^[0-9a-f]{16}$/, {
    timeout: 120_000,
  });
  expect(await serious(), 'after a Run').toEqual([]);
});

/** The first token `word` drawn in the CodeMirror under `testId` (Playwright's locators reach into its shadow root). */
const token = (page: Page, testId: string, word: string) =>
  page.getByTestId(testId).locator('.cm-content span', { hasText: new RegExp(`^${word}$`) }).first();

const rgb = (hex: string): string => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('the editor has its own CodeMirror: C highlighted, its keys and undo history, beside the code pane', async ({ page }) => {
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await expect(token(page, 'exercise-editor', 'struct')).toHaveCSS('color', rgb(C_TOKENS.keyword));

  const edit = async (redo: boolean): Promise<void> => {
    const before = await editorText(page);
    const content = page.getByTestId('exercise-code');
    await content.click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.type('probe();');
    const typed = `probe();${before.split('\n')[0]}`;
    await expect.poll(async () => (await editorText(page)).split('\n')[0]).toBe(typed);
    /* Mod-z undoes the typing, Mod-Shift-z does it again */
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(page)).toBe(before);
    if (!redo) return;
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(async () => (await editorText(page)).split('\n')[0]).toBe(typed);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(page)).toBe(before);
  };
  await edit(true);

  /* after a Run the lab's code pane, on the lab page's CodeMirror, is on the page too: both still work */
  await setEditorText(page, solution());
  expect((await run(page)).phase).toBe('running');
  await expect(page.getByTestId('code-pane')).toBeVisible();
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(token(page, 'code-pane', 'struct')).toHaveCSS('color', rgb(C_TOKENS.keyword));
  await expect(token(page, 'exercise-editor', 'struct')).toHaveCSS('color', rgb(C_TOKENS.keyword));
  /* after a Run, redo finds nothing to redo (with one CodeMirror for both as well): typing and undo only */
  await edit(false);
});

test('the code survives a reload', async ({ page }) => {
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  const opened = await editorText(page);
  expect(opened).toContain('TODO 1/');
  const mine = `/* my attempt ${Date.now()} */\n${solution()}`;
  await setEditorText(page, mine);
  const kept = () => page.evaluate((key) => localStorage.getItem(key), storageKey(LAB));
  await expect.poll(kept).toBe(mine);
  await page.reload();
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  /* the editor draws only the lines in its window: those are the kept file's first ones */
  const head = mine.split('\n').slice(0, 12).join('\n');
  await expect.poll(async () => (await editorText(page)).split('\n').slice(0, 12).join('\n')).toBe(head);
  expect(await kept()).toBe(mine);
});
