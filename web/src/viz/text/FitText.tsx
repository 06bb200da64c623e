/**
 * A line of SVG text that never runs past its room: when the whole of it is
 * wider than `width` (in the SVG's units), it is cut with an ellipsis where
 * the glyphs, measured in the line's own font, say it must be (so any font
 * and size), and the whole line is its tooltip and stays in its text content
 * (a <title>), for readers and screen readers.
 *
 * A new text or width is measured before the browser paints (a layout
 * effect), then cut: one extra render for a line that is too long, none for
 * one that fits. The glyphs are measured on a canvas in the line's font,
 * which lays nothing out: a line that changes at every frame of play would
 * otherwise force a layout of the page inside React's commit. The font is
 * read from the line's computed style once per drawing, class and window size;
 * where a canvas cannot draw the line as the SVG does (tabular figures,
 * letter or word spacing, a font still loading), the SVG text measures
 * itself.
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

/** What of a line's computed style its width depends on. */
export interface FontStyle {
  fontStyle: string;
  fontVariant: string;
  fontWeight: string;
  fontStretch: string;
  fontSize: string;
  fontFamily: string;
  fontVariantNumeric: string;
  fontFeatureSettings: string;
  letterSpacing: string;
  wordSpacing: string;
}

/**
 * The canvas font that draws a line of this style as the SVG does, or null
 * when a canvas would measure it otherwise (figures, spacing or features
 * the canvas font shorthand cannot say).
 */
export function canvasFont(s: FontStyle): string | null {
  const normal = (v: string) => v === '' || v === 'normal' || v === '0px';
  if (!normal(s.fontVariantNumeric) || !normal(s.fontFeatureSettings) || !normal(s.letterSpacing) || !normal(s.wordSpacing)) return null;
  if (s.fontVariant !== '' && s.fontVariant !== 'normal' && s.fontVariant !== 'small-caps') return null;
  if (!s.fontSize || !s.fontFamily) return null;
  const stretch = s.fontStretch === '' || s.fontStretch === 'normal' || s.fontStretch === '100%' ? '' : s.fontStretch;
  /* the shorthand takes only keyword stretches: a percentage other than 100% is left to the SVG */
  if (stretch !== '' && /%$/.test(stretch)) return null;
  return [s.fontStyle, s.fontVariant, s.fontWeight, stretch, s.fontSize, s.fontFamily]
    .filter((part) => part !== '' && part !== 'normal')
    .join(' ');
}

/* the window's size and the fonts loaded: a change may change a line's font, which is then read again */
let fontEpoch = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => fontEpoch++);
  document.fonts?.addEventListener?.('loadingdone', () => fontEpoch++);
}

let measureCtx: CanvasRenderingContext2D | null | undefined;
function measurer(): CanvasRenderingContext2D | null {
  if (measureCtx === undefined) measureCtx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return measureCtx;
}

/*
 * The fonts read, per SVG and class: every line of a class in one drawing
 * has the same font, and lines come and go at every frame of play. A new
 * window size or loaded font starts afresh (the epoch).
 */
const fonts = new WeakMap<Element, { epoch: number; byClass: Map<string, string | null> }>();

function fontOf(el: SVGTextElement, className: string): string | null {
  if (typeof document !== 'undefined' && document.fonts && document.fonts.status !== 'loaded') return null;
  const owner = el.ownerSVGElement ?? el;
  let known = fonts.get(owner);
  if (!known || known.epoch !== fontEpoch) fonts.set(owner, (known = { epoch: fontEpoch, byClass: new Map() }));
  let font = known.byClass.get(className);
  if (font === undefined) known.byClass.set(className, (font = canvasFont(getComputedStyle(el))));
  return font;
}

/** A width-of-text function for the line: on a canvas where it can, else the SVG text's own. */
function widthOf(el: SVGTextElement, className: string): (text: string, k: number) => number {
  const font = fontOf(el, className);
  const ctx = font !== null ? measurer() : null;
  if (ctx) {
    ctx.font = font!;
    return (text, k) => (k === 0 ? 0 : ctx.measureText(k === text.length ? text : text.slice(0, k)).width);
  }
  return (text, k) => (k === 0 ? 0 : k === text.length ? el.getComputedTextLength() : el.getSubStringLength(0, k));
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
    const w = widthOf(el, className);
    const n = children.length;
    const whole = w(children, n);
    if (whole <= width || n === 0) {
      setFit({ text: children, width, keep: n });
      return;
    }
    const ellipsisW = whole / n;
    const keep = fitPrefix(n, Math.max(0, width), ellipsisW, (k) => w(children, k));
    setFit({ text: children, width, keep });
  }, [children, width, className, current]);

  const cut = current !== null && current.keep < children.length;
  return (
    <text ref={ref} x={x} y={y} className={className} data-testid={testId} textAnchor={textAnchor}>
      {cut ? `${children.slice(0, current.keep).trimEnd()}${ELLIPSIS}` : children}
      {cut && <title>{children}</title>}
    </text>
  );
}
