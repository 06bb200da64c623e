/**
 * The exercise page (#/exercise/<lab>): Run compiles the student's file in
 * Chromium with clang built for WebAssembly, links it with the lab's model and
 * shows `yours` beside `before` and `after`, each from a run (the step total of
 * `yours` is the one the same file gives when compiled and run in Node); a
 * compile error is drawn in the editor at its line; the file survives a reload.
 *
 * The compile times and the time from Run to the first frame are printed, for
 * the README's "Exercises in the browser".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { runClang } from '@yowasp/clang';
import { wrapModule } from '../../web/src/core/engine';
import { REPO_ROOT } from '../../web/src/core/node';
import { compile, instantiate, type Clang } from '../../web/src/core/wasi';
import { storageKey } from '../../web/src/exercise-page/storage';
import { C_TOKENS } from '../../web/src/viz/code/cTheme';
import { expect, test } from './fixtures';

const LAB = 'fast-commit';
const URL = `/#/exercise/${LAB}`;
const WASI_DIR = join(REPO_ROOT, 'wasm-core', 'build', 'wasi');

/* the first compile downloads and compiles clang (105 MB) on a machine shared with the other tests */
test.setTimeout(420_000);

function solution(): string {
  return readFileSync(join(REPO_ROOT, 'exercises', LAB, 'solution.c'), 'utf8');
}

/** The step total of `variant` run by `source` linked as the page links it, in Node. */
async function stepsInNode(source: string, variant: string, params: Record<string, number>): Promise<number> {
  const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { flags: string[]; labs: Record<string, string> };
  const built = await compile(runClang as unknown as Clang, source, {
    library: readFileSync(join(WASI_DIR, `${LAB}.a`)),
    headers: JSON.parse(readFileSync(join(WASI_DIR, 'include.json'), 'utf8')) as Record<string, string>,
    flags: flags.flags,
    define: flags.labs[LAB],
  });
  const engine = wrapModule(await instantiate(built.wasm));
  return engine.result({ lab: LAB, variant, params, seed: 1 }).sim.steps;
}

/** The editor's text, line by line, as CodeMirror holds it (the editor is in a shadow root). */
async function editorText(page: Page): Promise<string> {
  return page.getByTestId('exercise-editor').evaluate((host) => {
    const lines = host.shadowRoot?.querySelectorAll('.cm-line') ?? [];
    return [...lines].map((l) => l.textContent ?? '').join('\n');
  });
}

/**
 * Replace the editor's whole text, as a user selecting all and pasting it:
 * the paste event CodeMirror handles (the browser's own insertion of many
 * lines into a contenteditable would copy style attributes, which the
 * page's policy refuses).
 */
async function setEditorText(page: Page, text: string): Promise<void> {
  const content = page.getByTestId('exercise-code');
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await content.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Press Run and wait for the compile to end; its phase ("running" or "failed") and timings. */
async function run(page: Page): Promise<{ phase: string; compileMs: number; loadMs: number }> {
  await page.getByTestId('exercise-run').click();
  const status = page.getByTestId('build-status');
  await expect(status).toHaveAttribute('data-phase', /^(running|failed)$/, { timeout: 400_000 });
  return {
    phase: (await status.getAttribute('data-phase')) ?? '',
    compileMs: Number(await status.getAttribute('data-compile-ms')),
    loadMs: Number(await status.getAttribute('data-load-ms')),
  };
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
  const total = await stepsInNode(solution(), 'yours', params);
  await expect(yours).toHaveAttribute('data-total', String(total));
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
});

test("every other lab's exercise page compiles its solution and plays yours beside before and after", async ({ page }) => {
  const labs = readdirSync(join(REPO_ROOT, 'exercises'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== LAB && existsSync(join(REPO_ROOT, 'exercises', e.name, 'solution.c')))
    .map((e) => e.name);
  expect(labs.length, 'exercises besides fast-commit').toBeGreaterThan(0);
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

test('Stop ends a run that never comes back, and the next Run works', async ({ page }) => {
  const endless = [
    '#include "fast-commit-yours.h"',
    '',
    'void yours_track_create(struct ext4_fc_dentry_update *fcd, struct ext4_inode_info *ei)',
    '{',
    '\t(void)fcd;',
    '\t(void)ei;',
    '}',
    '',
    'struct ext4_inode_info *yours_dentry_inode(struct fc_walk *w, struct ext4_fc_dentry_update *fcd)',
    '{',
    '\tvolatile int spin = 1;',
    '',
    '\t(void)fcd;',
    '\twhile (spin)',
    '\t\t;',
    '\treturn fc_walk_first(w);',
    '}',
    '',
  ].join('\n');
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await setEditorText(page, endless);
  expect((await run(page)).phase).toBe('running');
  /* before and after end; yours never does */
  await page.waitForTimeout(3_000);
  await expect(page.locator('[data-testid="anim-pane"][data-variant="yours"][data-hash]')).toHaveCount(0);
  await page.getByTestId('exercise-stop').click();
  await expect(page.getByTestId('build-status')).toHaveAttribute('data-phase', 'failed');
  await expect(page.getByTestId('build-status')).toContainText('Stopped');

  await setEditorText(page, solution());
  expect((await run(page)).phase).toBe('running');
  await expect(page.locator('[data-testid="anim-pane"][data-variant="yours"]')).toHaveAttribute('data-hash', /^[0-9a-f]{16}$/, {
    timeout: 120_000,
  });
});

test('a compile error shows in the editor at its line', async ({ page }) => {
  await page.goto(URL);
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  const broken = '/* broken on purpose */\n\nint broken(void)\n{\n\treturn not_declared_here;\n}\n';
  await setEditorText(page, broken);
  const { phase } = await run(page);
  expect(phase).toBe('failed');

  const item = page.getByTestId('compile-errors').locator('li').first();
  await expect(item).toHaveAttribute('data-line', '5');
  await expect(item).toContainText('not_declared_here');

  /* in the editor: the identifier underlined on line 5, a marker in the gutter */
  const editor = page.getByTestId('exercise-editor');
  const range = editor.locator('.cm-diag-error');
  await expect(range).toHaveText('not_declared_here');
  const line = await range.evaluate((el) => {
    const row = el.closest('.cm-line');
    const rows = [...(row?.parentElement?.querySelectorAll(':scope > .cm-line') ?? [])];
    return rows.indexOf(row as Element) + 1;
  });
  expect(line).toBe(5);
  await expect(editor.locator('.cm-diag-marker-error')).toHaveCount(1);
  await expect(editor.locator('.cm-line.cm-diag-line-error')).toHaveAttribute('title', /not_declared_here/);
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
