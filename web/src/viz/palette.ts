/**
 * Every colour that carries meaning, in one place: the states of tasks and
 * CPUs, the variants a chart compares, and the sequential scales of the
 * heatmaps. The hues are Okabe and Ito's ("Color Universal Design", 2008),
 * chosen to stay apart under the common colour vision deficiencies, and the
 * sequential scales are viridis and cividis, which change lightness
 * monotonically; palette.test.ts holds every pair of state colours apart
 * under simulated deuteranopia, protanopia and tritanopia.
 *
 * Colour never carries a state alone: each state also has a glyph and a
 * short word (STATE_GLYPH, STATE_SHORT), which chips, legends and the code
 * pane's marks draw beside it.
 */
import { color as d3color } from 'd3-color';
import { interpolateLab } from 'd3-interpolate';
import { interpolateCividis, interpolateViridis } from 'd3-scale-chromatic';

/** Okabe-Ito's eight colours (their black is our ink). */
export const OKABE_ITO = {
  orange: '#e69f00',
  skyBlue: '#56b4e9',
  bluishGreen: '#009e73',
  yellow: '#f0e442',
  blue: '#0072b2',
  vermillion: '#d55e00',
  reddishPurple: '#cc79a7',
  black: '#000000',
} as const;

/** Every state a task or a CPU is drawn in: a task's (TaskSnap) and a CPU's (the heatmap's) together. */
export type DrawnState = 'run' | 'spin' | 'sleep' | 'io' | 'ready' | 'done' | 'idle';

/** A state's fill: chips, heatmap cells, legend swatches. */
export const STATE_FILL: Readonly<Record<DrawnState, string>> = {
  run: OKABE_ITO.bluishGreen,
  spin: OKABE_ITO.vermillion,
  sleep: OKABE_ITO.reddishPurple,
  io: OKABE_ITO.blue,
  ready: '#bbbbbb',
  done: '#e4e7ed',
  idle: '#eceef3',
};

/** Text drawn on a state's fill: 4.5:1 or more against it. */
export const STATE_ON_FILL: Readonly<Record<DrawnState, string>> = {
  run: '#000000',
  spin: '#000000',
  sleep: '#000000',
  io: '#ffffff',
  ready: '#000000',
  done: '#3a4152',
  idle: '#3a4152',
};

/** A state as text on white (words, badges' grounds): 4.5:1 or more, the same hue as its fill. */
export const STATE_TEXT: Readonly<Record<DrawnState, string>> = {
  run: '#007a5a',
  spin: '#b34f00',
  sleep: '#9b4f7f',
  io: '#0072b2',
  ready: '#626b80',
  done: '#626b80',
  idle: '#626b80',
};

/**
 * A state's glyph: a shape that tells it apart without its colour, drawn in
 * the basic multilingual plane's geometric and arrow blocks, which DejaVu
 * and every system font carry.
 */
export const STATE_GLYPH: Readonly<Record<DrawnState, string>> = {
  run: '▶',
  spin: '↻',
  sleep: '☾',
  io: '⇅',
  ready: '○',
  done: '✓',
  idle: '·',
};

/** A state in one short word, for places too small for a sentence. */
export const STATE_SHORT: Readonly<Record<DrawnState, string>> = {
  run: 'run',
  spin: 'spin',
  sleep: 'sleep',
  io: 'I/O',
  ready: 'ready',
  done: 'done',
  idle: 'idle',
};

/**
 * Categorical colours of the variants a chart compares, in order: the first
 * (before) vermillion, the last (after) blue, any between in the other
 * Okabe-Ito hues.
 */
export const CATEGORICAL: readonly string[] = [
  OKABE_ITO.vermillion,
  OKABE_ITO.blue,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.orange,
  OKABE_ITO.skyBlue,
];

/** The colour of variant i of n: before vermillion, after blue, the middle ones the rest in turn. */
export function variantColor(i: number, n: number): string {
  if (i === 0) return CATEGORICAL[0]!;
  if (i === n - 1) return CATEGORICAL[1]!;
  return CATEGORICAL[2 + ((i - 1) % (CATEGORICAL.length - 2))]!;
}

/** The before and after colours by name, for charts that name their series. */
export const BEFORE = OKABE_ITO.vermillion;
export const AFTER = OKABE_ITO.blue;

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
