import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver.
 * Charts size themselves from it so that they fill their column exactly.
 */
export function useElementWidth<T extends HTMLElement>(fallback = 600) {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setWidth((old) => (Math.abs(old - w) >= 1 ? w : old));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}
