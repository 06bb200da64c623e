/**
 * Contention heatmap: the pure half. Turns the simulator's Heatmap
 * ([cpu][bucket][state] fractions, flattened) into one value per cell for a
 * chosen state or state group, and formats what the tooltip says. Drawing
 * lives in Heatmap.tsx.
 */
import { scaleSequential } from 'd3-scale';
import {
  interpolateBlues,
  interpolateGreens,
  interpolateGreys,
  interpolatePurples,
  interpolateReds,
  interpolateYlOrRd,
} from 'd3-scale-chromatic';
import { CPU_STATES, type CpuState, type Heatmap } from '../../core/types';

/** Virtual nanoseconds of the simulation. */
export type Ns = number & { readonly __unit?: 'ns' };

/** What a cell's colour measures: one CPU state, or spin+sleep together. */
export type HeatSelection = 'contention' | CpuState;

export const SELECTIONS: readonly { value: HeatSelection; label: string }[] = [
  { value: 'contention', label: 'spin + sleep (contention)' },
  { value: 'spin', label: 'spin' },
  { value: 'sleep', label: 'sleep' },
  { value: 'run', label: 'run' },
  { value: 'io', label: 'io' },
  { value: 'idle', label: 'idle' },
];

export function isSelection(v: string): v is HeatSelection {
  return v === 'contention' || (CPU_STATES as readonly string[]).includes(v);
}

/** Above this many cells the heatmap draws on a canvas instead of SVG rects. */
export const SVG_CELL_LIMIT = 4096;

export function renderMode(cpus: number, buckets: number): 'svg' | 'canvas' {
  return cpus * buckets <= SVG_CELL_LIMIT ? 'svg' : 'canvas';
}

/** Weight of each of hm.states in the selection (1 or 0). */
export function stateWeights(states: readonly string[], sel: HeatSelection): number[] {
  const pick = sel === 'contention' ? ['spin', 'sleep'] : [sel];
  return states.map((s) => (pick.includes(s) ? 1 : 0));
}

/** One value per cell, cpu-major: values[cpu * buckets + bucket], clamped to [0, 1]. */
export function computeCells(hm: Heatmap, sel: HeatSelection): Float64Array {
  const ns = hm.states.length;
  const w = stateWeights(hm.states, sel);
  const out = new Float64Array(hm.cpus * hm.buckets);
  for (let c = 0; c < out.length; c++) {
    let v = 0;
    const base = c * ns;
    for (let s = 0; s < ns; s++) if (w[s]) v += hm.data[base + s] ?? 0;
    out[c] = Math.min(1, Math.max(0, v));
  }
  return out;
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

const UNITS: readonly [number, string][] = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
  [1, 'ns'],
];

function unitFor(ns: number): [number, string] {
  const a = Math.abs(ns);
  for (const u of UNITS) if (a >= u[0]) return u;
  return UNITS[UNITS.length - 1];
}

function trim(x: number): string {
  const digits = Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2;
  return x.toFixed(digits).replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');
}

/** A duration in the largest unit that keeps it >= 1: "850 ns", "12.3 µs", "4.56 ms". */
export function formatNs(ns: Ns): string {
  if (ns === 0) return '0 ns';
  const [div, unit] = unitFor(ns);
  return `${trim(ns / div)} ${unit}`;
}

/** A time range in one unit, chosen by its end: "1.2–2.4 ms". */
export function formatTimeRange(start: Ns, end: Ns): string {
  const [div, unit] = unitFor(Math.max(Math.abs(start), Math.abs(end)));
  return `${trim(start / div)}–${trim(end / div)} ${unit}`;
}

export function formatPct(frac: number): string {
  const p = frac * 100;
  if (p === 0) return '0%';
  if (p < 0.1) return '<0.1%';
  return `${p >= 10 ? p.toFixed(0) : p.toFixed(1)}%`;
}

const INTERPOLATORS: Record<HeatSelection, (t: number) => string> = {
  contention: interpolateYlOrRd,
  spin: interpolateReds,
  sleep: interpolatePurples,
  run: interpolateGreens,
  io: interpolateBlues,
  idle: interpolateGreys,
};

/** The colour scale of a selection over [0, 1]. */
export function colorScale(sel: HeatSelection) {
  return scaleSequential(INTERPOLATORS[sel]).domain([0, 1]);
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

/** The mean of the selection over the whole map (for the caption). */
export function meanValue(cells: Float64Array): number {
  if (cells.length === 0) return 0;
  let s = 0;
  for (const v of cells) s += v;
  return s / cells.length;
}
