/**
 * Presenter mode: one view of the lab at a time, in large type
 * (presenter.css), under a bar that says which view of how many and moves
 * between them. Each move is a history entry (the view is in the URL as
 * present=<view>), so that Back returns to the view before.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { usePresenterKeys } from './keys';
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
  children: ReactNode;
}

export function PresenterStage({ heading, views, view, onView, onExit, status, children }: PresenterStageProps) {
  usePresenterKeys(view, {
    next: () => onView(stepView(views, view, 1)),
    previous: () => onView(stepView(views, view, -1)),
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
    markSvgScales(el);
    /* views draw their SVGs when their runs come in and as they resize */
    const mo = new MutationObserver(() => markSvgScales(el));
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
                {i + 1}. {PRESENT_LABELS[v]}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" data-testid="present-next" disabled={at >= views.length - 1} onClick={() => onView(stepView(views, view, 1))} aria-label="next view (PageDown)">
          ▶︎
        </button>
        <button type="button" data-testid="present-exit" onClick={onExit} title="Leave presenter mode (Esc)">
          exit
        </button>
      </nav>
      <div className="presenter-view">{children}</div>
    </div>
  );
}

/** Gives each SVG its screen scale as --svg-scale, which presenter.css divides its text size by. */
function markSvgScales(root: HTMLElement): void {
  for (const svg of root.querySelectorAll<SVGSVGElement>('svg')) {
    const m = svg.getScreenCTM();
    if (!m || m.a <= 0) continue;
    const scale = String(Math.round(m.a * 1000) / 1000);
    if (svg.style.getPropertyValue('--svg-scale') !== scale) svg.style.setProperty('--svg-scale', scale);
  }
}
