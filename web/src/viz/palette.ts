/**
 * Every colour that carries meaning, in one place: the states of tasks and
 * CPUs and the variants a chart compares (the colours computed from them,
 * tints, state shades and the heatmaps' sequential scales, are in shades.ts). The hues are Okabe and Ito's ("Color Universal
 * Design", 2008), chosen to stay apart under the common colour vision
 * deficiencies; palette.test.ts holds every pair of state colours apart
 * under simulated deuteranopia, protanopia and tritanopia.
 *
 * Colour never carries a state alone: each state also has a glyph and a
 * short word (STATE_GLYPH, STATE_SHORT), which chips, legends and the code
 * pane's marks draw beside it.
 */

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
