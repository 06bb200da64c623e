/**
 * What the specs of views at the mail's own size share (each lab's is its
 * folder's views-at-scale.spec.ts). Such views stay legible and small: a
 * structure longer than its window is drawn whole as a bar (its cursor, visited part and
 * window) over the window's entries, with a caption that says what the bar
 * aggregates, the pane stays under PANE_ELEMENTS_MAX elements, and a frame
 * draws in under DRAW_MS_MAX (the median of STEPS steps, from the frame's
 * arrival from the worker to the next animation frame: React's render, the
 * layout and whatever else the page does for the step). Each test also
 * reports the main thread's own work for a step, which an animation frame
 * of 16.7 ms must hold for play to draw every frame.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../../web/src/core/node';

export const PANE_ELEMENTS_MAX = 2_000;
export const DRAW_MS_MAX = 50;
export const STEPS = 15;

/** A lab's defaults with `over` applied, as the engine takes them. */
export async function paramsOf(lab: string, over: Record<string, number | string>): Promise<Record<string, number | string>> {
  const engine = await loadEngine();
  return Object.fromEntries(engine.params(lab).map((p) => [p.name, over[p.name] ?? p.default]));
}

/** The snapshot of a run straight to `step`, from the same WASM build the page runs. */
export async function snapshotAt(lab: string, variant: string, params: Record<string, number | string>, step: number): Promise<unknown> {
  const engine = await loadEngine();
  return engine.run({ lab, variant, params, seed: 1, options: { stopStep: step, traceMax: 0, heatBuckets: 2 } }).snapshot;
}

/**
 * Before the page loads: note when the main thread last took a message from a
 * worker (the frames come from the simulation's worker), so that a step's
 * drawing can be timed from its frame's arrival.
 */
export async function noteWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __workerMsgAt: number };
    w.__workerMsgAt = 0;
    const add = Worker.prototype.addEventListener;
    Worker.prototype.addEventListener = function (this: Worker, type: string, listener: unknown, options?: unknown) {
      if (type === 'message' && typeof listener === 'function') {
        const inner = listener as (e: Event) => void;
        const outer = function (this: unknown, e: Event) {
          w.__workerMsgAt = performance.now();
          return inner.call(this, e);
        };
        return add.call(this, type, outer as EventListener, options as AddEventListenerOptions);
      }
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    } as typeof Worker.prototype.addEventListener;
  });
}

export interface StepTimes {
  /** from the frame's arrival from the worker to the next animation frame: the pane drawn, ms */
  draw: number;
  /** from the click to the next animation frame after the pane shows the step, ms */
  step: number;
  /**
   * the main thread's work for the step: from the start of the animation
   * frame that puts it on the page to the end of React's commit (the render,
   * the views' layout effects and what they measure), and the browser's
   * next rendering update (style, layout, paint) that shows it, ms
   */
  work: number;
}

/**
 * Click step-forward `STEPS` times in the page and time each; the medians.
 */
export async function medianStepMs(page: Page, variant: string): Promise<StepTimes> {
  const times = await page.evaluate(
    async ({ variant, steps }) => {
      const w = window as unknown as { __workerMsgAt: number };
      const pane = document.querySelector(`[data-testid="anim-pane"][data-variant="${variant}"]`)!;
      const button = document.querySelector<HTMLButtonElement>('[data-testid="step-forward"]')!;
      /* when each animation frame's callbacks begin: this loop's callback is asked for before any answer's */
      let frameAt = 0;
      let looping = true;
      const loop = () => {
        frameAt = performance.now();
        if (looping) requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
      const out: { draw: number; step: number; work: number }[] = [];
      for (let k = 0; k < steps; k++) {
        const before = pane.getAttribute('data-frame-step');
        await new Promise<void>((resolve) => {
          const t0 = performance.now();
          const obs = new MutationObserver(() => {
            if (pane.getAttribute('data-frame-step') === before) return;
            obs.disconnect();
            const arrived = w.__workerMsgAt;
            const committed = performance.now() - frameAt;
            requestAnimationFrame(() => {
              const t = performance.now();
              /* a message's task runs once the browser has rendered this frame */
              const ch = new MessageChannel();
              ch.port1.onmessage = () => {
                out.push({ draw: t - arrived, step: t - t0, work: committed + (performance.now() - t) });
                resolve();
              };
              ch.port2.postMessage(null);
            });
          });
          obs.observe(pane, { attributes: true, attributeFilter: ['data-frame-step'] });
          button.click();
        });
        /* let the button come back before the next click */
        await new Promise((r) => setTimeout(r, 30));
      }
      looping = false;
      return out;
    },
    { variant, steps: STEPS },
  );
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { draw: median(times.map((t) => t.draw)), step: median(times.map((t) => t.step)), work: median(times.map((t) => t.work)) };
}

/** How many elements `variant`'s pane holds. */
export async function paneElements(page: Page, variant: string): Promise<number> {
  return page.locator(`[data-testid="anim-pane"][data-variant="${variant}"] *`).count();
}
