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
  usePresenterKeys(view, {
    next: () => (view === 'animation' && moments?.next()) || onView(stepView(views, view, 1)),
    previous: () => (view === 'animation' && moments?.previous()) || onView(stepView(views, view, -1)),
    exit: onExit,
  });
  useEffect(() => {
    document.documentElement.classList.add('presenting');
    return () => document.documentElement.classList.remove('presenting');
  }, []);
  const stage = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    fitSvgText(el);
    /* views draw their SVGs when their runs come in, and redraw them as they change */
    const mo = new MutationObserver(() => fitSvgText(el));
    mo.observe(el, { childList: true, subtree: true });
    return () => mo.disconnect();
  }, []);
  const at = views.indexOf(view);
  return (
    <div className="presenter-stage" ref={stage} data-testid="presenter-stage" data-view={view}>
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
      <div className="presenter-view">{children}</div>
    </div>
  );
}

/** Presenter mode's smallest text, in px as rendered. */
export const MIN_TEXT_PX = 18;
/** How far an SVG is enlarged at most to reach it. */
const MAX_ZOOM = 3;

/**
 * Enlarges each SVG of the view (with its wrapper, which the chart measures
 * for its width) until its smallest text renders at MIN_TEXT_PX: CSS zoom
 * on the wrapper lays the chart out for a narrower width and draws it
 * larger, so that its labels grow with their boxes and keep their places.
 * The zoom only grows, so that a chart that redraws smaller labels for a
 * narrower width cannot make it oscillate.
 */
function fitSvgText(root: HTMLElement): void {
  for (const svg of root.querySelectorAll<SVGSVGElement>('svg')) {
    if (svg.parentElement?.closest('svg')) continue;
    const host = svg.parentElement;
    if (!host) continue;
    let smallest = Infinity;
    for (const t of svg.querySelectorAll<SVGTextElement>('text')) {
      if (!(t.textContent ?? '').trim()) continue;
      const r = t.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const m = t.getScreenCTM();
      if (!m) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
    }
    if (!Number.isFinite(smallest) || smallest >= MIN_TEXT_PX) continue;
    const zoom = Number(host.style.zoom || '1');
    const want = Math.min(MAX_ZOOM, Math.ceil(((zoom * (MIN_TEXT_PX + 0.2)) / smallest) * 20) / 20);
    if (want > zoom) host.style.zoom = String(want);
  }
}
