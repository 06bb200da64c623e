import { describe, expect, it } from 'vitest';
import { medians, metricSpreads } from '../../core/stats';
import type { PaperRows } from '../../core/types';
import { formatChange, formatNumber, formatRange } from '../../../../lib/format';
import { verdictReason } from '../../../../lib/verdict';
import { barGroups, buildPaperTable, PAPER_FIGURE, paperEnds, seriesLabel, valueDomain } from './paper';
import { LAB_IDS } from '../../labs/registry.gen';

const [LAB] = LAB_IDS;

const rows: PaperRows = {
  lab: LAB,
  metric: 'creates_per_s',
  unit: 'K creates/s',
  scale: 1000,
  citation: { author: 'A', list: 'l', date: 'd', subject: 's', url: 'u', commit: 'c' },
  rows: [
    { row: 1, label: '1', params: { ways: 2 }, paper: { before: 16.9, after: 17.51 }, note: 'n1' },
    { row: 7, label: '6,10', params: { ways: 64 }, paper: { before: 0.73, after: 126.13 }, note: 'n7' },
  ],
  sweep: null,
};

/** One variant of a sweep row over as many seeds as values. */
function runs(...values: number[]) {
  const each = values.map((v) => ({ metrics: { creates_per_s: v } }));
  const ranges = metricSpreads(each);
  return { metrics: medians(ranges), ranges, runs: each };
}

/** A sweep of one row, `seeds` seeds. */
function sweepOf(row: number, before: ReturnType<typeof runs>, after: ReturnType<typeof runs>, seeds: number) {
  return { variants: ['before', 'after'], rows: [{ row, seeds: Array.from({ length: seeds }, (_, i) => i + 1), runs: { before, after } }] };
}

describe('diffs', () => {
  it("computes the mail's diff column", () => {
    const t = buildPaperTable({
      ...rows,
      rows: [
        ...rows.rows,
        { row: 2, label: '2,2', params: { ways: 4 }, paper: { before: 32.08, after: 31.8 }, note: '' },
        { row: 9, label: 'none', params: { ways: 8 }, paper: { before: 0, after: 1 }, note: '' },
      ],
    });
    expect(t.map((r) => formatChange(r.paper.diffPct))).toEqual(['+3.6%', '+17,178.1%', '−0.9%', '—']);
  });
  it("prints figures in the paper's unit with two decimals, ranges as one value when both ends print alike", () => {
    expect(formatNumber(0.7312, PAPER_FIGURE)).toBe('0.73');
    expect(formatNumber(NaN, PAPER_FIGURE)).toBe('—');
    expect(formatRange({ min: 0.7312, max: 0.75 }, PAPER_FIGURE)).toBe('0.73–0.75');
    expect(formatRange({ min: 2.291, max: 2.294 }, PAPER_FIGURE)).toBe('2.29');
  });
});

describe('buildPaperTable', () => {
  it('has no simulator column before a sweep', () => {
    const t = buildPaperTable(rows);
    expect(t.map((r) => r.sim)).toEqual([null, null]);
    expect(t[1].paper.diffPct).toBeCloseTo(17178.08, 1);
  });
  it('scales the simulator metric into the paper unit: medians, ranges and their change', () => {
    const t = buildPaperTable(rows, sweepOf(7, runs(800, 700, 900), runs(120_000, 121_000, 119_000), 3));
    expect(t[0].sim).toBeNull();
    expect(t[1].sim).toMatchObject({ before: 0.8, after: 120, diffPct: 14900, seeds: 3 });
    expect(t[1].sim?.range).toEqual({ before: { min: 0.7, median: 0.8, max: 0.9 }, after: { min: 119, median: 120, max: 121 } });
  });
  it("gives each row the verdict on its change seed by seed against the mail's row", () => {
    /* row 7's mail: x173; the simulator's x150 seed by seed */
    const seven = buildPaperTable(rows, sweepOf(7, runs(800, 700, 900), runs(120_000, 105_000, 135_000), 3))[1]!.sim!.verdict;
    expect(seven).toMatchObject({ kind: 'as the mail', n: 3 });
    expect(seven.ratio).toBeCloseTo(150, 6);
    expect(seven.mail?.ratio).toBeCloseTo(126.13 / 0.73, 6);
    /* x10 against x173: weaker */
    expect(buildPaperTable(rows, sweepOf(7, runs(800, 700, 900), runs(8000, 7000, 9000), 3))[1]!.sim!.verdict.kind).toBe('weaker than the mail');
    expect(buildPaperTable(rows, sweepOf(7, runs(1000), runs(2000), 1))[1]!.sim!.verdict.kind).toBe('too few runs');
  });
  it('pairs the seeds: a change every seed shows is clear though the ranges overlap', () => {
    /* each seed's after is 3% above its before; the seeds spread far more than that */
    const t = buildPaperTable(rows, sweepOf(7, runs(1000, 1200, 1400), runs(1030, 1236, 1442), 3));
    expect(t[1]!.sim!.range.before.max).toBeGreaterThan(t[1]!.sim!.range.after.min);
    expect(t[1]!.sim!.verdict.kind).toBe('weaker than the mail');
    expect(t[1]!.sim!.verdict.low).toBeGreaterThan(1);
  });
  it('gives no verdict, saying why, where a seed has no value a ratio takes', () => {
    const t = buildPaperTable(rows, sweepOf(7, runs(800, 0, 900), runs(1, 2, 3), 3));
    expect(t[1]!.sim!.verdict).toMatchObject({ kind: 'no verdict', refused: expect.stringMatching(/pair 2's before value is 0/) });
  });
});

describe('bars', () => {
  it('groups four series per row and picks domains', () => {
    const g = barGroups(buildPaperTable(rows), ['before', 'after']);
    expect(g[1].bars.map((b) => b.series)).toEqual(['paper-first', 'sim-before', 'paper-last', 'sim-after']);
    expect(g[1].bars.map((b) => b.value)).toEqual([0.73, null, 126.13, null]);
    expect(g[1].verdict).toBeNull();
    expect(valueDomain(g, true)).toEqual([0.1, 1000]);
    const [lo, hi] = valueDomain(g, false);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(126.13 * 1.08);
  });
});

describe('bars with ranges', () => {
  it("carries the simulator's range and verdict, and the domain reaches the ranges' ends", () => {
    const g = barGroups(buildPaperTable(rows, sweepOf(7, runs(800, 700, 900), runs(120_000, 110_000, 200_000), 3)), ['before', 'after']);
    expect(g[1].bars.map((b) => b.range)).toEqual([null, { min: 0.7, median: 0.8, max: 0.9 }, null, { min: 110, median: 120, max: 200 }]);
    expect(g[1].verdict?.kind).toBe('as the mail');
    expect(valueDomain(g, false)[1]).toBeCloseTo(200 * 1.08);
  });
});

describe('a lab of more than two variants', () => {
  const variants = ['baseline', 'es-cache', 'es-gc', 'upstream'];
  const sweep = {
    variants,
    rows: [
      {
        row: 7,
        seeds: [1, 2, 3],
        runs: {
          baseline: runs(800, 700, 900),
          'es-cache': runs(5000, 5100, 4900),
          'es-gc': runs(60_000, 61_000, 59_000),
          upstream: runs(120_000, 110_000, 200_000),
        },
      },
    ],
  };
  it('shows every variant, and compares the first with the last as the mail does', () => {
    const t = buildPaperTable(rows, sweep);
    expect(t[1].sim?.variants.map((f) => [f.variant, f.median])).toEqual([
      ['baseline', 0.8],
      ['es-cache', 5],
      ['es-gc', 60],
      ['upstream', 120],
    ]);
    expect(t[1].sim).toMatchObject({ before: 0.8, after: 120, diffPct: 14900, verdict: { kind: 'as the mail', n: 3 } });
    expect(verdictReason(t[1].sim!.verdict)).toMatch(/^×\d+ \(95%: ×\d+ to ×\d+\): within a factor of two of the mail's ×173$/);
  });
  it("draws a bar per variant, the mail's two figures beside the first and the last", () => {
    const g = barGroups(buildPaperTable(rows, sweep), variants);
    expect(g[1].bars.map((b) => [b.series, b.value])).toEqual([
      ['paper-first', 0.73],
      ['sim-baseline', 0.8],
      ['sim-es-cache', 5],
      ['sim-es-gc', 60],
      ['paper-last', 126.13],
      ['sim-upstream', 120],
    ]);
    expect(barGroups(buildPaperTable(rows), variants)[1].bars.map((b) => b.value)).toEqual([0.73, null, null, null, 126.13, null]);
  });
});

describe('a lab whose rows name the variants the mail stands for', () => {
  const variants = ['before', 'after', '6.12'];
  const named: PaperRows = {
    ...rows,
    rows: rows.rows.map((r) => ({ ...r, paper: { ...r.paper, before_variant: 'before', after_variant: 'after' } })),
  };
  const sweep = {
    variants,
    rows: [{ row: 1, seeds: [1, 2], runs: { before: runs(1000, 1100), after: runs(2000, 2100), '6.12': runs(4000, 4100) } }],
  };
  it('compares the named variants, not the last', () => {
    expect(paperEnds(named, variants)).toEqual({ before: 'before', after: 'after' });
    expect(buildPaperTable(named, sweep)[0].sim).toMatchObject({ before: 1.05, after: 2.05, verdict: { n: 2 } });
    expect(buildPaperTable(named, sweep)[0].sim!.verdict.ratio).toBeCloseTo(Math.sqrt((2000 / 1000) * (2100 / 1100)), 10);
  });
  it("puts the mail's figures before the variants they stand for, and names them so", () => {
    const ends = paperEnds(named, variants);
    const g = barGroups(buildPaperTable(named, sweep), variants, ends);
    expect(g[0].bars.map((b) => b.series)).toEqual(['paper-first', 'sim-before', 'paper-last', 'sim-after', 'sim-6.12']);
    expect(seriesLabel('paper-last', ends)).toBe('paper, after');
  });
  it('falls back to the first and the last where the rows disagree or name no variant of the lab', () => {
    const mixed = { ...named, rows: [named.rows[0]!, { ...named.rows[1]!, paper: { ...named.rows[1]!.paper, after_variant: '6.12' } }] };
    expect(paperEnds(mixed, variants)).toEqual({ before: 'before', after: '6.12' });
    expect(paperEnds(named, ['before', 'upstream'])).toEqual({ before: 'before', after: 'upstream' });
    expect(paperEnds(rows, variants)).toEqual({ before: 'before', after: '6.12' });
  });
});
