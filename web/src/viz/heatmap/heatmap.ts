/**
 * Contention heatmap: the pure half. Turns the simulator's Heatmap
 * ([cpu][bucket][state] fractions, flattened) into one value per cell for a
 * chosen state, or each cell's dominant state, and says from those same
 * numbers where the CPUs' time went (the caption's words). Drawing lives in
 * Heatmap.tsx.
 */
import { scaleSequential } from 'd3-scale';
import {
  interpolateBlues,
  interpolateGreens,
  interpolateGreys,
  interpolatePurples,
  interpolateReds,
} from 'd3-scale-chromatic';
import { formatShare } from '../../../../lib/format';
import { CPU_STATES, type CpuState, type Heatmap } from '../../core/types';

/** Virtual nanoseconds of the simulation. */
export type Ns = number & { readonly __unit?: 'ns' };

/**
 * What a cell's colour measures: one CPU state's share, or (dominant) the
 * state the CPU spent most of the slice in, in that state's colour. Spinning
 * on a lock and sleeping are never added together: a CPU that spins burns
 * cycles waiting, one that sleeps gives them away.
 */
export type HeatSelection = 'dominant' | CpuState;

/** How the page names each state in its words. */
export const STATE_WORDS: Readonly<Record<CpuState, string>> = {
  spin: 'spinning on a lock',
  sleep: 'asleep',
  run: 'running',
  io: 'waiting for I/O',
  idle: 'idle',
};

export const SELECTIONS: readonly { value: HeatSelection; label: string }[] = [
  { value: 'dominant', label: 'main state of each cell' },
  { value: 'spin', label: STATE_WORDS.spin },
  { value: 'sleep', label: STATE_WORDS.sleep },
  { value: 'run', label: STATE_WORDS.run },
  { value: 'io', label: STATE_WORDS.io },
  { value: 'idle', label: STATE_WORDS.idle },
];

export function isSelection(v: string): v is HeatSelection {
  return v === 'dominant' || (CPU_STATES as readonly string[]).includes(v);
}

/** Above this many cells the heatmap draws on a canvas instead of SVG rects. */
export const SVG_CELL_LIMIT = 4096;

export function renderMode(cpus: number, buckets: number): 'svg' | 'canvas' {
  return cpus * buckets <= SVG_CELL_LIMIT ? 'svg' : 'canvas';
}

/**
 * One value per cell, cpu-major: values[cpu * buckets + bucket], clamped to
 * [0, 1]: the chosen state's share of the cell, or for 'dominant' the share
 * of the cell's dominant state (see dominantStates()).
 */
export function computeCells(hm: Heatmap, sel: HeatSelection): Float64Array {
  const ns = hm.states.length;
  const out = new Float64Array(hm.cpus * hm.buckets);
  const pick = sel === 'dominant' ? -1 : hm.states.indexOf(sel);
  for (let c = 0; c < out.length; c++) {
    const base = c * ns;
    let v = 0;
    if (pick >= 0) v = hm.data[base + pick] ?? 0;
    else if (sel === 'dominant') for (let s = 0; s < ns; s++) v = Math.max(v, hm.data[base + s] ?? 0);
    out[c] = Math.min(1, Math.max(0, v));
  }
  return out;
}

/**
 * Each cell's dominant state, as an index into CPU_STATES: the state with the
 * largest share of the cell (the first in hm.states order on a tie).
 */
export function dominantStates(hm: Heatmap): Uint8Array {
  const ns = hm.states.length;
  const order = hm.states.map((s) => CPU_STATES.indexOf(s));
  const out = new Uint8Array(hm.cpus * hm.buckets);
  for (let c = 0; c < out.length; c++) {
    const base = c * ns;
    let best = 0;
    for (let s = 1; s < ns; s++) if ((hm.data[base + s] ?? 0) > (hm.data[base + best] ?? 0)) best = s;
    out[c] = order[best] ?? 0;
  }
  return out;
}

/**
 * Each state's share of all the CPU time the map covers: its fractions
 * summed over every cell, over the sum of all states' (a bucket past the end
 * of the run covers less than its width). All 0 for an empty map.
 */
export function stateShares(hm: Heatmap): Record<CpuState, number> {
  const ns = hm.states.length;
  const sums = new Float64Array(ns);
  for (let i = 0; i < hm.cpus * hm.buckets * ns; i++) sums[i % ns] += hm.data[i] ?? 0;
  const total = sums.reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(CPU_STATES.map((s) => [s, 0])) as Record<CpuState, number>;
  hm.states.forEach((s, i) => {
    shares[s] = total > 0 ? (sums[i] ?? 0) / total : 0;
  });
  return shares;
}

/** The states by share, largest first (CPU_STATES order on a tie). */
export function rankStates(shares: Readonly<Record<CpuState, number>>): { state: CpuState; share: number }[] {
  return CPU_STATES.map((state) => ({ state, share: shares[state] })).sort((a, b) => b.share - a.share);
}

/**
 * Where a map's CPU time went, in words, from its own numbers: the state
 * that dominates, then every state's share, e.g. "mostly asleep: 61% of
 * their time asleep, 20% running, 16% waiting for I/O, 3.0% spinning on a
 * lock, 0% idle" (to follow "the CPUs are").
 */
export function describeShares(shares: Readonly<Record<CpuState, number>>): string {
  const ranked = rankStates(shares);
  const top = ranked[0];
  if (!top || top.share === 0) return 'never busy in this map';
  const parts = ranked.map((r, i) => `${formatShare(r.share)}${i === 0 ? ' of their time' : ''} ${STATE_WORDS[r.state]}`);
  return `mostly ${STATE_WORDS[top.state]}: ${parts.join(', ')}`;
}

/**
 * Before beside after, from both maps' numbers: each state that takes at
 * least `floor` of either map's time, largest first, e.g. "spinning on a
 * lock: 1.1% before, 43% after".
 */
export function compareShares(
  before: Readonly<Record<CpuState, number>>,
  after: Readonly<Record<CpuState, number>>,
  floor = 0.005,
): { state: CpuState; before: number; after: number; text: string }[] {
  return CPU_STATES.filter((s) => Math.max(before[s], after[s]) >= floor)
    .sort((a, b) => Math.max(before[b], after[b]) - Math.max(before[a], after[a]))
    .map((state) => ({
      state,
      before: before[state],
      after: after[state],
      text: `${STATE_WORDS[state]}: ${formatShare(before[state])} before, ${formatShare(after[state])} after`,
    }));
}

/** Every state's share of one cell, in the heatmap's state order. */
export function cellBreakdown(
  hm: Heatmap,
  cpu: number,
  bucket: number,
): { state: CpuState; frac: number }[] {
  const ns = hm.states.length;
  const base = (cpu * hm.buckets + bucket) * ns;
  return hm.states.map((state, s) => ({ state, frac: hm.data[base + s] ?? 0 }));
}

export function bucketRange(bucket: number, bucketNs: Ns): [Ns, Ns] {
  return [bucket * bucketNs, (bucket + 1) * bucketNs];
}

const INTERPOLATORS: Record<CpuState, (t: number) => string> = {
  spin: interpolateReds,
  sleep: interpolatePurples,
  run: interpolateGreens,
  io: interpolateBlues,
  idle: interpolateGreys,
};

/** The colour scale of one state over [0, 1]. */
export function colorScale(state: CpuState) {
  return scaleSequential(INTERPOLATORS[state]).domain([0, 1]);
}

/** An idle cell in the dominant map: pale, whatever its share, so that it never reads as hot. */
export const IDLE_FILL = '#eceef3';

/**
 * The colour of a cell in the dominant map: its state's hue, darker for a
 * larger share (a dominant share is at least 1/5, so the scale starts light,
 * and stops short of the darkest shades so that the hues stay apart).
 */
export function dominantColor(state: CpuState, share: number): string {
  if (state === 'idle') return IDLE_FILL;
  return INTERPOLATORS[state](0.2 + 0.6 * Math.min(1, Math.max(0, share)));
}

export interface HeatLayout {
  cellW: number;
  cellH: number;
  plotW: number;
  plotH: number;
}

/** Cell size for a plot area of the given width; rows never exceed maxCellH nor go below minCellH. */
export function heatLayout(
  cpus: number,
  buckets: number,
  plotW: number,
  maxPlotH: number,
  minCellH = 2,
  maxCellH = 22,
): HeatLayout {
  const cellW = plotW / Math.max(1, buckets);
  const cellH = Math.max(minCellH, Math.min(maxCellH, maxPlotH / Math.max(1, cpus)));
  return { cellW, cellH, plotW, plotH: cellH * cpus };
}

/** The cell under a point of the plot area, or null outside it. */
export function cellAt(
  x: number,
  y: number,
  layout: HeatLayout,
  cpus: number,
  buckets: number,
): { cpu: number; bucket: number } | null {
  if (x < 0 || y < 0 || x >= layout.plotW || y >= layout.plotH) return null;
  const bucket = Math.min(buckets - 1, Math.floor(x / layout.cellW));
  const cpu = Math.min(cpus - 1, Math.floor(y / layout.cellH));
  return { cpu, bucket };
}

/** A lab's own heatmap as the C model writes it (lab_heat_json_open): rows[row][time bucket]. */
export interface LabHeatBins {
  nr_rows: number;
  nr_time: number;
  rows: readonly (readonly number[])[];
}

export interface LabHeatCells {
  /** row-major, cells[row * nr_time + t] in [0, 1]: the cell over the busiest cell */
  cells: Float64Array;
  /** the busiest cell's value */
  max: number;
  /** all cells summed */
  total: number;
}

/** Each cell of a lab's heatmap over the busiest one; all zeros for an empty map. */
export function labHeatCells(h: LabHeatBins): LabHeatCells {
  const cells = new Float64Array(h.nr_rows * h.nr_time);
  let max = 0;
  let total = 0;
  for (let r = 0; r < h.nr_rows; r++)
    for (let t = 0; t < h.nr_time; t++) {
      const v = h.rows[r]?.[t] ?? 0;
      total += v;
      if (v > max) max = v;
    }
  if (max > 0)
    for (let r = 0; r < h.nr_rows; r++)
      for (let t = 0; t < h.nr_time; t++) cells[r * h.nr_time + t] = (h.rows[r]?.[t] ?? 0) / max;
  return { cells, max, total };
}

/**
 * The end of a time axis shared by maps of several runs: the longest run's
 * end (virtual ns); null when no map has a length.
 */
export function sharedAxisNs(ends: readonly number[]): number | null {
  const ok = ends.filter((e) => Number.isFinite(e) && e > 0);
  return ok.length ? Math.max(...ok) : null;
}

export interface TimeAxisFit {
  /** the axis's end, virtual ns: the shared one, or the run's own end */
  axisNs: number;
  /** the width the run's cells take, from x = 0 */
  dataW: number;
  /** where the run ended, when it ended before the axis does; null otherwise */
  endX: number | null;
}

/**
 * A run `endNs` long on a time axis `axisNs` long drawn `plotW` wide: its
 * cells take the same share of the width as of the time, and a run shorter
 * than the axis ends early. Without a shared axis (or one shorter than the
 * run) the run fills the width.
 */
export function fitTimeAxis(endNs: number, axisNs: number | null, plotW: number): TimeAxisFit {
  const axis = axisNs !== null && axisNs > endNs ? axisNs : endNs;
  if (!(axis > 0)) return { axisNs: axis, dataW: plotW, endX: null };
  const dataW = (Math.max(0, endNs) / axis) * plotW;
  return { axisNs: axis, dataW, endX: axis > endNs ? dataW : null };
}

/** The x of a virtual time on an axis `axisNs` long drawn `plotW` wide; null outside the run (0..endNs). */
export function timeX(ns: number | null | undefined, endNs: number, axisNs: number, plotW: number): number | null {
  if (ns == null || ns < 0 || ns > endNs) return null;
  return axisNs > 0 ? (ns / axisNs) * plotW : plotW / 2;
}
