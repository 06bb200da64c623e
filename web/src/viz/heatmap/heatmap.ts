/**
 * Contention heatmap: the pure half. Turns the simulator's Heatmap
 * ([cpu][bucket][state] fractions, flattened) into one value per cell for a
 * chosen state, or each cell's dominant state, and says from those same
 * numbers where the CPUs' time went (the caption's words). Drawing lives in
 * Heatmap.tsx.
 */
import { formatDuration, formatShare } from '../../../../lib/format';
import { CPU_STATES, type CpuState, type Heatmap } from '../../core/types';
import { STATE_FILL } from '../palette';
import { sequential, stateShade } from '../shades';
import { STATE_WORDS, type HeatSelection } from './selection';

export { isSelection, SELECTIONS, STATE_WORDS, type HeatSelection } from './selection';

/** Virtual nanoseconds of the simulation. */
export type Ns = number & { readonly __unit?: 'ns' };

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

/**
 * The colour scale of one state's share over [0, 1]: every state's map uses
 * the palette's one sequential scale (viridis), which keeps its order to
 * every reader; the legend and the caption say which state it measures.
 */
export function colorScale(_state: CpuState): (v: number) => string {
  return sequential;
}

/** An idle cell in the dominant map: pale, whatever its share, so that it never reads as hot. */
export const IDLE_FILL = STATE_FILL.idle;

/**
 * The colour of a cell in the dominant map: its state's hue (palette.ts),
 * fuller for a larger share.
 */
export function dominantColor(state: CpuState, share: number): string {
  return stateShade(state, share);
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

/**
 * The stretch of a series that stands highest above its own mean: the
 * contiguous run of indices with the largest sum of (value - mean), Kadane's
 * maximum subarray. Null when the series is flat or empty (no stretch stands
 * out), so that a summary says "evenly" rather than pick one at random.
 */
export function hotStretch(series: ArrayLike<number>): { from: number; to: number } | null {
  const n = series.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += series[i] ?? 0;
  const mean = sum / n;
  let best = 0;
  let bestFrom = -1;
  let bestTo = -1;
  let run = 0;
  let runFrom = 0;
  for (let i = 0; i < n; i++) {
    const d = (series[i] ?? 0) - mean;
    if (run <= 0) {
      run = d;
      runFrom = i;
    } else run += d;
    if (run > best + 1e-12) {
      best = run;
      bestFrom = runFrom;
      bestTo = i;
    }
  }
  return bestFrom < 0 ? null : { from: bestFrom, to: bestTo };
}

/** Indices as ranges, ascending: [3, 4, 5, 8] -> "3-5, 8". */
export function indexRanges(indices: readonly number[]): string {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The states in which a CPU waits, and how a summary says that it did. */
const WAIT_VERBS: readonly { state: CpuState; verb: string }[] = [
  { state: 'spin', verb: 'spun' },
  { state: 'sleep', verb: 'slept' },
  { state: 'io', verb: 'waited for I/O' },
];

/** CPUs within this share of the one that waited most in a state are named with it. */
const NEAR_TOP = 0.8;

export interface WaitSummary {
  state: CpuState;
  /** the CPUs that waited most in the state */
  cpus: number[];
  /** their busiest stretch, virtual ns */
  fromNs: number;
  toNs: number;
  /** the state's share of those CPUs' time in that stretch */
  share: number;
  /** and over the whole map */
  overall: number;
  text: string;
}

/**
 * Where and when the CPUs waited most, one entry per waiting state (spinning,
 * asleep, I/O) that takes at least `floor` of the map's time, largest first:
 * the CPUs whose share of the state is within 80% of the highest, and the
 * stretch of time in which those CPUs' share stood highest above its mean
 * ("CPUs 3-5 spun most: 41% of their time between 1.2 and 1.8 ms, 12% over
 * the whole run").
 */
export function summarizeWaits(hm: Heatmap, floor = 0.01): WaitSummary[] {
  const ns = hm.states.length;
  const at = (c: number, b: number, s: number) => hm.data[(c * hm.buckets + b) * ns + s] ?? 0;
  const covered = (c: number, b: number) => {
    let t = 0;
    for (let s = 0; s < ns; s++) t += at(c, b, s);
    return t;
  };
  const shares = stateShares(hm);
  const out: WaitSummary[] = [];
  for (const { state, verb } of WAIT_VERBS) {
    const si = hm.states.indexOf(state);
    if (si < 0 || shares[state] < floor) continue;
    const perCpu = Array.from({ length: hm.cpus }, (_, c) => {
      let w = 0;
      let t = 0;
      for (let b = 0; b < hm.buckets; b++) {
        w += at(c, b, si);
        t += covered(c, b);
      }
      return t > 0 ? w / t : 0;
    });
    const max = Math.max(...perCpu);
    if (!(max > 0)) continue;
    const cpus = perCpu.flatMap((v, c) => (v >= NEAR_TOP * max ? [c] : []));
    const waitIn = new Float64Array(hm.buckets);
    const timeIn = new Float64Array(hm.buckets);
    for (const c of cpus)
      for (let b = 0; b < hm.buckets; b++) {
        waitIn[b] += at(c, b, si);
        timeIn[b] += covered(c, b);
      }
    const series = Array.from(waitIn, (w, b) => (timeIn[b]! > 0 ? w / timeIn[b]! : 0));
    const stretch = hotStretch(series) ?? { from: 0, to: hm.buckets - 1 };
    let w = 0;
    let t = 0;
    let wAll = 0;
    let tAll = 0;
    for (let b = 0; b < hm.buckets; b++) {
      wAll += waitIn[b]!;
      tAll += timeIn[b]!;
      if (b >= stretch.from && b <= stretch.to) {
        w += waitIn[b]!;
        t += timeIn[b]!;
      }
    }
    const share = t > 0 ? w / t : 0;
    const overall = tAll > 0 ? wAll / tAll : 0;
    const fromNs = stretch.from * hm.bucket_ns;
    const toNs = Math.min((stretch.to + 1) * hm.bucket_ns, hm.buckets * hm.bucket_ns);
    const who =
      cpus.length === hm.cpus && hm.cpus > 1
        ? `all ${hm.cpus} CPUs ${verb} alike`
        : `${cpus.length === 1 ? 'CPU' : 'CPUs'} ${indexRanges(cpus)} ${verb} most`;
    const their = cpus.length === 1 ? 'its' : 'their';
    const when =
      stretch.from === 0 && stretch.to === hm.buckets - 1
        ? `${formatShare(share)} of ${their} time, evenly over the run`
        : `${formatShare(share)} of ${their} time between ${formatDuration(fromNs)} and ${formatDuration(toNs)}, ${formatShare(overall)} over the whole run`;
    out.push({ state, cpus, fromNs, toNs, share, overall, text: `${who}: ${when}` });
  }
  return out.sort((a, b) => shares[b.state] - shares[a.state]);
}

/** summarizeWaits() as one sentence's clauses, or what a map without waiting means. */
export function describeWaits(hm: Heatmap): string {
  const waits = summarizeWaits(hm);
  return waits.length ? waits.map((w) => w.text).join('; ') : 'no CPU waited for a lock, a wake-up or I/O in this map';
}

/**
 * When a lab heatmap held the most: the stretch of time buckets whose column
 * totals stand highest above their mean, and what share of the map it holds
 * ("between 1.2 and 1.8 ms: 41% of it in 20% of the time"); null for an
 * empty or flat map.
 */
export function busiestStretch(h: LabHeatBins, bucketNs: number): { fromNs: number; toNs: number; share: number; timeShare: number; text: string } | null {
  const cols = Array.from({ length: h.nr_time }, (_, t) => {
    let v = 0;
    for (let r = 0; r < h.nr_rows; r++) v += h.rows[r]?.[t] ?? 0;
    return v;
  });
  const total = cols.reduce((a, b) => a + b, 0);
  const stretch = total > 0 ? hotStretch(cols) : null;
  if (!stretch) return null;
  let inside = 0;
  for (let t = stretch.from; t <= stretch.to; t++) inside += cols[t]!;
  const share = inside / total;
  const timeShare = (stretch.to - stretch.from + 1) / h.nr_time;
  const fromNs = stretch.from * bucketNs;
  const toNs = (stretch.to + 1) * bucketNs;
  return {
    fromNs,
    toNs,
    share,
    timeShare,
    text: `the busiest stretch: ${formatDuration(fromNs)} to ${formatDuration(toNs)}, ${formatShare(share)} of it in ${formatShare(timeShare)} of the time`,
  };
}

/** About how wide a character of an 11px axis label is, px (DejaVu Sans and system-ui digits measure 5.8-6.2). */
export const AXIS_CHAR_W = 6.2;

/** The left margin that holds the widest row label and its gap to the cells, at least `min`. */
export function rowLabelMargin(labels: readonly string[], min = 52): number {
  const longest = labels.reduce((n, l) => Math.max(n, l.length), 0);
  return Math.max(min, Math.ceil(longest * AXIS_CHAR_W) + 10);
}

/** Words wrapped into lines of at most `width` px of axis labels (a single longer word keeps its own line). */
export function wrapWords(text: string, width: number): string[] {
  const max = Math.max(4, Math.floor(width / AXIS_CHAR_W));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Where a legend's swatches go: left to right, onto a new row when the next would pass `width`. */
export function swatchRows(labels: readonly string[], width: number): { x: number; row: number }[] {
  let x = 0;
  let row = 0;
  return labels.map((label) => {
    const w = 16 + label.length * AXIS_CHAR_W + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const at = { x, row };
    x += w;
    return at;
  });
}
