/**
 * The first divergence of the runs side by side: the button seeks to the step
 * the search finds in Node on the same build, says what each run does there,
 * both panes stand on it and the code pane shows each run's line at it; d
 * goes there again from anywhere.
 */
import { loadEngine } from '../../web/src/core/node';
import { findDivergence } from '../../web/src/core/divergence';
import { createStepper, type FrameRun } from '../../web/src/core/stepper';
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB as LAB, manifestOf } from './labs';

test('the first divergence button and d seek to where the runs side by side first differ, both panes and lines there', async ({ page }) => {
  test.setTimeout(120_000);
  const engine = await loadEngine();
  const preset = (await manifestOf(LAB)).preset;
  const params: Record<string, number> = {};
  for (const s of engine.params(LAB)) params[s.name] = preset[s.name] ?? s.default;
  const variants = engine.labs().find((l) => l.id === LAB)!.variants;
  const pair = [variants[0]!, variants.at(-1)!] as const;
  const runs = pair.map((variant) => ({ lab: LAB, variant, params, seed: 1 })) as [FrameRun, FrameRun];
  const d = findDivergence(createStepper(engine), engine.labs(), runs);
  if (!d.found) throw new Error(`${LAB}'s ${pair.join(' and ')} do not differ: the spec needs a lab whose runs do`);
  /* each run's line at the step: the line of its last step there */
  const lineAt = (r: FrameRun) => engine.run({ ...r, options: { stopStep: d.step, traceFrom: d.step, traceMax: 1, heatBuckets: 2 } }).steps.steps[0]!.line;

  await page.goto(labUrl(LAB, { variant: 'side', a: pair[0], b: pair[1], seed: 1, step: 1, ...params }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  await expect(counter).toHaveText('1');
  const result = page.getByTestId('divergence-result');
  const started = Date.now();
  await page.getByTestId('divergence-jump').click();
  await expect(result).toHaveAttribute('data-step', String(d.step), { timeout: 60_000 });
  console.log(`first divergence of ${LAB} (${pair.join(' and ')}): step ${d.step}, found and shown ${Date.now() - started} ms after the click`);
  await expect(counter).toHaveText(String(d.step));
  await expect(result).toHaveAttribute('data-steps', d.runs.map((r) => r.step).join(','));
  for (const [k, r] of d.runs.entries()) await expect(result).toContainText(`${pair[k]} ${r.text}`);

  /* both panes stand on the step, and the code pane shows both runs' lines there */
  for (const v of pair) await expect(page.locator(`[data-testid="anim-pane"][data-variant="${v}"]`)).toHaveAttribute('data-frame-step', String(d.step));
  await expect(page.getByTestId('code-legend-active')).toContainText(`${pair[0]}: line ${lineAt(runs[0])}`);
  await expect(page.getByTestId('code-legend-secondary')).toContainText(`${pair[1]}: line ${lineAt(runs[1])}`);
  /* the run whose event is at the step shows it as its line */
  const first = d.runs.findIndex((r) => r.step === d.step);
  expect(lineAt(runs[first]!)).toBe(d.runs[first]!.event!.line);

  /* d, from anywhere else, goes there again */
  await page.keyboard.press('End');
  await expect(counter).not.toHaveText(String(d.step));
  await page.keyboard.press('d');
  await expect(counter).toHaveText(String(d.step));
});
