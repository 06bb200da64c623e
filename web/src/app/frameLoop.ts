/**
 * One animation-frame callback for the page's state changes: the playback
 * clock's step and the stepper's answers that came in since the last frame
 * are applied together, in one synchronous React render inside the
 * animation frame. So the page renders once a frame, the browser paints the
 * frame's step in that same frame (not one after, as a render scheduled
 * after the frame would be), and the request for the step's frame, sent
 * from the render's effects, goes to the worker at the start of the frame:
 * its answer is computed while the page paints, ready for the next frame.
 */
import { flushSync } from 'react-dom';

type Work = (now: number) => void;

let queued: Work[] = [];
let raf = 0;

function runFrame(now: number): void {
  raf = 0;
  const work = queued;
  queued = [];
  flushSync(() => {
    for (const w of work) w(now);
  });
}

/**
 * Runs `work` at the next animation frame, with every other work queued for
 * it, in one React render. Returns a function that takes it off the queue.
 */
export function atNextFrame(work: Work): () => void {
  /* a work of its own, so that taking it off removes this call alone */
  const own: Work = (now) => work(now);
  queued.push(own);
  raf ||= requestAnimationFrame(runFrame);
  return () => {
    queued = queued.filter((w) => w !== own);
    if (queued.length === 0 && raf) {
      cancelAnimationFrame(raf);
      raf = 0;
    }
  };
}
