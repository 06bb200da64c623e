/**
 * A box that scrolls what is too wide for it (a table on a phone), and
 * only then is a region a keyboard can reach: focusable, named, its arrows
 * scrolling it. Where its content fits it is a plain box, no tab stop.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="table-wrap own-scroll"
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      data-scrolls={overflows ? 'yes' : 'no'}
    >
      {children}
    </div>
  );
}
