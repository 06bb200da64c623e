/**
 * A typed parameter value the simulator refuses stays in its field, as
 * typed, with the simulator's message beside it; the run keeps the last
 * accepted value until the field holds one the simulator takes.
 */
import { expect, hashQuery, labUrl, paramSpecs, test, waitForRuns } from './fixtures';
import { FIRST_LAB as LAB } from './labs';

test('a refused value stays as typed, with the message beside the field', async ({ page }) => {
  const spec = (await paramSpecs(LAB)).find((s) => s.type === 'int')!;
  await page.goto(labUrl(LAB, { variant: 'after' }));
  await waitForRuns(page);
  const field = page.getByTestId(`param-${spec.name}`);
  const applied = await field.inputValue();

  await field.fill('1e');
  await expect(page.getByTestId(`param-message-${spec.name}`)).toContainText('1e');
  await expect(field).toHaveValue('1e');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(800);
  await expect(field).toHaveValue('1e');

  await field.fill(String(spec.max + 5));
  await field.press('Enter');
  await expect(page.getByTestId(`param-message-${spec.name}`)).toContainText(String(spec.max));
  await expect(field).toHaveValue(String(spec.max + 5));
  expect((await hashQuery(page)).get(spec.name) ?? applied).toBe(applied);

  await field.fill(String(spec.min));
  await field.press('Enter');
  await expect(page.getByTestId(`param-message-${spec.name}`)).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue(String(spec.min));
});

test('a refused seed stays as typed, with the message beside it', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after' }));
  await waitForRuns(page);
  const seed = page.getByTestId('seed');
  await seed.fill('12x');
  await expect(page.getByTestId('param-message-seed')).toContainText('not an integer');
  await expect(seed).toHaveValue('12x');
});
