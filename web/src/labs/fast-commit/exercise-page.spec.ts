/**
 * The fast-commit exercise page: Stop ends a run of the student's file that
 * never comes back (a walk that spins for ever), and the next Run works.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../core/node';
import { run, setEditorText } from '../../../../tests/e2e/exercisePage';
import { expect, test } from '../../../../tests/e2e/fixtures';

const LAB = 'fast-commit';
const URL = `/#/exercise/${LAB}`;

/* the first compile downloads and compiles clang (105 MB) on a machine shared with the other tests */
test.setTimeout(420_000);

const solution = (): string => readFileSync(join(REPO_ROOT, 'exercises', LAB, 'solution.c'), 'utf8');

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
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
