/**
 * Presenter mode: one view of the lab at a time, in large type
 * (presenter.css), under a bar that says which view of how many and moves
 * between them. Each move is a history entry (the view is in the URL as
 * present=<view>), so that Back returns to the view before.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { usePresenterKeys } from './keys';
import { toggleShortcuts } from './ShortcutsOverlay';
import { PRESENT_LABELS, stepView, type PresentView } from './views';
import './presenter.css';

export interface PresenterStageProps {
  heading: string;
  views: readonly PresentView[];
  view: PresentView;
  onView(v: PresentView): void;
  onExit(): void;
  /** the run status line (simulating, or each variant's step count) */
  status: string;
  /**
   * On the animation, the lesson's moments come before the next view: next()
   * and previous() move to the next or the previous moment and say whether
   * there was one (false: the view changes instead).
   */
  moments?: { next(): boolean; previous(): boolean };
  children: ReactNode;
}

export function PresenterStage({ heading, views, view, onView, onExit, status, moments, children }: PresenterStageProps) {
  const viewBox = useRef<HTMLDivElement>(null);
  usePresenterKeys(view, {
    next: () => (view === 'animation' && moments?.next()) || turnPage(viewBox.current, 1) || onView(stepView(views, view, 1)),
    previous: () => (view === 'animation' && moments?.previous()) || turnPage(viewBox.current, -1) || onView(stepView(views, view, -1)),
    exit: onExit,
  });
  useEffect(() => {
    document.documentElement.classList.add('presenting');
    return () => document.documentElement.classList.remove('presenting');
  }, []);
  useLayoutEffect(() => {
    const el = viewBox.current;
    if (!el) return;
    el.scrollTop = 0;
    /* views draw their drawings when their runs come in, and redraw and resize them as they change */
    const ro = new ResizeObserver(() => fit());
    const fit = fitter(el, (box) => ro.observe(box));
    ro.observe(el);
    fit();
    const mo = new MutationObserver(fit);
    mo.observe(el, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['width', 'height'] });
    return () => {
      mo.disconnect();
      ro.disconnect();
    };
  }, [view]);
  const at = views.indexOf(view);
  return (
    <div className="presenter-stage" data-testid="presenter-stage" data-view={view}>
      <nav className="presenter-bar" aria-label="presenter views">
        <span className="presenter-title">
          {heading}{' '}
          <span className="presenter-status" data-testid="run-status">
            {status}
          </span>
        </span>
        <button type="button" data-testid="present-previous" disabled={at <= 0} onClick={() => onView(stepView(views, view, -1))} aria-label="previous view (PageUp)">
          ◀︎
        </button>
        <ol className="presenter-views">
          {views.map((v, i) => (
            <li key={v}>
              <button
                type="button"
                data-testid={`present-${v}`}
                aria-current={v === view ? 'step' : undefined}
                onClick={() => onView(v)}
                title={`${i + 1}. ${PRESENT_LABELS[v]}`}
              >
                {i + 1}. {v}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" data-testid="present-next" disabled={at >= views.length - 1} onClick={() => onView(stepView(views, view, 1))} aria-label="next view (PageDown)">
          ▶︎
        </button>
        <button type="button" data-testid="present-keys" onClick={toggleShortcuts} aria-haspopup="dialog" title="Keyboard shortcuts (?)">
          ?
        </button>
        <button type="button" data-testid="present-exit" onClick={onExit} title="Leave presenter mode (Esc)">
          exit
        </button>
      </nav>
      <div className="presenter-view" ref={viewBox} data-testid="presenter-view">
        {children}
      </div>
    </div>
  );
}

/** What a page turned keeps of the page before, in px: the line it ended on. */
const PAGE_OVERLAP = 40;

/**
 * A view longer than the stage (a text that does not fit at 18 px) is read a
 * screen at a time: PageDown and PageUp turn its pages before they change the
 * view. Whether there was a page to turn to.
 */
function turnPage(view: HTMLElement | null, delta: 1 | -1): boolean {
  if (!view) return false;
  const last = view.scrollHeight - view.clientHeight;
  if (delta > 0 ? view.scrollTop >= last - 1 : view.scrollTop <= 0) return false;
  view.scrollTop += delta * Math.max(1, view.clientHeight - PAGE_OVERLAP);
  return true;
}

/** Presenter mode's smallest text, in px as rendered. */
export const MIN_TEXT_PX = 18;
/** How far a drawing is shrunk at most to fit the stage. */
const MIN_ZOOM = 0.2;
/** The attribute that leaves out a drawing's label too small to read from the back of the room. */
const SMALL = 'data-presenter-small';

/** The view's drawings: each SVG not inside another, and each canvas; not the player's scrubber. */
function drawings(view: HTMLElement): (SVGSVGElement | HTMLCanvasElement)[] {
  return [...view.querySelectorAll<SVGSVGElement | HTMLCanvasElement>('svg, canvas')].filter((d) => !d.parentElement?.closest('svg, .player'));
}

function overflows(view: HTMLElement): boolean {
  return view.scrollHeight > view.clientHeight + 1 || view.scrollWidth > view.clientWidth + 1;
}

/** The zoom of each drawing's box, and of each drawing within it: 1, or less to fit the stage. */
function zoomOf(el: HTMLElement | SVGElement): number {
  return Number(el.style.zoom || '1');
}

/**
 * Fits the presented view to the stage without scrolling: the HTML keeps its
 * size (every text 18 px at least, presenter.css), and the drawings, SVGs and
 * canvases, are drawn smaller together by the largest factor up to 1 that
 * lets the view fit (CSS zoom on each drawing, which keeps its layout and
 * viewBox, so that one layout pass finds it). A drawing laid out for its
 * box's width then leaves room beside it, so the first fit is moved to the
 * drawings' boxes: a box zoomed by that factor is laid out that much wider,
 * and its chart draws more to a row, in fewer rows, as wide as the box on
 * the screen; the drawings are fitted again, at most as small as before. A
 * label of a drawing that renders below 18 px is left out
 * ([data-presenter-small]): the shapes, colours and the HTML around them stay.
 * A view whose HTML alone is longer than the stage (a text, a table) keeps
 * its drawings whole and is read a page at a time (turnPage).
 * The zoom is searched again when the view's size or a drawing's size
 * changes, or when the view overflows (a longer status line, a text come in;
 * a paged view costs two layouts to find that it still is one), so that a
 * frame of play on a fitted view costs only the labels' check.
 */
function fitter(view: HTMLElement, observe: (box: Element) => void): () => void {
  let key = '';
  /* the boxes whose first fit has been moved to them (once each: a chart as high as it is wide would shrink forever) */
  const moved = new WeakSet<HTMLElement>();
  return () => {
    const ds = drawings(view);
    /* a drawing, or the HTML around it, that changes its size without a change to the DOM (a chart laid out anew) */
    for (const box of [...view.children, ...ds]) observe(box);
    const now = `${view.clientWidth}x${view.clientHeight}:${ds.map((d) => `${d.getAttribute('width')}x${d.getAttribute('height')}`).join(',')}`;
    if (now !== key || overflows(view)) {
      key = now;
      const zoom = (z: number) => {
        for (const d of ds) d.style.zoom = z === 1 ? '' : String(z);
      };
      zoom(MIN_ZOOM);
      /* where the HTML alone is longer than the stage, the view is read a page at a time at full size */
      const paged = overflows(view);
      zoom(1);
      let fit = 1;
      if (!paged && overflows(view)) {
        let lo = MIN_ZOOM;
        let hi = 1;
        for (let i = 0; i < 10; i++) {
          const mid = (lo + hi) / 2;
          zoom(mid);
          if (overflows(view)) hi = mid;
          else lo = mid;
        }
        fit = lo;
      }
      /* once every drawing is in (no pane waits for its run) */
      const boxes =
        fit < 1 && !view.querySelector('.placeholder')
          ? new Set(ds.map((d) => d.parentElement).filter((b): b is HTMLElement => b !== null && b !== view && !moved.has(b)))
          : new Set<HTMLElement>();
      for (const b of boxes) {
        moved.add(b);
        b.style.zoom = String(fit * zoomOf(b));
      }
      if (boxes.size > 0) {
        zoom(1);
        /* the charts lay themselves out for their boxes' new width; their redraw fits them again */
        key = '';
      } else zoom(fit);
    }
    for (const d of ds) if (d instanceof SVGSVGElement) hideSmallLabels(d);
  };
}

/** Leaves out the SVG's labels that render below MIN_TEXT_PX, and brings back those that reach it. */
function hideSmallLabels(svg: SVGSVGElement): void {
  for (const t of svg.querySelectorAll<SVGTextElement>('text')) {
    const m = t.getScreenCTM();
    if (!m) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < MIN_TEXT_PX - 0.01) t.setAttribute(SMALL, '');
    else t.removeAttribute(SMALL);
  }
}
