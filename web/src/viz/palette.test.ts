import { describe, expect, it } from 'vitest';
import { DEFICIENCIES, distance, type Deficiency } from './colorVision';
import {
  CATEGORICAL,
  STATE_FILL,
  STATE_GLYPH,
  STATE_ON_FILL,
  STATE_SHORT,
  STATE_TEXT,
  variantColor,
  type DrawnState,
} from './palette';
import { SEQ_EMPTY, sequential, sequentialAlt, stateShade, toHex } from './shades';

/** CIEDE2000 apart that two marks side by side must be, to every reader */
const MIN_FILL_DE = 10;
/** the same for two cells of the dominant-state map at the same share (paler, so closer) */
const MIN_SHADE_DE = 7;

const VISIONS: readonly (Deficiency | undefined)[] = [undefined, ...DEFICIENCIES];

/** Every pair closer than `min` under some vision, as "a/b under kind: d". */
function tooClose(colours: Record<string, string>, min: number): string[] {
  const names = Object.keys(colours);
  const out: string[] = [];
  for (const kind of VISIONS)
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const d = distance(colours[names[i]!]!, colours[names[j]!]!, kind);
        if (d < min) out.push(`${names[i]}/${names[j]} under ${kind ?? 'normal vision'}: ${d.toFixed(1)}`);
      }
  return out;
}

const TASK_STATES: readonly DrawnState[] = ['run', 'spin', 'sleep', 'io', 'ready', 'done'];
const CPU_STATES: readonly DrawnState[] = ['run', 'spin', 'sleep', 'io', 'idle'];
const pick = (states: readonly DrawnState[], f: (s: DrawnState) => string) => Object.fromEntries(states.map((s) => [s, f(s)]));

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    const ch = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * ch(n >> 16) + 0.7152 * ch((n >> 8) & 255) + 0.0722 * ch(n & 255);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('state colours under colour vision deficiencies', () => {
  it('keeps every pair of task states apart under normal vision, deuteranopia, protanopia and tritanopia', () => {
    expect(tooClose(pick(TASK_STATES, (s) => STATE_FILL[s]), MIN_FILL_DE)).toEqual([]);
  });

  it('keeps every pair of CPU states apart in the dominant-state map, at every share a dominant state can have', () => {
    for (const share of [0.2, 0.4, 0.6, 0.8, 1])
      expect(tooClose(pick(CPU_STATES, (s) => stateShade(s, share)), MIN_SHADE_DE), `share ${share}`).toEqual([]);
  });

  it('keeps the variants of a chart apart', () => {
    expect(tooClose(Object.fromEntries(CATEGORICAL.map((c, i) => [`variant ${i}`, c])), MIN_FILL_DE)).toEqual([]);
  });

  it('would have failed the palette it replaced (sleep and I/O merged for a protanope)', () => {
    const old = { run: '#2e9d5b', spin: '#d8402b', sleep: '#8b5fbf', io: '#2f6db3', ready: '#9aa3b5', done: '#d5d9e2' };
    const close = tooClose(old, MIN_FILL_DE);
    expect(close.some((c) => c.startsWith('sleep/io under protanopia'))).toBe(true);
    /* running against spinning, the pair a lecturer could not tell apart: twice as far apart now */
    expect(distance(STATE_FILL.run, STATE_FILL.spin, 'deuteranopia')).toBeGreaterThan(
      1.8 * distance(old.run, old.spin, 'deuteranopia'),
    );
  });
});

describe('state text and glyphs', () => {
  it('gives text on every fill and every state word on white 4.5:1 or more', () => {
    for (const s of TASK_STATES) {
      expect(contrast(STATE_ON_FILL[s], STATE_FILL[s]), `${s} on its fill`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(STATE_TEXT[s], '#ffffff'), `${s} as text`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives every state its own glyph and word', () => {
    const states = Object.keys(STATE_FILL) as DrawnState[];
    expect(new Set(states.map((s) => STATE_GLYPH[s])).size).toBe(states.length);
    expect(new Set(states.map((s) => STATE_SHORT[s])).size).toBe(states.length);
  });
});

describe('sequential scales', () => {
  it('darken monotonically from a little to the most, an empty cell apart from both', () => {
    for (const scale of [sequential, sequentialAlt]) {
      expect(scale(0)).toBe(SEQ_EMPTY);
      let prev = Infinity;
      for (let v = 0.05; v <= 1.0001; v += 0.05) {
        const L = contrast(toHex(scale(v)), '#000000'); /* grows with luminance */
        expect(L, `value ${v.toFixed(2)}`).toBeLessThan(prev);
        prev = L;
      }
      for (const kind of VISIONS) expect(distance(SEQ_EMPTY, toHex(scale(1)), kind)).toBeGreaterThan(40);
    }
  });

  it('colours variants before vermillion, after blue, whatever their number', () => {
    expect(variantColor(0, 2)).toBe(CATEGORICAL[0]);
    expect(variantColor(1, 2)).toBe(CATEGORICAL[1]);
    expect(variantColor(2, 3)).toBe(CATEGORICAL[1]);
    expect(variantColor(1, 3)).toBe(CATEGORICAL[2]);
  });
});
