/**
 * A line of SVG text that never runs past its room: when the whole of it is
 * wider than `width` (in the SVG's units), it is cut with an ellipsis where
 * the rendered glyphs say it must be (getSubStringLength, so any font and
 * size), and the whole line is its tooltip and stays in its text content
 * (a <title>), for readers and screen readers.
 *
 * A new text or width is drawn whole first and measured before the browser
 * paints (a layout effect), then cut: one extra render for a line that is
 * too long, none for one that fits.
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** About how wide a character of the views' SVG labels is, px (for layouts that reserve room before drawing). */
export const CHAR_W = 6.3;

const ELLIPSIS = '…';

/** The longest prefix of `n` characters whose width plus the ellipsis' fits `width`, from a width-of-prefix function. */
export function fitPrefix(n: number, width: number, ellipsisW: number, prefixW: (k: number) => number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (prefixW(mid) + ellipsisW <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

interface Fit {
  text: string;
  width: number;
  /** characters kept; the whole text when it fits */
  keep: number;
}

export function FitText({
  x,
  y,
  width,
  className,
  testId,
  textAnchor,
  children,
}: {
  x: number;
  y: number;
  width: number;
  className: string;
  testId?: string;
  textAnchor?: 'start' | 'middle' | 'end';
  children: string;
}) {
  const ref = useRef<SVGTextElement>(null);
  const [fit, setFit] = useState<Fit | null>(null);
  const current = fit !== null && fit.text === children && fit.width === width ? fit : null;

  useLayoutEffect(() => {
    if (current) return;
    const el = ref.current;
    if (!el || typeof el.getComputedTextLength !== 'function') return;
    const whole = el.getComputedTextLength();
    const n = children.length;
    if (whole <= width || n === 0) {
      setFit({ text: children, width, keep: n });
      return;
    }
    const ellipsisW = whole / n;
    const keep = fitPrefix(n, Math.max(0, width), ellipsisW, (k) => (k === 0 ? 0 : el.getSubStringLength(0, k)));
    setFit({ text: children, width, keep });
  }, [children, width, current]);

  const cut = current !== null && current.keep < children.length;
  return (
    <text ref={ref} x={x} y={y} className={className} data-testid={testId} textAnchor={textAnchor}>
      {cut ? `${children.slice(0, current.keep).trimEnd()}${ELLIPSIS}` : children}
      {cut && <title>{children}</title>}
    </text>
  );
}
