/**
 * The contention heatmap's words against its cells: what the line under a
 * map claims (the dominant state, every state's share) must follow from the
 * cells the page drew. The shares are computed here, from the value each
 * SVG cell was coloured by under each "colour by" choice, independently of
 * the page's own arithmetic.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

const STATES = ['spin', 'sleep', 'run', 'io', 'idle'] as const;
type State = (typeof STATES)[number];

/** The words the page uses for each state (its vocabulary, restated so that a renamed state fails here). */
const WORDS: Record<State, string> = {
  spin: 'spinning on a lock',
  sleep: 'asleep',
  run: 'running',
  io: 'waiting for I/O',
  idle: 'idle',
};
const STATE_OF = new Map(STATES.map((s) => [WORDS[s], s]));
const WORD_RE = STATES.map((s) => WORDS[s].replace(/[/]/g, '\\/')).join('|');

/** A share as the page prints it: "61%", "3.0%", "<0.1%", "0%". */
export interface Stated {
  text: string;
  lessThan: boolean;
  pct: number;
}

/** Whether a stated percentage is what `share` (0..1) prints as, at the page's precision. */
export function agrees(stated: Stated, share: number): boolean {
  const p = share * 100;
  if (stated.lessThan) return p > 0 && p < stated.pct;
  if (stated.pct === 0) return p === 0;
  const half = stated.pct >= 10 ? 0.5 : 0.05;
  return Math.abs(p - stated.pct) <= half + 1e-9;
}

function parsePct(text: string): Stated {
  const lessThan = text.startsWith('<');
  return { text, lessThan, pct: Number(text.replace(/^</, '').replace(/%$/, '')) };
}

/** The claims of one map's line: "…: the CPUs are mostly asleep: 61% of their time asleep, 20% running, …". */
export function parseSummary(text: string): { dominant: State; shares: Map<State, Stated> } {
  const head = new RegExp(`the CPUs are mostly (${WORD_RE}): (.*)\\.$`).exec(text.trim());
  if (!head) throw new Error(`the heatmap's line does not name a dominant state: ${text}`);
  const dominant = STATE_OF.get(head[1]!)!;
  const shares = new Map<State, Stated>();
  for (const part of head[2]!.split(', ')) {
    const m = new RegExp(`^(<?[\\d.]+%)(?: of their time)? (${WORD_RE})$`).exec(part);
    if (!m) throw new Error(`cannot read "${part}" in: ${text}`);
    shares.set(STATE_OF.get(m[2]!)!, parsePct(m[1]!));
  }
  return { dominant, shares };
}

/** Each state's share of the CPU time, from the cells a map drew under each "colour by" choice. */
export async function drawnShares(page: Page, figures: Locator): Promise<Record<State, number>[]> {
  const n = await figures.count();
  const sums: Record<State, number>[] = Array.from({ length: n }, () => ({ spin: 0, sleep: 0, run: 0, io: 0, idle: 0 }));
  const select = page.getByTestId('heatmap-state');
  for (const state of STATES) {
    await select.selectOption(state);
    for (let i = 0; i < n; i++) {
      const map = figures.nth(i).getByTestId('heatmap');
      await expect(map, 'the check reads SVG cells: the map must be small enough to draw them').toHaveAttribute('data-mode', 'svg');
      await expect(map.locator('svg[role="img"]')).toHaveAttribute('aria-label', new RegExp(`of ${WORDS[state]} per CPU`));
      const cells = Number(await map.getAttribute('data-cells'));
      const values = await map.locator('rect[data-v]').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-v'))));
      expect(values, 'one drawn value per cell').toHaveLength(cells);
      sums[i]![state] = values.reduce((a, b) => a + b, 0);
    }
  }
  return sums.map((s) => {
    const total = STATES.reduce((a, st) => a + s[st], 0);
    return Object.fromEntries(STATES.map((st) => [st, total > 0 ? s[st] / total : 0])) as Record<State, number>;
  });
}

/**
 * Check every heatmap's line, and the before/after line when there is one,
 * against the shares computed from the drawn cells.
 */
export async function checkHeatmapWords(page: Page): Promise<void> {
  const figures = page.locator('figure.heatmap-figure').filter({ has: page.getByTestId('heatmap-summary') });
  const n = await figures.count();
  expect(n).toBeGreaterThan(0);
  const summaries = await Promise.all(
    Array.from({ length: n }, (_, i) => figures.nth(i).getByTestId('heatmap-summary').textContent()),
  );
  const computed = await drawnShares(page, figures);
  for (const [i, text] of summaries.entries()) {
    const claim = parseSummary(text ?? '');
    const shares = computed[i]!;
    expect([...claim.shares.keys()].sort(), `every state is named: ${text}`).toEqual([...STATES].sort());
    for (const [state, stated] of claim.shares)
      expect(agrees(stated, shares[state]), `${state}: the line says ${stated.text}, the cells give ${(shares[state] * 100).toFixed(3)}%`).toBe(true);
    const largest = Math.max(...STATES.map((s) => shares[s]));
    expect(shares[claim.dominant], `the line says mostly ${WORDS[claim.dominant]}: ${text}`).toBe(largest);
    await expect(figures.nth(i).getByTestId('heatmap-summary')).toHaveAttribute('data-dominant', claim.dominant);
  }
  const comparison = page.getByTestId('heatmap-comparison');
  if (n === 2 && (await comparison.count()) > 0) {
    const text = (await comparison.textContent()) ?? '';
    const parts = [...text.matchAll(new RegExp(`(${WORD_RE}): (<?[\\d.]+%) before, (<?[\\d.]+%) after`, 'g'))];
    expect(parts.length, `the before/after line: ${text}`).toBeGreaterThan(0);
    for (const m of parts) {
      const state = STATE_OF.get(m[1]!)!;
      expect(agrees(parsePct(m[2]!), computed[0]![state]), `${state} before in: ${text}`).toBe(true);
      expect(agrees(parsePct(m[3]!), computed[1]![state]), `${state} after in: ${text}`).toBe(true);
    }
  }
}
