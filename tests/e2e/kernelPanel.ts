/**
 * The "Reproduce on a real kernel" panel, for its specs: a lab page opened
 * on it, and results files imported into it (synthetic ones, kept in each
 * lab's fixtures/kernel/: they test the page, they are not measurements).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A file as the import takes it: its name and bytes. */
export interface ResultFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A lab page opened on its kernel panel. */
export async function openPanel(page: Page, lab: string) {
  await page.goto(`/#/lab/${lab}`);
  const panel = page.getByTestId('kernel-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveAttribute('data-lab', lab);
  return panel;
}

/** A file on disk, as a file to import under its own name. */
export function resultFile(path: string): ResultFile {
  return { name: basename(path), mimeType: 'application/json', buffer: readFileSync(path) };
}

/** Import files of results, as a user choosing them in the panel's file dialog. */
export async function importFiles(page: Page, ...files: ResultFile[]): Promise<void> {
  await page.getByTestId('kernel-import-input').setInputFiles(files);
}
