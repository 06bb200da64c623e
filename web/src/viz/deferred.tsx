/**
 * Parts of a page fetched after its first view: a lab page first loads what
 * draws its animation and its headline, then the rest (the code pane's
 * editor, the heatmaps, the questions, the mail's table, the kernel panel).
 *
 * The page says when its first view is drawn (firstViewShown(), called by
 * the animation once its panes hold a frame, or once its runs have failed).
 * A deferred part is fetched then, or earlier when it is itself on screen
 * (an embed or presenter mode showing it alone, a reader who scrolled down
 * before the animation was drawn); until it is here its place holds a
 * placeholder that says it is loading.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

let openGate: () => void = () => {};
let gateOpen = false;
const gate = new Promise<void>((resolve) => {
  openGate = () => {
    gateOpen = true;
    resolve();
  };
});

/** The page's first view is drawn: the deferred parts may be fetched. */
export function firstViewShown(): void {
  if (!gateOpen) openGate();
}

/** Resolves once the page's first view is drawn. */
export function afterFirstView(): Promise<void> {
  return gate;
}

export interface DeferOptions {
  /** the placeholder's words while the part is fetched (e.g. "the heatmaps") */
  what: string;
  /** fetch it as soon as its placeholder comes near the screen, before the first view is drawn (default true) */
  whenVisible?: boolean;
}

/**
 * A component fetched by `load` once the page's first view is drawn (or its
 * placeholder is on screen), with the same props as the one it loads.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: DeferOptions,
  /** what stands in its place before it is here (default: a line saying it is loading) */
  placeholder: (props: P) => ReactNode = () => (
    <div className="deferred-part" data-deferred={options.what} role="status">
      loading {options.what}…
    </div>
  ),
): ComponentType<P> {
  const { what, whenVisible = true } = options;
  let fetched: Promise<{ default: ComponentType<P> }> | null = null;
  const fetch = () => (fetched ??= load().then((c) => ({ default: c })));
  const Lazy = lazy(fetch);

  function Deferred(props: P) {
    const [go, setGo] = useState(gateOpen || fetched !== null);
    const spot = useRef<HTMLDivElement | null>(null);
    useEffect(() => {
      if (go) return;
      let live = true;
      const start = () => live && setGo(true);
      void gate.then(start);
      let seen: IntersectionObserver | null = null;
      if (whenVisible && spot.current && typeof IntersectionObserver === 'function') {
        seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '200px' });
        seen.observe(spot.current);
      }
      return () => {
        live = false;
        seen?.disconnect();
      };
    }, [go]);
    if (!go)
      return (
        <div ref={spot} className="deferred-spot">
          {placeholder(props)}
        </div>
      );
    return (
      <Suspense fallback={placeholder(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred(${what})`;
  return Deferred;
}
