/**
 * The catalogue of bad inputs (docs/bad-inputs.md), its page rows in
 * Chromium: a lab page opened at each bad address, and each bad results
 * file imported on the lab page its row names. The page shows one banner or
 * message that says what was wrong, falls back to its defaults, renders
 * nothing of the input as HTML (no element or attribute injected, no
 * dialog) and logs no error (the fixture fails a test that does).
 */
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bigResultChunks, expectation, readCatalogue, RESULT_FILE_NAMES, RESULT_FILES, resultFileText, TEXT_GENERATORS, type Row } from '../node/bad-inputs';
import { expect, hashQuery, test } from './fixtures';

/** A valid result of the lab, from its fixtures, which its page imports after a bad one. */
function goodResult(lab: string): string {
  const path = fileURLToPath(new URL(`../../web/src/labs/${lab}/fixtures/kernel/synthetic-${lab}-before.json`, import.meta.url));
  if (!existsSync(path)) throw new Error(`an import row on the ${lab} page imports a good result after the bad one: ${path} is missing`);
  return path;
}

const rows = readCatalogue().filter((r) => r.surface === 'url' || r.surface === 'import');

/** The address of a url row, its ⟨generators⟩ written out. */
function address(input: string): string {
  return input.replace(/⟨([^⟩]*)⟩/g, (_, name: string) => {
    const g = TEXT_GENERATORS[name];
    if (!g) throw new Error(`unknown generator ⟨${name}⟩ in ${input}`);
    return g().toString('utf8');
  });
}

/** Collect dialogs (an alert() that ran would open one), dismissing each. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/** Nothing of `says` (the row's words, some of them markup) was rendered as HTML. */
async function expectNoInjection(page: Page, dialogs: string[], says: string[]): Promise<void> {
  const found = await page.evaluate((markup) => {
    const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}=${a.value}`),
    );
    const html = document.body.innerHTML;
    return {
      handlers,
      images: [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src') === 'x').length,
      raw: markup.filter((m) => /[<>]/.test(m) && html.includes(m)),
    };
  }, says);
  expect(found.handlers, 'no event handler or javascript: attribute').toEqual([]);
  expect(found.images, 'no injected image').toBe(0);
  expect(found.raw, 'markup in the input stays text').toEqual([]);
  expect(dialogs, 'no dialog').toEqual([]);
}

/* a lab's defaults do not change within one build: read once per lab */
const defaultsSeen = new Map<string, URLSearchParams>();

/** The query the page writes back for a lab opened without one: its defaults. */
async function defaultsOf(page: Page, lab: string): Promise<URLSearchParams> {
  const seen = defaultsSeen.get(lab);
  if (seen) return new URLSearchParams(seen);
  await page.goto(`/#/lab/${lab}`);
  /* the page opens on its lesson: its URL names the step once the decisive moment is found */
  await expect.poll(async () => (await hashQuery(page)).has('step'), { timeout: 30_000 }).toBe(true);
  const q = await hashQuery(page);
  defaultsSeen.set(lab, q);
  return new URLSearchParams(q);
}

async function runUrlRow(page: Page, row: Row): Promise<void> {
  const e = expectation(row.expected);
  if (e.exit !== undefined || e.jsonError || e.problem) throw new Error(`${row.id}: exit, JSON error and problem are not a URL's`);
  if (!e.banner && !e.noPage) throw new Error(`${row.id}: a URL row expects a banner or no page`);
  const hash = address(row.input);
  const lab = /^#\/lab\/([a-z0-9-]+)(\?|$)/.exec(hash)?.[1];
  const defaults = e.defaults.length > 0 ? await defaultsOf(page, lab!) : null;
  const dialogs = watchDialogs(page);
  await page.goto('/');
  await page.goto(`/${hash}`);
  if (e.noPage) {
    const nothing = page.locator('.coming-page');
    await expect(nothing).toContainText('Nothing here');
    for (const w of e.says) await expect(nothing).toContainText(w);
    await expect(page.getByTestId('url-error')).toHaveCount(0);
  } else {
    const banner = page.getByTestId('url-error');
    await expect(banner).toHaveCount(1, { timeout: 30_000 });
    for (const w of e.says) await expect(banner).toContainText(w, { timeout: 30_000 });
    expect((await banner.innerText()).length, 'the banner quotes no long input whole').toBeLessThan(4_000);
  }
  for (const name of e.defaults) {
    const want = defaults!.get(name);
    expect(want, `${name} in the page's defaults`).not.toBeNull();
    await expect.poll(async () => (await hashQuery(page)).get(name), { message: `${row.id}: ${name} back to its default` }).toBe(want);
  }
  await expectNoInjection(page, dialogs, e.says);
}

let scratch: string | null = null;

/** The file an import row names: its name as the page shows it, and its bytes or (100 MB) its path. */
async function importFile(spec: string): Promise<{ name: string; buffer: Buffer } | string> {
  const named = /^named (.+)$/.exec(spec);
  if (named) return { name: `${named[1]}.json`, buffer: Buffer.from(RESULT_FILES['not JSON']!()) };
  if (spec === '100 MB') {
    scratch ??= mkdtempSync(join(tmpdir(), 'jc-bad-imports-'));
    const path = join(scratch, '100 MB.json');
    const out = createWriteStream(path);
    for (const c of bigResultChunks()) if (!out.write(c)) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise<void>((r) => out.end(() => r()));
    return path;
  }
  const make = resultFileText(spec);
  if (!make) throw new Error(`unknown generator ⟨file: ${spec}⟩; known: ${RESULT_FILE_NAMES}, 100 MB, named NAME`);
  return { name: `${spec}.json`, buffer: Buffer.from(make()) };
}

async function runImportRow(page: Page, row: Row): Promise<void> {
  const e = expectation(row.expected);
  if (!e.problem || e.exit !== undefined || e.banner || e.noPage || e.defaults.length) throw new Error(`${row.id}: an import row expects a problem and the words it says`);
  const m = /^#\/lab\/([a-z0-9-]+) import ⟨file: (.+)⟩$/.exec(row.input);
  if (!m) throw new Error(`${row.id}: an import row is "#/lab/<lab> import ⟨file: NAME⟩"`);
  const file = await importFile(m[2]!);
  const dialogs = watchDialogs(page);
  await page.goto(`/#/lab/${m[1]}`);
  const panel = page.getByTestId('kernel-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const input = page.getByTestId('kernel-import-input');
  await input.setInputFiles(typeof file === 'string' ? file : { name: file.name, mimeType: 'application/json', buffer: file.buffer });
  const error = panel.getByTestId('kernel-import-error');
  await expect(error).toContainText('One file was not imported');
  for (const w of e.says) await expect(error).toContainText(w);
  await expect(panel.getByTestId('kernel-run')).toHaveCount(0);
  await expectNoInjection(page, dialogs, e.says);
  /* the page keeps working: a good file imports after the bad one */
  await input.setInputFiles(goodResult(m[1]!));
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
}

test.afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the catalogue has page rows of both surfaces', () => {
  expect(rows.some((r) => r.surface === 'url')).toBe(true);
  expect(rows.some((r) => r.surface === 'import')).toBe(true);
});

for (const row of rows) {
  test(`${row.id}: ${row.input.slice(0, 90)}`, async ({ page }) => {
    if (row.surface === 'url') await runUrlRow(page, row);
    else if (row.surface === 'import') await runImportRow(page, row);
    else throw new Error(`${row.id}: no page test for surface ${row.surface}`);
  });
}
