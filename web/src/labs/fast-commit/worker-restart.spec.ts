/**
 * The simulator dying under the page: its worker throws outside any call, is terminated, or the module aborts
 * inside a run (as an out-of-memory abort would). Each time the page says what happened and that a new
 * simulator was started, keeps the parameters (the URL and the fields), and "run again" gives the very frame
 * it showed before, from the new simulator; a configuration set afterwards runs too.
 */
import type { Page } from '@playwright/test';
import type { SimFault } from '../../core/protocol';
import { expect, hashQuery, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';

const LAB = 'fast-commit';
const VIEW = { variant: 'side', ways: 6, dirs: 2, files: 12, loops: 1, seed: 5, step: 40 };

async function fields(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of ['ways', 'dirs', 'files', 'loops']) out[name] = await page.getByTestId(`param-${name}`).inputValue();
  out.seed = await page.getByTestId('seed').inputValue();
  return out;
}

const hashes = (page: Page) => page.getByTestId('anim-pane').evaluateAll((panes) => panes.map((p) => p.getAttribute('data-hash')));

const SAYS: Record<SimFault, RegExp> = {
  throw: /The simulator stopped \(the simulator worker stopped: .*made to throw\)/,
  terminate: /The simulator stopped \(the simulator worker was terminated\)/,
  abort: /The simulator stopped \(the simulator crashed in jc_\w+: Aborted\(.*\)\)/,
};

for (const fault of ['throw', 'terminate', 'abort'] as const)
  test(`a simulator that dies (${fault}) is started again with a message, the parameters kept, and runs again`, async ({ page }) => {
    await page.goto(labUrl(LAB, VIEW));
    await waitForRuns(page);
    await expect(page.getByTestId('step-counter')).toHaveText(String(VIEW.step));
    const shown = await hashes(page);
    const totals = await page.getByTestId('run-status').textContent();
    expect(shown.every((h) => h && h.length > 0)).toBe(true);
    const query = (await hashQuery(page)).toString();
    const typed = await fields(page);
    expect(typed).toMatchObject({ ways: '6', dirs: '2', files: '12', loops: '1', seed: '5' });
    const banner = page.getByTestId('sim-restarted');
    await expect(banner).toHaveCount(0);

    await page.evaluate((f) => (window as unknown as { journalclubSim: { crash(f: string): Promise<void> } }).journalclubSim.crash(f), fault);
    if (fault === 'abort') {
      // the abort comes with the next call into the simulator: a step on, whose frame fails with it
      await page.getByTestId('step-forward').click();
      await expect(page.getByTestId('run-error')).toContainText('crashed');
    }
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-cause', fault === 'abort' ? 'simulator' : 'worker');
    await expect(banner).toContainText(SAYS[fault]);
    await expect(banner).toContainText('A new one was started; your parameters are kept');

    // nothing the user set is lost: not the URL, not the fields
    expect(await fields(page)).toEqual(typed);
    const kept = new URLSearchParams((await hashQuery(page)).toString());
    if (fault === 'abort') kept.set('step', String(VIEW.step));
    expect(kept.toString()).toBe(query);

    if (fault === 'abort') await page.getByTestId('step-back').click();
    await page.getByTestId('sim-run-again').click();
    await expect(banner).toHaveCount(0);
    await waitForRuns(page);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
    await expect(page.getByTestId('step-counter')).toHaveText(String(VIEW.step));
    // the same frame as before the simulator died, from the new one
    await expect.poll(() => hashes(page)).toEqual(shown);
    const memory = () => page.evaluate('window.journalclubSim.memory()') as Promise<{ starts: number; openRuns: number }>;
    // the frames came from the new simulator: its open runs are the two variants shown
    await expect.poll(async () => (await memory()).openRuns).toBe(2);
    // a crashed module is replaced inside its worker; a dead worker by a new worker with a simulator of its own
    expect((await memory()).starts).toBe(fault === 'abort' ? 2 : 1);

    // and a configuration set afterwards runs to its end: more files, longer runs
    await page.getByTestId('param-files').fill('16');
    await page.getByTestId('param-files').press('Enter');
    await expect.poll(async () => (await hashQuery(page)).get('files')).toBe('16');
    await expect(page.getByTestId('run-status')).not.toHaveText(totals!);
    await waitForRuns(page);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
  });

test('cancelling the runs is not reported as the simulator dying', async ({ page }) => {
  await page.goto(labUrl(LAB, VIEW));
  await waitForRuns(page);
  await page.evaluate(() => (window as unknown as { journalclubSim: { stop(r: string): void } }).journalclubSim.stop('stopped by the test'));
  await page.getByTestId('step-forward').click();
  await waitForRuns(page);
  await expect(page.getByTestId('sim-restarted')).toHaveCount(0);
});
