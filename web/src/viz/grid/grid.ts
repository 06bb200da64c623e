/**
 * A grid of equal boxes for a queue or a chain: the largest boxes that fit,
 * and where box i sits. Pure; the labs' views draw them.
 */

export interface GridLayout {
  /** box height and width */
  boxH: number;
  boxW: number;
  gap: number;
  cols: number;
  rows: number;
}

/**
 * The largest boxes (height <= maxH, width = aspect * height) such that n
 * boxes fit into width x height in rows; never smaller than minH (then the
 * grid may overflow its height and the caller clips).
 */
export function gridLayout(
  n: number,
  width: number,
  height: number,
  maxH = 24,
  aspect = 1.6,
  gap = 3,
  minH = 4,
): GridLayout {
  const count = Math.max(1, n);
  for (let h = maxH; h >= minH; h -= 0.5) {
    const w = h * aspect;
    const cols = Math.max(1, Math.floor((width + gap) / (w + gap)));
    const rows = Math.ceil(count / cols);
    if (rows * (h + gap) - gap <= height) return { boxH: h, boxW: w, gap, cols, rows };
  }
  const w = minH * aspect;
  const cols = Math.max(1, Math.floor((width + gap) / (w + gap)));
  return { boxH: minH, boxW: w, gap, cols, rows: Math.ceil(count / cols) };
}

/** Top-left corner of box i. */
export function boxAt(i: number, g: GridLayout): { x: number; y: number } {
  const col = i % g.cols;
  const row = Math.floor(i / g.cols);
  return { x: col * (g.boxW + g.gap), y: row * (g.boxH + g.gap) };
}
