/**
 * The exercise page, for its specs: the editor's text replaced as a user
 * pastes it, and Run pressed and waited for.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Replace the editor's whole text, as a user selecting all and pasting it:
 * the paste event CodeMirror handles (the browser's own insertion of many
 * lines into a contenteditable would copy style attributes, which the
 * page's policy refuses).
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
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
export async function run(page: Page): Promise<{ phase: string; compileMs: number; loadMs: number }> {
  await page.getByTestId('exercise-run').click();
  const status = page.getByTestId('build-status');
  await expect(status).toHaveAttribute('data-phase', /^(running|failed)$/, { timeout: 400_000 });
  return {
    phase: (await status.getAttribute('data-phase')) ?? '',
    compileMs: Number(await status.getAttribute('data-compile-ms')),
    loadMs: Number(await status.getAttribute('data-load-ms')),
  };
}
