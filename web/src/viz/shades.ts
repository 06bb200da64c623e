/**
 * Colours computed rather than chosen: tints of the palette's colours, the
 * shades of a state in a map of dominant states, and the heatmaps'
 * sequential scales (viridis and cividis, which change lightness
 * monotonically). Apart from palette.ts, so that a page fetches d3's colour
 * code and tables with the charts that use them, not with its first view.
 */
import { color as d3color } from 'd3-color';
import { interpolateLab } from 'd3-interpolate';
import { interpolateCividis, interpolateViridis } from 'd3-scale-chromatic';
import { STATE_FILL, type DrawnState } from './palette';

/** A pale tint of a colour (t = 0: the colour, 1: white), for fills behind a stroke of the colour. */
export function tint(hex: string, t: number): string {
  return toHex(interpolateLab(hex, '#ffffff')(Math.min(1, Math.max(0, t))));
}

/** Any CSS colour d3 parses as '#rrggbb'. */
export function toHex(css: string): string {
  return d3color(css)?.formatHex() ?? css;
}


/** An empty cell of a sequential map: nothing happened, which must not read as "a little". */
export const SEQ_EMPTY = '#f4f5f8';

/**
 * The heatmaps' sequential scale over [0, 1]: viridis from pale yellow (a
 * little) to dark violet (the most), an empty cell pale grey.
 */
export function sequential(v: number): string {
  if (!(v > 0)) return SEQ_EMPTY;
  return interpolateViridis(1 - Math.min(1, v) * 0.92);
}

/** A second sequential scale for a map shown beside another: cividis, pale yellow to dark blue. */
export function sequentialAlt(v: number): string {
  if (!(v > 0)) return SEQ_EMPTY;
  return interpolateCividis(1 - Math.min(1, v) * 0.92);
}

/**
 * A CPU state's colour in a map of dominant states: its fill, pale for a
 * small share and full for the whole cell (a dominant share is at least
 * 1/5). Idle stays pale whatever its share, so that it never reads as hot.
 */
export function stateShade(state: DrawnState, share: number): string {
  if (state === 'idle') return STATE_FILL.idle;
  const s = Math.min(1, Math.max(0, share));
  return toHex(interpolateLab('#ffffff', STATE_FILL[state])(0.5 + 0.5 * s));
}
