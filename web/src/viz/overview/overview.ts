/**
 * A structure too long to draw node by node, drawn whole as one bar: where
 * the work stands in it (the cursor), what it has been through (the visited
 * part), the window of entries drawn node by node below it, and per-segment
 * counts shaded along it. Pure; Overview.tsx draws it.
 *
 * The snapshots send such a structure as a window {from, to, of, cursor}:
 * entries [from, to) of `of`, around entry `cursor` (-1: none).
 */
import { formatNumber } from '../../../../lib/format';

export interface SnapWindow {
  from: number;
  to: number;
  of: number;
  cursor: number;
}

/** Whether the window leaves entries out (then the view draws the bar). */
export function isWindowed(w: SnapWindow): boolean {
  return w.to - w.from < w.of;
}

export interface OverviewSpan {
  x: number;
  w: number;
}

export interface OverviewLayout {
  width: number;
  /** entries per pixel of the bar */
  perPx: number;
  /** the window drawn below */
  window: OverviewSpan;
  /** [0, visited) of the structure, or null */
  visited: OverviewSpan | null;
  /** x of the cursor's entry, or null */
  cursor: number | null;
  /** one span per segment, `share` of the largest segment's count (0..1) */
  segments: (OverviewSpan & { count: number; share: number })[];
}

/**
 * The bar's geometry at `width` px: entry i of `of` at x = i / of * width.
 * `visited` counts the entries passed (from the start); `counts` are
 * per-segment counts over equal segments of the whole.
 */
export function overviewLayout(w: SnapWindow, width: number, visited = 0, counts: readonly number[] = []): OverviewLayout {
  const of = Math.max(1, w.of);
  const x = (i: number) => (Math.min(Math.max(i, 0), of) / of) * width;
  /* a span is at least one pixel wide, so that a window of 64 in millions shows */
  const span = (a: number, b: number): OverviewSpan => {
    const x0 = x(a);
    return { x: Math.min(x0, width - 1), w: Math.max(1, x(b) - x0) };
  };
  const max = Math.max(0, ...counts);
  return {
    width,
    perPx: of / Math.max(1, width),
    window: span(w.from, w.to),
    visited: visited > 0 ? span(0, Math.min(visited, of)) : null,
    cursor: w.cursor >= 0 && w.cursor < of ? x(w.cursor + 0.5) : null,
    segments: counts.map((count, k) => ({
      ...span((k * of) / counts.length, ((k + 1) * of) / counts.length),
      count,
      share: max > 0 ? count / max : 0,
    })),
  };
}

/** "1 px ≈ 512 inodes", "1 px ≈ 1.5 inodes", "1 px < 1 inode" */
export function perPxWords(perPx: number, one: string, many: string): string {
  if (perPx < 1) return `1 px < 1 ${one}`;
  const n = perPx >= 10 ? Math.round(perPx) : Number(perPx.toFixed(1));
  return `1 px ≈ ${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * What the bar and the window below it aggregate, in one line:
 * "65,536 inodes on the queue: bar = all, 1 px ≈ 512 inodes; below, the 128 around the cursor".
 */
export function overviewCaption(
  w: SnapWindow,
  width: number,
  words: { one: string; many: string; where: string; around?: string },
): string {
  const shown = w.to - w.from;
  const around = words.around ?? 'the cursor';
  const where = w.cursor >= 0 ? `around ${around}` : 'from the start';
  return (
    `${formatNumber(w.of)} ${w.of === 1 ? words.one : words.many} ${words.where}: bar = all, ` +
    `${perPxWords(w.of / Math.max(1, width), words.one, words.many)}; ` +
    `below, the ${formatNumber(shown)} ${where} (#${formatNumber(w.from)}–#${formatNumber(Math.max(w.from, w.to - 1))})`
  );
}
