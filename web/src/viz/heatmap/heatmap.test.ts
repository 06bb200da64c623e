import { describe, expect, it } from 'vitest';
import type { Heatmap } from '../../core/types';
import {
  bucketRange,
  busiestStretch,
  cellAt,
  cellBreakdown,
  colorScale,
  compareShares,
  computeCells,
  describeShares,
  describeWaits,
  dominantColor,
  dominantStates,
  heatLayout,
  hotStretch,
  IDLE_FILL,
  indexRanges,
  rankStates,
  renderMode,
  stateShares,
  summarizeWaits,
  AXIS_CHAR_W,
  rowLabelMargin,
  swatchRows,
  wrapWords,
} from './heatmap';
import { moveCursor } from './MatrixHeatmap';
import { CPU_STATES } from '../../core/types';

// 2 cpus x 3 buckets x 5 states (idle, run, spin, sleep, io)
const hm: Heatmap = {
  cpus: 2,
  buckets: 3,
  bucket_ns: 1000,
  states: ['idle', 'run', 'spin', 'sleep', 'io'],
  data: [
    // cpu 0
    1, 0, 0, 0, 0,
    0, 0.5, 0.25, 0.25, 0,
    0, 0, 0.7, 0.4, 0, // over-full: clamps to 1
    // cpu 1
    0, 1, 0, 0, 0,
    0.1, 0.2, 0.3, 0.1, 0.3,
    0, 0, 0, 0, 1,
  ],
};

describe('computeCells', () => {
  it('picks a single state, never adding spin to sleep', () => {
    expect(Array.from(computeCells(hm, 'io'))).toEqual([0, 0, 0, 0, 0.3, 1]);
    expect(Array.from(computeCells(hm, 'run'))).toEqual([0, 0.5, 0, 1, 0.2, 0]);
    expect(Array.from(computeCells(hm, 'spin'))).toEqual([0, 0.25, 0.7, 0, 0.3, 0]);
    expect(Array.from(computeCells(hm, 'sleep'))).toEqual([0, 0.25, 0.4, 0, 0.1, 0]);
  });
  it("gives each cell its dominant state's share, and that state", () => {
    expect(Array.from(computeCells(hm, 'dominant'))).toEqual([1, 0.5, 0.7, 1, 0.3, 1]);
    expect(Array.from(dominantStates(hm)).map((i) => CPU_STATES[i])).toEqual(['idle', 'run', 'spin', 'run', 'spin', 'io']);
  });
  it('follows the state order the heatmap declares', () => {
    const reordered: Heatmap = { ...hm, cpus: 1, buckets: 1, states: ['sleep', 'idle', 'spin', 'run', 'io'], data: [0.6, 0, 0.4, 0, 0] };
    expect(Array.from(computeCells(reordered, 'sleep'))).toEqual([0.6]);
    expect(Array.from(dominantStates(reordered)).map((i) => CPU_STATES[i])).toEqual(['sleep']);
  });
});

describe('where the time went', () => {
  it("is each state's sum over the cells, over all the time the cells cover", () => {
    const shares = stateShares(hm);
    /* sums: idle 1.1, run 1.7, spin 1.25, sleep 0.75, io 1.3; 6.1 in all (one cell is over-full) */
    expect(shares.idle).toBeCloseTo(1.1 / 6.1);
    expect(shares.spin).toBeCloseTo(1.25 / 6.1);
    expect(shares.sleep).toBeCloseTo(0.75 / 6.1);
    expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(rankStates(shares).map((r) => r.state)).toEqual(['run', 'io', 'spin', 'idle', 'sleep']);
  });
  it('counts a bucket past the end of the run only for the time it covers', () => {
    const partial: Heatmap = { ...hm, cpus: 1, buckets: 2, data: [0, 0, 0, 1, 0, 0, 0, 0.5, 0, 0] };
    expect(stateShares(partial).sleep).toBeCloseTo(2 / 3);
    expect(stateShares(partial).spin).toBeCloseTo(1 / 3);
  });
  it('names the dominant state, then every share, from the numbers', () => {
    const shares = { idle: 0, run: 0.2, spin: 0.03, sleep: 0.61, io: 0.16 };
    expect(describeShares(shares)).toBe('mostly asleep: 61% of their time asleep, 20% running, 16% waiting for I/O, 3.0% spinning on a lock, 0% idle');
    expect(describeShares({ idle: 0, run: 0, spin: 0, sleep: 0, io: 0 })).toBe('never busy in this map');
  });
  it('puts before beside after for the states that matter in either', () => {
    const before = { idle: 0, run: 0.02, spin: 0.011, sleep: 0.97, io: 0.001 };
    const after = { idle: 0, run: 0.03, spin: 0.43, sleep: 0.54, io: 0 };
    expect(compareShares(before, after).map((c) => c.text)).toEqual([
      'asleep: 97% before, 54% after',
      'spinning on a lock: 1.1% before, 43% after',
      'running: 2.0% before, 3.0% after',
    ]);
  });
});

describe('cellBreakdown', () => {
  it('lists every state of one cell', () => {
    expect(cellBreakdown(hm, 1, 1)).toEqual([
      { state: 'idle', frac: 0.1 },
      { state: 'run', frac: 0.2 },
      { state: 'spin', frac: 0.3 },
      { state: 'sleep', frac: 0.1 },
      { state: 'io', frac: 0.3 },
    ]);
  });
});

describe('bucketRange', () => {
  it('gives a bucket its time span', () => {
    expect(bucketRange(2, 1000)).toEqual([2000, 3000]);
  });
});

describe('layout', () => {
  it('switches to canvas above 4096 cells', () => {
    expect(renderMode(4, 1024)).toBe('svg');
    expect(renderMode(64, 65)).toBe('canvas');
  });
  it('finds the cell under a point', () => {
    const l = heatLayout(2, 3, 300, 100);
    expect(l.cellW).toBe(100);
    expect(l.cellH).toBe(22);
    expect(cellAt(150, 30, l, 2, 3)).toEqual({ cpu: 1, bucket: 1 });
    expect(cellAt(-1, 0, l, 2, 3)).toBeNull();
    expect(cellAt(0, 44, l, 2, 3)).toBeNull();
  });
  it('keeps rows readable for many cpus', () => {
    expect(heatLayout(256, 10, 100, 300).cellH).toBe(2);
  });
  it('colours from light to dark', () => {
    const s = colorScale('spin');
    expect(s(0)).not.toBe(s(1));
  });
  it('gives each dominant state its own hue, and idle a pale one whatever its share', () => {
    const full = (['spin', 'sleep', 'run', 'io'] as const).map((st) => dominantColor(st, 1));
    expect(new Set(full).size).toBe(4);
    expect(dominantColor('spin', 0.3)).not.toBe(dominantColor('spin', 1));
    expect(dominantColor('idle', 1)).toBe(IDLE_FILL);
  });
});

/** cpus x buckets, states [idle, run, spin, sleep, io]; f(cpu, bucket) gives [spin, sleep], run takes the rest */
function waitMap(cpus: number, buckets: number, bucketNs: number, f: (c: number, b: number) => [number, number]): Heatmap {
  const data: number[] = [];
  for (let c = 0; c < cpus; c++)
    for (let b = 0; b < buckets; b++) {
      const [spin, sleep] = f(c, b);
      data.push(0, 1 - spin - sleep, spin, sleep, 0);
    }
  return { cpus, buckets, bucket_ns: bucketNs, states: ['idle', 'run', 'spin', 'sleep', 'io'], data };
}

describe('where and when the CPUs waited most', () => {
  it('finds the stretch that stands highest above the mean, or none in a flat series', () => {
    expect(hotStretch([0.1, 0.1, 0.8, 0.8, 0.1, 0.1])).toEqual({ from: 2, to: 3 });
    expect(hotStretch([0.9, 0, 0, 0, 0, 0.2])).toEqual({ from: 0, to: 0 });
    expect(hotStretch([0.3, 0.3, 0.3])).toBeNull();
    expect(hotStretch([])).toBeNull();
  });
  it('writes CPU numbers as ranges', () => {
    expect(indexRanges([5, 3, 4, 8, 10, 11])).toBe('3-5, 8, 10-11');
    expect(indexRanges([2])).toBe('2');
  });
  it('names the CPUs that spun most and when, from the cells', () => {
    /* CPUs 3-5 spin 80% of buckets 4-6 (0.8-1.4 ms) and 10% elsewhere; the other CPUs never spin */
    const hm = waitMap(8, 10, 200_000, (c, b) => [c >= 3 && c <= 5 ? (b >= 4 && b <= 6 ? 0.8 : 0.1) : 0, 0]);
    const [spin] = summarizeWaits(hm);
    expect(spin?.cpus).toEqual([3, 4, 5]);
    expect(spin?.fromNs).toBe(800_000);
    expect(spin?.toNs).toBe(1_400_000);
    /* (3 x 0.8 + 7 x 0.1) / 10 = 31% over the run */
    expect(spin?.share).toBeCloseTo(0.8);
    expect(spin?.overall).toBeCloseTo(0.31);
    expect(describeWaits(hm)).toBe('CPUs 3-5 spun most: 80% of their time between 800 µs and 1.4 ms, 31% over the whole run');
  });
  it('puts the larger waiting state first and leaves out one below 1% of the time', () => {
    /* every CPU sleeps 50% evenly; CPU 1 spins 20% in the last bucket only; io never */
    const hm = waitMap(4, 5, 1_000_000, (c, b) => [c === 1 && b === 4 ? 0.2 : 0, 0.5]);
    const waits = summarizeWaits(hm);
    expect(waits.map((w) => w.state)).toEqual(['sleep', 'spin']);
    expect(waits[0]?.text).toBe('all 4 CPUs slept alike: 50% of their time, evenly over the run');
    expect(waits[1]?.text).toBe('CPU 1 spun most: 20% of its time between 4 ms and 5 ms, 4.0% over the whole run');
    const tiny = waitMap(4, 5, 1_000_000, (c, b) => [c === 0 && b === 0 ? 0.1 : 0, 0]);
    expect(describeWaits(tiny)).toBe('no CPU waited for a lock, a wake-up or I/O in this map');
  });
});

describe('the busiest stretch of a lab heatmap', () => {
  it('says when the map held the most, and what share of it', () => {
    const h = { nr_rows: 2, nr_time: 5, rows: [[0, 1, 6, 1, 0], [0, 0, 2, 0, 0]] };
    const s = busiestStretch(h, 1_000_000);
    expect(s?.fromNs).toBe(2_000_000);
    expect(s?.toNs).toBe(3_000_000);
    expect(s?.share).toBeCloseTo(0.8);
    expect(s?.text).toBe('the busiest stretch: 2 ms to 3 ms, 80% of it in 20% of the time');
    expect(busiestStretch({ nr_rows: 1, nr_time: 3, rows: [[0, 0, 0]] }, 1000)).toBeNull();
  });
});

describe('labels that fit their box', () => {
  it('widens the left margin to the longest row label', () => {
    expect(rowLabelMargin(['cpu 0', 'cpu 1'])).toBe(52);
    expect(rowLabelMargin(['small ino 122-143'])).toBe(Math.ceil(17 * AXIS_CHAR_W) + 10);
  });
  it('wraps words to a width, a word longer than it on a line of its own', () => {
    expect(wrapWords('the state each CPU spent most of each bucket in', 20 * AXIS_CHAR_W)).toEqual([
      'the state each CPU',
      'spent most of each',
      'bucket in',
    ]);
    expect(wrapWords('supercalifragilistic yes', 5 * AXIS_CHAR_W)).toEqual(['supercalifragilistic', 'yes']);
  });
  it('puts swatches on a new row when the next would pass the width', () => {
    const rows = swatchRows(['▶ running', '↻ spinning', '☾ asleep'], 180);
    expect(rows.map((r) => r.row)).toEqual([0, 0, 1]);
    expect(rows[2]?.x).toBe(0);
  });
});

describe('the cell cursor', () => {
  it('moves by arrow, page and Home/End, and stays inside the map', () => {
    expect(moveCursor({ row: 0, col: 0 }, 'ArrowRight', 4, 30)).toEqual({ row: 0, col: 1 });
    expect(moveCursor({ row: 0, col: 0 }, 'ArrowLeft', 4, 30)).toEqual({ row: 0, col: 0 });
    expect(moveCursor({ row: 3, col: 5 }, 'ArrowDown', 4, 30)).toEqual({ row: 3, col: 5 });
    expect(moveCursor({ row: 3, col: 5 }, 'ArrowUp', 4, 30)).toEqual({ row: 2, col: 5 });
    expect(moveCursor({ row: 1, col: 5 }, 'PageDown', 4, 30)).toEqual({ row: 1, col: 8 });
    expect(moveCursor({ row: 1, col: 5 }, 'End', 4, 30)).toEqual({ row: 1, col: 29 });
    expect(moveCursor({ row: 1, col: 5 }, 'Home', 4, 30)).toEqual({ row: 1, col: 0 });
    expect(moveCursor({ row: 1, col: 5 }, 'x', 4, 30)).toBeNull();
  });
});
